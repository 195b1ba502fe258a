/**
 * What a live survey costs a visitor's page: Lighthouse 12 (mobile preset, its simulated throttling)
 * in Debian's Chromium, N runs each on the front page without any survey and with one live
 * floating 7-question survey, and the medians of:
 * - tbt: Total Blocking Time (ms);
 * - cls: Cumulative Layout Shift;
 * - loader: bytes of build/widget/loader.js on the wire (transferSize; `php -S` does not compress);
 * - ui: bytes of the UI chunk (0 when no survey started) and of the survey's body (GET .../widget);
 * - config: bytes of the inline `window.userfeedbackConfig=…;` script in the HTML.
 *
 *   npm run bench:lighthouse -- [--url http://127.0.0.1:8888] [--user admin] [--password password]
 *        [--runs 5] [--json] [--keep DIR]
 *
 * --keep DIR keeps each run's report and its trace (Lighthouse's --save-assets: run-<label>-<n>.json,
 * run-<label>-<n>-0.trace.json) in DIR, to see which tasks were long (a DevTools Performance panel
 * opens the trace).
 *
 * It writes to the site it measures (never run it on a real one): it logs in, drafts every published
 * survey for the time of the runs (and publishes them again at the end), and creates (or reuses) the
 * survey "Lighthouse bench (7 questions)", published for the "with" runs and a draft otherwise.
 * Lighthouse runs through `npx --yes lighthouse@12` (not a project dependency).
 */
/* eslint-disable no-console -- a command-line tool: it prints its figures. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
const user = String( args.user || 'admin' );
const password = String( args.password || 'password' );
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const TITLE = 'Lighthouse bench (7 questions)';
/** The plugin's visitor scripts (the loader and its chunks). */
const OURS = /\/plugins\/userfeedback\/build\/widget\//;

let cookies = '';
let nonce = '';

/**
 * Logs in with the login form (cookie auth) and takes a REST nonce, as the admin's pages do.
 */
async function login() {
	const response = await fetch( `${ base }/wp-login.php`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
		},
		body: new URLSearchParams( {
			log: user,
			pwd: password,
			testcookie: '1',
			'wp-submit': 'Log In',
		} ),
	} );
	cookies = response.headers
		.getSetCookie()
		.map( ( cookie ) => cookie.split( ';' )[ 0 ] )
		.join( '; ' );
	if ( ! /wordpress_logged_in_/.test( cookies ) ) {
		throw new Error( `Could not log in to ${ base } as ${ user }.` );
	}
	nonce = (
		await (
			await fetch(
				`${ base }/wp-admin/admin-ajax.php?action=rest-nonce`,
				{
					headers: { Cookie: cookies },
				}
			)
		).text()
	).trim();
}

async function rest( path, method = 'GET', body = undefined ) {
	const response = await fetch(
		`${ base }/wp-json/userfeedback/v1/${ path }`,
		{
			method,
			headers: {
				Cookie: cookies,
				'X-WP-Nonce': nonce,
				...( body ? { 'Content-Type': 'application/json' } : {} ),
			},
			body: body ? JSON.stringify( body ) : undefined,
		}
	);
	const text = await response.text();
	if ( ! response.ok ) {
		throw new Error(
			`${ method } ${ path }: ${ response.status } ${ text }`
		);
	}
	return JSON.parse( text );
}

async function published() {
	const ids = [];
	for ( let page = 1; ; page++ ) {
		const list = await rest(
			`surveys?per_page=100&page=${ page }&filter[status]=publish`
		);
		ids.push(
			...list.items
				.filter( ( survey ) => survey.status === 'publish' )
				.map( ( survey ) => survey.id )
		);
		if ( page >= ( list.pagination?.total_pages ?? 1 ) ) {
			return ids;
		}
	}
}

const bulk = async ( action, ids ) =>
	ids.length ? rest( 'surveys/bulk', 'POST', { action, ids } ) : null;

/** The bench survey: 7 questions, immediate, every page and device, bottom right. */
async function benchSurvey() {
	const found = (
		await rest(
			`surveys?per_page=100&search=${ encodeURIComponent( TITLE ) }`
		)
	).items.find( ( survey ) => survey.title === TITLE );
	if ( found ) {
		return found.id;
	}
	const choice = ( title, options ) => ( {
		title,
		type: 'radio-button',
		config: { options },
	} );
	const created = await rest( 'surveys', 'POST', {
		title: TITLE,
		status: 'draft',
		questions: [
			choice( 'How did you find us?', [
				'Search engine',
				'A friend',
				'Social media',
				'An advert',
			] ),
			{
				title: 'What brought you here today?',
				type: 'checkbox',
				config: {
					options: [ 'Pricing', 'Documentation', 'Support', 'News' ],
				},
			},
			choice( 'Did you find what you were looking for?', [
				'Yes',
				'Partly',
				'No',
			] ),
			{
				title: 'What almost stopped you?',
				type: 'long-text',
				config: {},
			},
			choice( 'How easy was the site to use?', [
				'Very easy',
				'Easy',
				'Hard',
				'Very hard',
			] ),
			{ title: 'What should we add?', type: 'text', config: {} },
			{
				title: 'May we contact you?',
				type: 'email',
				config: { include_name: false },
			},
		],
		settings: {
			targeting: {
				devices: [ 'desktop', 'tablet', 'mobile' ],
				pages: 'all',
				page_rules: [],
			},
			behavior: {
				timing: 'immediate',
				display_length: 'until_response',
				run_time: 'indefinitely',
			},
		},
	} );
	return created.id;
}

/**
 * One Lighthouse run of `url`; the figures this script prints.
 *
 * @param {string} url Page to measure.
 * @param {string} dir Folder of the reports.
 * @param {string} n   Name of this run's report.
 */
