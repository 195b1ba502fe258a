/**
 * How fast the admin screens open: first-contentful-paint, the time the screen's own content is on
 * the page, and the bytes the page loads, for the Surveys list, the survey builder and a survey's
 * results, in Debian's Chromium (playwright-core), median of N warm loads each.
 *
 *   node bench/admin-first-content.mjs --url http://127.0.0.1:8888 [--user admin] [--password password]
 *        [--runs 5] [--survey 1] [--json]
 *
 * (`bash bench/admin.sh` makes a throw-away seeded site and runs this against it.)
 *
 * What is measured, per screen:
 * - fcp: the 'first-contentful-paint' entry (PerformanceObserver 'paint'), ms from navigation start;
 * - content: when the screen's own content (SCREENS[].ready) is first in the DOM (a MutationObserver
 *   started before any script of the page), ms from navigation start;
 * - gzip: the page's weight, as the issue counts it: the sum over the document and every resource
 *   it loaded (scripts, styles, fonts, images, REST answers; Resource Timing) of the body gzipped
 *   (zlib level 6, what a server's gzip usually applies). `php -S` does not compress, so the size
 *   on the wire here is not what a production server sends; the gzip figure is;
 * - transferred: the bytes that really crossed the wire on that warm load (transferSize), i.e. what
 *   the browser cache did not serve;
 * - requests: resources the page loaded.
 *
 * "Warm": one browser context, logged in once; each screen is loaded once unmeasured (the cache
 * fills, PHP's opcache warms), then --runs times in a new tab, each after the previous one closed.
 */
/* eslint-disable no-console -- a command-line tool: it prints its figures. */
/* global MutationObserver -- observe() runs in the page. */
// playwright-core's chromium, through @playwright/test (the project's dependency that ships it).
import { chromium } from '@playwright/test';
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

const args = Object.fromEntries(
	process.argv.slice( 2 ).reduce( ( pairs, arg, i, all ) => {
		if ( arg.startsWith( '--' ) ) {
			const next = all[ i + 1 ];
			pairs.push( [
				arg.slice( 2 ),
				next === undefined || next.startsWith( '--' ) ? true : next,
			] );
		}
		return pairs;
	}, [] )
);

const base = String(
	args.url || process.env.UF_BENCH_URL || 'http://127.0.0.1:8888'
).replace( /\/$/, '' );
const runs = Math.max( 1, Number( args.runs || 5 ) );
const survey = Number( args.survey || 1 );
const admin = `${ base }/wp-admin/admin.php`;

/** The screens: where they are, and what on them says "the screen is there". */
const SCREENS = [
	{
		name: 'Surveys list',
		url: `${ admin }?page=userfeedback_surveys`,
		ready: '.userfeedback-surveys table tbody tr',
	},
	{
		name: 'Builder (edit survey)',
		url: `${ admin }?page=userfeedback_surveys#/edit/${ survey }/questions`,
		ready: '.userfeedback-builder__body .userfeedback-question, .userfeedback-builder__body [class*="question"]',
	},
	{
		name: 'Survey results',
		url: `${ admin }?page=userfeedback_results#/survey/${ survey }`,
		ready: '.userfeedback-results__survey .components-card, .userfeedback-results__survey [class*="card"]',
	},
];

function chromiumPath() {
	if ( process.env.UF_CHROMIUM ) {
		return process.env.UF_CHROMIUM;
	}
	try {
		return execSync( 'command -v chromium', { encoding: 'utf8' } ).trim();
	} catch {
		return '/usr/bin/chromium';
	}
}

/**
 * Recorded in every page before its own scripts run: the paint entries and the first time the
 * screen's ready selector matches.
 *
 * @param {string} selector What says the screen is there.
 */
function observe( selector ) {
	const seen = { fcp: null, content: null };
	window.__ufBench = seen;
	new PerformanceObserver( ( list ) => {
		for ( const entry of list.getEntries() ) {
			if ( entry.name === 'first-contentful-paint' ) {
				seen.fcp = entry.startTime;
			}
		}
	} ).observe( { type: 'paint', buffered: true } );
	const check = () => {
		if ( seen.content === null && document.querySelector( selector ) ) {
			seen.content = performance.now();
			mutations.disconnect();
		}
	};
	const mutations = new MutationObserver( check );
	mutations.observe( document, { childList: true, subtree: true } );
}

const gzipCache = new Map();

/**
 * @param {import('playwright-core').APIRequestContext} request The context's request client (cookies).
 * @param {string}                                      url     A resource the page loaded.
 */
async function gzipSize( request, url ) {
	if ( ! gzipCache.has( url ) ) {
		let size = 0;
		try {
			const answer = await request.get( url, {
				failOnStatusCode: false,
			} );
			size = gzipSync( await answer.body() ).length;
		} catch {
			// Core's one-off compression test answers with a broken body on purpose.
		}
		gzipCache.set( url, size );
	}
	return gzipCache.get( url );
}

async function loadOnce( context, screen ) {
	const page = await context.newPage();
	const errors = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	await page.addInitScript( observe, screen.ready );
	await page.goto( screen.url, { waitUntil: 'load' } );
	await page
		.waitForFunction(
			() =>
				window.__ufBench?.content !== null &&
				window.__ufBench?.fcp !== null,
			undefined,
			{ timeout: 30_000 }
		)
		.catch( () => {
			throw new Error(
				`${ screen.name }: "${ screen.ready }" did not appear within 30 s (${ screen.url }). Is --survey the id of a survey with questions?`
			);
		} );
	// Lazy chunks and REST answers started by the screen.
	await page.waitForLoadState( 'networkidle' );
	const figures = await page.evaluate( () => {
		const nav = performance.getEntriesByType( 'navigation' )[ 0 ];
		const resources = performance.getEntriesByType( 'resource' );
		return {
			...window.__ufBench,
			document: nav.name,
			transferred:
				nav.transferSize +
				resources.reduce( ( sum, r ) => sum + r.transferSize, 0 ),
			urls: resources.map( ( r ) => r.name ),
		};
	} );
	// The admin page itself: its HTML differs per load (nonces), its size does not.
	const urls = [ page.url(), ...figures.urls ];
	let gzip = 0;
	for ( const url of urls ) {
		gzip += await gzipSize( context.request, url.replace( /#.*$/, '' ) );
	}
	await page.close();
	if ( errors.length ) {
		throw new Error( `${ screen.name }: ${ errors.join( '; ' ) }` );
	}
	return {
		fcp: figures.fcp,
		content: figures.content,
		gzip,
		transferred: figures.transferred,
		requests: urls.length,
		urls,
	};
}

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};

const browser = await chromium.launch( {
	executablePath: chromiumPath(),
	args: [ '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run' ],
} );
try {
	const context = await browser.newContext( {
		viewport: { width: 1440, height: 900 },
	} );
	const login = await context.newPage();
	await login.goto( `${ base }/wp-login.php` );
	await login.fill( '#user_login', String( args.user || 'admin' ) );
	await login.fill( '#user_pass', String( args.password || 'password' ) );
	await Promise.all( [
		login.waitForURL( /wp-admin/ ),
		login.click( '#wp-submit' ),
	] );
	await login.close();

	const results = [];
	for ( const screen of SCREENS ) {
		await loadOnce( context, screen ); // Warms the cache.
		const samples = [];
		for ( let i = 0; i < runs; i++ ) {
			samples.push( await loadOnce( context, screen ) );
		}
		results.push( {
			screen: screen.name,
			fcp: Math.round( median( samples.map( ( s ) => s.fcp ) ) ),
			content: Math.round( median( samples.map( ( s ) => s.content ) ) ),
			gzip: median( samples.map( ( s ) => s.gzip ) ),
			transferred: median( samples.map( ( s ) => s.transferred ) ),
			requests: median( samples.map( ( s ) => s.requests ) ),
			fcpAll: samples.map( ( s ) => Math.round( s.fcp ) ),
			gzipAll: samples.map( ( s ) => s.gzip ),
			requestsAll: samples.map( ( s ) => s.requests ),
			urls: args.urls ? samples[ 0 ].urls : undefined,
		} );
	}
	if ( args.json ) {
		process.stdout.write( JSON.stringify( results, null, 2 ) + '\n' );
	} else {
		const kb = ( bytes ) => ( bytes / 1024 ).toFixed( 0 ) + ' KB';
		console.log(
			`Admin first content, median of ${ runs } warm loads (${ base })\n`
		);
		console.log(
			'| screen | first-contentful-paint | screen content | gzip weight | transferred (warm) | requests | fcp of each run (ms) |'
		);
		console.log( '|---|---|---|---|---|---|---|' );
		for ( const r of results ) {
			console.log(
				`| ${ r.screen } | ${ r.fcp } ms | ${ r.content } ms | ${ kb(
					r.gzip
				) } | ${ kb( r.transferred ) } | ${ r.requests } | ${ r.fcpAll.join(
					', '
				) } |`
			);
			if ( r.urls ) {
				console.log( r.urls.join( '\n' ) );
			}
		}
	}
} finally {
	await browser.close();
}