function lighthouse( url, dir, n ) {
	const out = join( dir, `run-${ n }.json` );
	execFileSync(
		'npx',
		[
			'--yes',
			'lighthouse@12',
			url,
			'--only-categories=performance',
			'--output=json',
			`--output-path=${ out }`,
			`--chrome-path=${ chrome }`,
			'--chrome-flags=--headless=new --no-sandbox --disable-gpu',
			'--quiet',
			...( args.keep ? [ '--save-assets' ] : [] ),
		],
		{
			stdio: [ 'ignore', 'ignore', 'inherit' ],
			env: { ...process.env, CHROME_PATH: chrome },
		}
	);
	const report = JSON.parse( readFileSync( out, 'utf8' ) );
	const requests = report.audits[ 'network-requests' ]?.details?.items ?? [];
	const bytes = ( test ) =>
		requests
			.filter( ( request ) => test.test( request.url ) )
			.reduce(
				( sum, request ) => sum + ( request.transferSize ?? 0 ),
				0
			);
	return {
		tbt: report.audits[ 'total-blocking-time' ].numericValue,
		cls: report.audits[ 'cumulative-layout-shift' ].numericValue,
		loader: bytes( /\/build\/widget\/loader\.js/ ),
		ui: bytes( /\/build\/widget\/ui\b[^/]*\.js/ ),
		body: bytes(
			/userfeedback(\/|%2F)v1(\/|%2F)surveys(\/|%2F)\d+(\/|%2F)widget/
		),
		// Main-thread work of the plugin's scripts (bootup-time: evaluation and their tasks, ms)
		// and the long tasks (over 50 ms) Lighthouse attributes to them.
		ours: ( report.audits[ 'bootup-time' ]?.details?.items ?? [] )
			.filter( ( item ) => OURS.test( item.url ) )
			.reduce( ( sum, item ) => sum + ( item.total ?? 0 ), 0 ),
		ourLongTasks: ( report.audits[ 'long-tasks' ]?.details?.items ?? [] )
			.filter( ( item ) => OURS.test( item.url ) )
			.reduce( ( sum, item ) => sum + ( item.duration ?? 0 ), 0 ),
		longTasks: ( report.audits[ 'long-tasks' ]?.details?.items ?? [] )
			.length,
	};
}

/**
 * Bytes of the inline config script of the page a guest gets.
 *
 * @param {string} url Page.
 */
async function configBytes( url ) {
	const html = await ( await fetch( url ) ).text();
	const match = html.match(
		/window\.userfeedbackConfig=.*?;\s*(?=\n|<\/script>)/s
	);
	return match ? Buffer.byteLength( match[ 0 ] ) : 0;
}

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const middle = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ middle ]
		: ( sorted[ middle - 1 ] + sorted[ middle ] ) / 2;
};

async function measure( label, url, dir ) {
	const results = [];
	for ( let n = 1; n <= runs; n++ ) {
		results.push( lighthouse( url, dir, `${ label }-${ n }` ) );
		console.error(
			`${ label } ${ n }/${ runs }: ${ JSON.stringify( results.at( -1 ) ) }`
		);
	}
	const figures = { runs: results.length, config: await configBytes( url ) };
	for ( const key of Object.keys( results[ 0 ] ) ) {
		figures[ key ] = median( results.map( ( result ) => result[ key ] ) );
	}
	figures.tbt_all = results.map( ( result ) => Math.round( result.tbt ) );
	return figures;
}

await login();
const others = ( await published() ).filter( Boolean );
const id = await benchSurvey();
const dir = args.keep
	? String( args.keep )
	: mkdtempSync( join( tmpdir(), 'uf-lighthouse-' ) );
mkdirSync( dir, { recursive: true } );
const url = `${ base }/`;
const figures = {};
try {
	await bulk( 'draft', [
		...others.filter( ( other ) => other !== id ),
		id,
	] );
	figures.without = await measure( 'without', url, dir );
	await bulk( 'publish', [ id ] );
	figures.with = await measure( 'with', url, dir );
} finally {
	await bulk( 'draft', [ id ] ).catch( () => null );
	await bulk(
		'publish',
		others.filter( ( other ) => other !== id )
	).catch( ( error ) => console.error( error.message ) );
	if ( ! args.keep ) {
		rmSync( dir, { recursive: true, force: true } );
	}
}

if ( args.json ) {
	console.log( JSON.stringify( figures, null, 2 ) );
} else {
	console.log(
		`Lighthouse 12, mobile preset, ${ runs } runs each, medians (${ url }):`
	);
	console.log(
		'page    | TBT ms | CLS   | plugin JS ms | plugin long tasks ms | loader B | UI chunk B | body B | inline config B | TBT of each run'
	);
	for ( const [ name, f ] of Object.entries( figures ) ) {
		console.log(
			[
				name.padEnd( 7 ),
				String( Math.round( f.tbt ) ).padStart( 6 ),
				f.cls.toFixed( 3 ),
				String( Math.round( f.ours ) ).padStart( 12 ),
				String( Math.round( f.ourLongTasks ) ).padStart( 20 ),
				String( f.loader ).padStart( 8 ),
				String( f.ui ).padStart( 10 ),
				String( f.body ).padStart( 6 ),
				String( f.config ).padStart( 15 ),
				f.tbt_all.join( ', ' ),
			].join( ' | ' )
		);
	}
	console.log(
		`A live survey adds ${ Math.round(
			figures.with.tbt - figures.without.tbt
		) } ms of TBT and ${ ( figures.with.cls - figures.without.cls ).toFixed(
			3
		) } of CLS.`
	);
}
