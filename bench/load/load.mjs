#!/usr/bin/env node
/**
 * Load and fault test of the visitor write path (issue 15). Loopback only; every loop is bounded in
 * time and in count, and the process ends by itself. Started by bench/load/run.sh (npm run
 * bench:load, and the "stack" step of npm test); see bench/README.md.
 *
 *   node bench/load/load.mjs --info LOAD_JSON --site SITE_DIR --plan PLAN [options]
 *
 *   --plan stack-bench | stack-test | sqlite-bench
 *   --nodes URL,URL        each node alone (the rate-limit check alternates between them)
 *   --stack-cmd "bash scripts/stack.sh"   how faults are caused (stack plans)
 *   --protocol auto | write | oneshot     auto: per-answer writes when the server knows response_id
 *   --scale F              multiply every duration and fault time by F (quick trial runs)
 *   --out FILE             the figures as JSON too
 *   --runs 0,3             only these runs of the plan (by index)
 *
 * A visitor (one simulated browser, its own X-Forwarded-For address, which the site trusts through
 * its ip_header setting) counts an impression, then writes each answer as the widget does: one POST
 * per question with the same response_id, reached and complete:false, and the last question's write
 * with all the answers and complete:true. A failed write (network, 5xx, 408, 429) is sent again with
 * the same body after Retry-After or a backoff of 1, 2, 4 ... s, until a 2xx, a 4xx refusal, or the
 * run's grace period is over.
 *
 * After each run the database is counted (php tests/stack/site.php dump) against what the server
 * acknowledged: every acknowledged answer stored exactly once, no duplicated response, no
 * half-written one, nothing stored that was never sent, and the results route's counts equal to the
 * raw rows. After the runs, one client hammers the response route through both nodes and must get
 * exactly its per-client limit accepted. Exit status 1 when any count is wrong or any request was
 * answered 500; timings never fail it.
 */

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify( execFile );

// ---------------------------------------------------------------------------------------------
// Options

function options( argv ) {
	const out = {
		protocol: 'auto',
		scale: 1,
		nodes: [],
		stackCmd: '',
	};
	for ( let i = 0; i < argv.length; i++ ) {
		const arg = argv[ i ];
		const value = () => {
			if ( i + 1 >= argv.length ) {
				throw new Error( `${ arg } needs a value` );
			}
			return argv[ ++i ];
		};
		switch ( arg ) {
			case '--info':
				out.info = JSON.parse( readFileSync( value(), 'utf8' ) );
				break;
			case '--site':
				out.site = value();
				break;
			case '--plan':
				out.plan = value();
				break;
			case '--nodes':
				out.nodes = value().split( ',' ).filter( Boolean );
				break;
			case '--stack-cmd':
				out.stackCmd = value();
				break;
			case '--protocol':
				out.protocol = value();
				break;
			case '--scale':
				out.scale = Number( value() );
				break;
			case '--out':
				out.out = value();
				break;
			case '--runs':
				out.runs = value().split( ',' ).map( Number );
				break;
			default:
				throw new Error( `unknown option ${ arg }` );
		}
	}
	if ( ! out.info || ! out.site || ! PLANS[ out.plan ] ) {
		throw new Error(
			'usage: load.mjs --info LOAD_JSON --site SITE_DIR --plan ' +
				Object.keys( PLANS ).join( '|' )
		);
	}
	if ( ! ( out.scale > 0 && out.scale <= 10 ) ) {
		throw new Error( '--scale must be in (0, 10]' );
	}
	return out;
}

// Runs of each plan. Times in seconds; faults are [at, command] of scripts/stack.sh fault.
const PLANS = {
	'stack-bench': {
		target: 'stack',
		runs: [
			// One visitor at a time: what a write costs when nothing waits in line.
			{ label: 'stack, 1 client', clients: 1, duration: 20 },
			// Visitors as people are (a second to read and answer each question, which is quick):
			// the latency budget of DESIGN.md section 6 is judged on these.
			{ label: 'stack, 20 visitors', clients: 20, duration: 60, think: 1 },
			{ label: 'stack, 50 visitors', clients: 50, duration: 60, think: 1 },
			{ label: 'stack, 100 visitors', clients: 100, duration: 60, think: 1 },
			// Clients that never pause: the stack's ceiling, where every write waits in line.
			{ label: 'stack, 20 clients', clients: 20, duration: 60 },
			{ label: 'stack, 50 clients', clients: 50, duration: 60 },
			{ label: 'stack, 100 clients', clients: 100, duration: 60 },
			{
				label: 'fault: MariaDB restarted',
				clients: 50,
				duration: 30,
				think: 1,
				faults: [ [ 10, 'mariadb-restart' ] ],
			},
			{
				label: 'fault: Redis stopped, started',
				clients: 50,
				duration: 30,
				think: 1,
				faults: [
					[ 8, 'redis-stop' ],
					[ 18, 'redis-start' ],
				],
			},
			{
				label: 'fault: PHP node 1 killed, started',
				clients: 50,
				duration: 30,
				think: 1,
				faults: [
					[ 8, 'node-kill 1' ],
					[ 18, 'node-start 1' ],
				],
			},
		],
	},
	'stack-test': {
		target: 'stack',
		runs: [
			{
				label: 'stack, 20 clients, faults',
				clients: 20,
				duration: 40,
				faults: [
					[ 5, 'mariadb-restart' ],
					[ 14, 'redis-stop' ],
					[ 19, 'redis-start' ],
					[ 25, 'node-kill 2' ],
					[ 31, 'node-start 2' ],
				],
			},
		],
	},
	'sqlite-bench': {
		target: 'sqlite',
		runs: [
			{ label: 'SQLite dev site, 20 visitors', clients: 20, duration: 60, think: 1 },
			{ label: 'SQLite dev site, 50 visitors', clients: 50, duration: 60, think: 1 },
			{ label: 'SQLite dev site, 20 clients', clients: 20, duration: 60 },
			{ label: 'SQLite dev site, 50 clients', clients: 50, duration: 60 },
		],
	},
};

// At most this many visitors per client per run (a bound on count besides the one on time).
const MAX_VISITORS_PER_CLIENT = 2000;
// How long a write is retried after the run's end before it is given up.
const GRACE_SECONDS = 90;
// One attempt's timeout.
const ATTEMPT_TIMEOUT_MS = 30000;
const USER_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 userfeedback-load';

// ---------------------------------------------------------------------------------------------
// Visitors' addresses: 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). They only ever
// appear in the X-Forwarded-For header; every connection goes to 127.0.0.1.

let ipCounter = Math.floor( Math.random() * 60000 );
function nextIp() {
	const n = ipCounter++ % 131072;
	return `198.${ 18 + ( n >> 16 ) }.${ ( n >> 8 ) & 255 }.${ n & 255 }`;
}

// ---------------------------------------------------------------------------------------------
// Statistics of one run

class Stats {
	constructor() {
		this.requests = 0;
		this.byStatus = new Map();
		this.answerMs = [];
		this.byNode = new Map();
		this.fiveHundreds = [];
		this.busy = [];
	}

	record( kind, status, ms, node, detail ) {
		this.requests++;
		const key = String( status );
		this.byStatus.set( key, ( this.byStatus.get( key ) ?? 0 ) + 1 );
		if ( kind === 'answer' ) {
			this.answerMs.push( ms );
		}
		if ( node ) {
			for ( const one of node.split( ',' ) ) {
				const name = one.trim();
				this.byNode.set( name, ( this.byNode.get( name ) ?? 0 ) + 1 );
			}
		}
		if ( status === 500 && this.fiveHundreds.length < 20 ) {
			this.fiveHundreds.push( detail );
		}
		if ( status === 503 && this.busy.length < 3 ) {
			this.busy.push( { at: new Date().toISOString(), ...detail } );
		}
	}

	percentile( p ) {
		if ( ! this.answerMs.length ) {
			return NaN;
		}
		const sorted = [ ...this.answerMs ].sort( ( a, b ) => a - b );
		return sorted[
			Math.min(
				sorted.length - 1,
				Math.max( 0, Math.ceil( ( p / 100 ) * sorted.length ) - 1 )
			)
		];
	}
}

// ---------------------------------------------------------------------------------------------
// The HTTP side of a visitor

function answerValue( question, rid, n ) {
	switch ( question.type ) {
		case 'radio-button':
			return [ 'Yes', 'No', 'Partly' ][ n % 3 ];
		case 'nps':
			return n % 11;
		case 'checkbox':
			return [
				[ 'Pricing' ],
				[ 'Docs', 'Blog' ],
				[ 'Pricing', 'Docs', 'Blog' ],
			][ n % 3 ];
		case 'text':
			return `Visitor ${ n }`;
		default:
			// Unique per visitor: how a one-shot response (no response_id) is found again.
			return `load ${ rid }`;
	}
}

/**
 * One write, retried like the widget. Answers {ok, status, refused, gaveUp, ambiguous, body}.
 * @param ctx
 * @param kind
 * @param url
 * @param body
 * @param ip
 */
async function send( ctx, kind, url, body, ip ) {
	let backoff = 1;
	let ambiguous = false;
	for ( let attempt = 0; attempt < 200; attempt++ ) {
		const started = performance.now();
		let status = 'net';
		let text = '';
		let headers = null;
		try {
			const res = await fetch( url, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'X-Forwarded-For': ip,
					'User-Agent': USER_AGENT,
				},
				body: body === null ? undefined : JSON.stringify( body ),
				signal: AbortSignal.timeout( ATTEMPT_TIMEOUT_MS ),
			} );
			status = res.status;
			headers = res.headers;
			text = await res.text();
		} catch ( e ) {
			status = e?.name === 'TimeoutError' ? 'timeout' : 'net';
		}
		const ms = performance.now() - started;
		ctx.stats.record( kind, status, ms, headers?.get( 'x-uf-node' ) ?? '', {
			kind,
			url,
			body,
			status,
			text: text.slice( 0, 500 ),
		} );
		// nginx passed the request to the other node after the first failed with it in hand
		// (fastcgi_next_upstream non_idempotent, README "Running at scale"): X-UF-Node then lists
		// both, and the first may have stored the write before it died. An answer is an upsert by
		// its response_id, so that changes nothing; an impression may be counted twice.
		if ( ( headers?.get( 'x-uf-node' ) ?? '' ).includes( ',' ) ) {
			ambiguous = true;
		}
		if ( typeof status === 'number' && status >= 200 && status < 300 ) {
			let parsed = null;
			try {
				parsed = JSON.parse( text );
			} catch {}
			return { ok: true, status, body: parsed, ambiguous };
		}
		if (
			typeof status === 'number' &&
			status >= 400 &&
			status < 500 &&
			status !== 408 &&
			status !== 429
		) {
			return { ok: false, refused: true, status, text, ambiguous };
		}
		// The server may have stored a request whose answer never came (or came as a gateway error).
		if (
			status === 'net' ||
			status === 'timeout' ||
			status === 502 ||
			status === 504 ||
			status === 500 ||
			// The server's own word that the database went during its COMMIT (VisitorWrite::busy()).
			( status === 503 && /"outcome":"unknown"/.test( text ) )
		) {
			ambiguous = true;
		}
		if ( performance.now() > ctx.hardDeadline ) {
			return { ok: false, gaveUp: true, status, ambiguous };
		}
		const retryAfter = Number( headers?.get( 'retry-after' ) );
		const wait =
			Number.isFinite( retryAfter ) && retryAfter > 0
				? retryAfter
				: backoff;
		backoff = Math.min( 60, backoff * 2 );
		await sleep( Math.min( wait, 60 ) * 1000 );
	}
	return { ok: false, gaveUp: true, status: 'attempts', ambiguous };
}

async function visitor( ctx, n ) {
	const { info, base } = ctx;
	const rid = randomUUID();
	const ip = nextIp();
	const record = {
		rid,
		sentAnswers: new Map(),
		ackedAnswers: new Set(),
		completeAcked: false,
		refused: null,
		gaveUp: false,
		ambiguous: false,
		token: '',
	};
	ctx.visitors.push( record );
	const answers = info.questions.map( ( q ) => ( {
		question_id: q.id,
		value: answerValue( q, rid, n ),
	} ) );
	record.token = String( answers[ answers.length - 1 ].value );
	for ( const a of answers ) {
		record.sentAnswers.set( a.question_id, a.value );
	}

	const impression = await send(
		ctx,
		'impression',
		`${ base }wp-json/userfeedback/v1/surveys/${ info.survey_id }/impression?nonce=${ info.impression_token }`,
		null,
		ip
	);
	if ( impression.ok ) {
		ctx.impressions.acked++;
	}
	if ( impression.ambiguous ) {
		ctx.impressions.ambiguous++;
	}

	const route = `${ base }wp-json/userfeedback/v1/surveys/${ info.survey_id }/responses`;
	const page = { link: `${ base }pricing/`, title: 'Pricing' };
	const writes =
		ctx.protocol === 'oneshot'
			? [
					{
						nonce: info.submission_token,
						page_submitted: page,
						answers,
					},
				]
			: answers.map( ( a, i ) => {
					const last = i === answers.length - 1;
					return {
						nonce: info.submission_token,
						page_submitted: page,
						response_id: rid,
						answers: last ? answers : [ a ],
						reached: i + 1,
						complete: last,
					};
				} );
	for ( const body of writes ) {
		// A visitor reads and answers the question before its write (none in a run without pauses).
		if ( ctx.think ) {
			await sleep( ctx.think * 1000 );
		}
		const result = await send( ctx, 'answer', route, body, ip );
		record.ambiguous ||= result.ambiguous;
		if ( result.ok ) {
			for ( const a of body.answers ) {
				record.ackedAnswers.add( a.question_id );
			}
			if ( body.complete !== false ) {
				record.completeAcked = true;
			}
			continue;
		}
		if ( result.refused ) {
			record.refused = `${ result.status } ${ String( result.text ).slice( 0, 200 ) }`;
		} else {
			record.gaveUp = true;
		}
		return;
	}
}

async function client( ctx ) {
	for (
		let i = 0;
		i < MAX_VISITORS_PER_CLIENT && performance.now() < ctx.end;
		i++
	) {
		await visitor( ctx, ctx.visitorCount++ );
	}
}

// ---------------------------------------------------------------------------------------------
// Faults

async function fault( opts, command, log ) {
	const [ cmd, ...args ] = opts.stackCmd.split( ' ' ).filter( Boolean );
	const started = performance.now();
	try {
		await run( cmd, [ ...args, 'fault', ...command.split( ' ' ) ], {
			timeout: 120000,
		} );
		log.push(
			`${ command }: done in ${ ( ( performance.now() - started ) / 1000 ).toFixed( 1 ) } s`
		);
	} catch ( e ) {
		log.push(
			`${ command }: FAILED (${ String( e.stderr || e.message )
				.trim()
				.slice( 0, 300 ) })`
		);
		throw e;
	}
}

// ---------------------------------------------------------------------------------------------
// Counting the database

async function dump( opts ) {
	const { stdout } = await run(
		'php',
		[
			new URL( '../../tests/stack/site.php', import.meta.url ).pathname,
			'dump',
			opts.site,
			String( opts.info.survey_id ),
		],
		{
			maxBuffer: 512 * 1024 * 1024,
			timeout: 300000,
		}
	);
	return JSON.parse( stdout );
}

async function results( opts ) {
	const auth = Buffer.from(
		`${ opts.info.user }:${ opts.info.app_password }`
	).toString( 'base64' );
	// The default range (the last 30 days, site time) holds every row of the test.
	const url = `${ opts.info.url }wp-json/userfeedback/v1/surveys/${ opts.info.survey_id }/results`;
	const res = await fetch( url, {
		headers: { Authorization: `Basic ${ auth }` },
		signal: AbortSignal.timeout( 60000 ),
	} );
	const text = await res.text();
	if ( res.status !== 200 ) {
		throw new Error(
			`GET results answered ${ res.status }: ${ text.slice( 0, 300 ) }`
		);
	}
	return JSON.parse( text );
}

function normalise( value ) {
	if ( Array.isArray( value ) ) {
		return JSON.stringify( value );
	}
	return String( value );
}

/**
 * Compares the rows with what was acknowledged. Rows of ids up to baseline.maxId were there before.
 * @param opts
 * @param state
 * @param rows
 * @param res
 */
function count( opts, state, rows, res ) {
	const problems = [];
	const ours = rows.responses.filter( ( r ) => r.id > state.baselineMaxId );
	const byClient = new Map();
	const byToken = new Map();
	const qCount = opts.info.questions.length;
	const lastQ = opts.info.questions[ qCount - 1 ].id;
	for ( const r of ours ) {
		if ( r.client_id ) {
			byClient.set( r.client_id, [
				...( byClient.get( r.client_id ) ?? [] ),
				r,
			] );
		}
		const last = r.answers.find( ( a ) => a.question_id === lastQ );
		if ( last ) {
			byToken.set( last.value, [
				...( byToken.get( last.value ) ?? [] ),
				r,
			] );
		}
	}
	const c = {
		acked: 0,
		lost: 0,
		duplicated: 0,
		lostAnswers: 0,
		wrongAnswers: 0,
		halfWritten: 0,
		unexpected: 0,
		completed: 0,
		partial: 0,
		ambiguous: 0,
	};
	const known = new Set();
	for ( const v of state.visitors ) {
		const found =
			state.protocol === 'oneshot'
				? ( byToken.get( v.token ) ?? [] )
				: ( byClient.get( v.rid ) ?? [] );
		for ( const r of found ) {
			known.add( r.id );
		}
		if ( v.ambiguous ) {
			c.ambiguous++;
		}
		if ( ! v.ackedAnswers.size ) {
			// Never acknowledged: may or may not be stored (at most once), never half.
			if ( found.length > 1 ) {
				c.duplicated++;
				problems.push(
					`visitor ${ v.rid }: never acknowledged, stored ${ found.length } times`
				);
			}
			continue;
		}
		c.acked++;
		if ( found.length === 0 ) {
			c.lost++;
			problems.push( `visitor ${ v.rid }: acknowledged, not stored` );
			continue;
		}
		if ( found.length > 1 ) {
			c.duplicated++;
			problems.push(
				`visitor ${ v.rid }: stored ${ found.length } times`
			);
		}
		const row = found[ 0 ];
		const perQuestion = new Map();
		for ( const a of row.answers ) {
			perQuestion.set(
				a.question_id,
				( perQuestion.get( a.question_id ) ?? 0 ) + 1
			);
		}
		for ( const qid of v.ackedAnswers ) {
			const stored = row.answers.find( ( a ) => a.question_id === qid );
			if ( ! stored ) {
				c.lostAnswers++;
				problems.push(
					`visitor ${ v.rid }: answer to question ${ qid } acknowledged, not stored`
				);
			} else if (
				normalise( v.sentAnswers.get( qid ) ) !== String( stored.value )
			) {
				c.wrongAnswers++;
				problems.push(
					`visitor ${ v.rid }: question ${ qid } stored ${ stored.value }, sent ${ normalise( v.sentAnswers.get( qid ) ) }`
				);
			}
			if ( ( perQuestion.get( qid ) ?? 0 ) > 1 ) {
				c.duplicated++;
				problems.push(
					`visitor ${ v.rid }: question ${ qid } stored ${ perQuestion.get( qid ) } times`
				);
			}
		}
		if ( v.completeAcked && row.status !== 'publish' ) {
			c.halfWritten++;
			problems.push(
				`visitor ${ v.rid }: completion acknowledged, response is ${ row.status }`
			);
		}
	}
	for ( const r of ours ) {
		if ( ! known.has( r.id ) ) {
			c.unexpected++;
			if ( c.unexpected <= 5 ) {
				problems.push(
					`response ${ r.id } (client ${ r.client_id }) matches no visitor of this test`
				);
			}
		}
		if ( r.status === 'publish' ) {
			c.completed++;
			const complete =
				r.answers.length === qCount &&
				r.answers.every( ( a ) => a.status === 'publish' );
			if (
				! complete ||
				( 'completed_at' in r &&
					state.protocol !== 'oneshot' &&
					! r.completed_at )
			) {
				c.halfWritten++;
				problems.push(
					`response ${ r.id }: completed with ${ r.answers.length } answers (${ r.answers.map( ( a ) => a.status ).join( ',' ) }), completed_at ${ r.completed_at }`
				);
			}
		} else if ( r.status === 'partial' ) {
			c.partial++;
			if ( r.answers.some( ( a ) => a.status !== 'partial' ) ) {
				c.halfWritten++;
				problems.push(
					`response ${ r.id }: partial with answers of status ${ r.answers.map( ( a ) => a.status ).join( ',' ) }`
				);
			}
		}
	}
	if ( rows.orphan_answers ) {
		problems.push(
			`${ rows.orphan_answers } answers belong to no response`
		);
	}

	// Impressions are not idempotent: every acknowledged one is stored, and at most the ambiguous ones besides.
	const storedImpressions = rows.impressions - state.baselineImpressions;
	const imp = state.impressions;
	if (
		storedImpressions < imp.acked ||
		storedImpressions > imp.acked + imp.ambiguous
	) {
		problems.push(
			`impressions: ${ storedImpressions } stored, ${ imp.acked } acknowledged (+${ imp.ambiguous } unknown)`
		);
	}

	// The results route against every raw row of the survey (older ones included).
	const all = rows.responses;
	const raw = {
		responses_count: all.filter( ( r ) => r.status === 'publish' ).length,
		partial: all.filter( ( r ) => r.status === 'partial' ).length,
		impressions: rows.impressions,
	};
	const mismatches = [];
	const compare = ( what, got, want ) => {
		if ( got !== want ) {
			mismatches.push( `${ what }: results ${ got }, rows ${ want }` );
		}
	};
	compare( 'responses_count', res.responses_count, raw.responses_count );
	compare( 'impressions', res.impressions, raw.impressions );
	for ( const q of res.question_stats ?? [] ) {
		const answered = all
			.filter( ( r ) => r.status === 'publish' )
			.reduce(
				( n, r ) =>
					n +
					r.answers.filter(
						( a ) => a.question_id === q.id && a.value !== null
					).length,
				0
			);
		compare(
			`question ${ q.id } total_answers`,
			q.total_answers,
			answered
		);
	}
	if ( typeof res.partial === 'number' ) {
		compare( 'partial', res.partial, raw.partial );
	}
	if ( res.funnel && typeof res.funnel === 'object' ) {
		compare(
			'funnel.completed',
			res.funnel.completed,
			raw.responses_count
		);
		compare(
			'funnel.started',
			res.funnel.started,
			raw.responses_count + raw.partial
		);
		compare(
			'funnel.impressions',
			res.funnel.impressions,
			raw.impressions
		);
	}
	problems.push( ...mismatches );
	return {
		counts: c,
		storedImpressions,
		results: mismatches.length ? 'MISMATCH' : 'equal',
		problems,
	};
}

// ---------------------------------------------------------------------------------------------
// The per-client limit, across nodes

async function hammer( opts, state ) {
	const limit = opts.info.limits?.responses?.limit;
	const window = opts.info.limits?.responses?.window;
	if ( ! limit || ! window ) {
		return { skipped: 'no responses limit' };
	}
	// A window boundary inside the check would start a new count: wait for the next window when
	// fewer than 30 s are left (bounded: at most 30 s).
	const left = window - ( Math.floor( Date.now() / 1000 ) % window );
	if ( left < 30 ) {
		await sleep( ( left + 1 ) * 1000 );
	}
	const nodes = opts.nodes.length ? opts.nodes : [ opts.info.url ];
	const ip = nextIp();
	const tries = limit + 10;
	const ctx = {
		...state,
		stats: new Stats(),
		hardDeadline: performance.now() + 120000,
	};
	const outcome = {
		limit,
		sent: tries,
		accepted: 0,
		limited: 0,
		other: [],
		perNode: {},
	};
	const answers = opts.info.questions.map( ( q, i ) => ( {
		question_id: q.id,
		value: answerValue( q, 'hammer', i ),
	} ) );
	for ( let i = 0; i < tries; i++ ) {
		const node = nodes[ i % nodes.length ];
		const rid = randomUUID();
		const last = {
			question_id: answers[ answers.length - 1 ].question_id,
			value: `load ${ rid }`,
		};
		const body = {
			nonce: opts.info.submission_token,
			page_submitted: { link: `${ node }hammer/`, title: 'Hammer' },
			answers: [ ...answers.slice( 0, -1 ), last ],
		};
		if ( state.protocol !== 'oneshot' ) {
			Object.assign( body, {
				response_id: rid,
				reached: answers.length,
				complete: true,
			} );
		}
		// 503 and gateway errors are retried with the same body; a 429 is the answer here, not retried.
		let result;
		for ( let attempt = 0; attempt < 20; attempt++ ) {
			result = await sendOnce( node, opts.info.survey_id, body, ip );
			if (
				result.status !== 503 &&
				result.status !== 502 &&
				result.status !== 'net'
			) {
				break;
			}
			await sleep( 1000 );
		}
		const v = {
			rid,
			token: last.value,
			sentAnswers: new Map(
				body.answers.map( ( a ) => [ a.question_id, a.value ] )
			),
			ackedAnswers: new Set(),
			completeAcked: false,
			ambiguous: false,
		};
		state.visitors.push( v );
		outcome.perNode[ node ] ??= { accepted: 0, limited: 0 };
		if ( result.status >= 200 && result.status < 300 ) {
			outcome.accepted++;
			outcome.perNode[ node ].accepted++;
			v.completeAcked = true;
			body.answers.forEach( ( a ) =>
				v.ackedAnswers.add( a.question_id )
			);
		} else if ( result.status === 429 ) {
			outcome.limited++;
			outcome.perNode[ node ].limited++;
		} else {
			v.ambiguous = true;
			outcome.other.push( result.status );
		}
	}
	void ctx;
	outcome.ok =
		outcome.accepted === limit &&
		outcome.limited === tries - limit &&
		! outcome.other.length;
	return outcome;
}

async function sendOnce( base, surveyId, body, ip ) {
	try {
		const res = await fetch(
			`${ base }wp-json/userfeedback/v1/surveys/${ surveyId }/responses`,
			{
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'X-Forwarded-For': ip,
					'User-Agent': USER_AGENT,
				},
				body: JSON.stringify( body ),
				signal: AbortSignal.timeout( ATTEMPT_TIMEOUT_MS ),
			}
		);
		await res.text();
		return { status: res.status };
	} catch {
		return { status: 'net' };
	}
}

// ---------------------------------------------------------------------------------------------
// The protocol the server speaks: an old server refuses response_id as an unknown field (400) before
// it looks at the token; a new one refuses the wrong token (403). Nothing is written either way.

async function protocol( opts ) {
	if ( opts.protocol !== 'auto' ) {
		return opts.protocol;
	}
	const res = await fetch(
		`${ opts.info.url }wp-json/userfeedback/v1/surveys/${ opts.info.survey_id }/responses`,
		{
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				'X-Forwarded-For': nextIp(),
			},
			body: JSON.stringify( {
				nonce: 'probe',
				response_id: randomUUID(),
				answers: [],
				complete: false,
			} ),
			signal: AbortSignal.timeout( ATTEMPT_TIMEOUT_MS ),
		}
	);
	const text = await res.text();
	return res.status === 400 && text.includes( 'response_id' )
		? 'oneshot'
		: 'write';
}

// ---------------------------------------------------------------------------------------------

const fmt = ( n, digits = 0 ) =>
	Number.isFinite( n ) ? n.toFixed( digits ) : '-';

function table( rows ) {
	const head = [
		'run',
		'clients',
		's',
		'requests',
		'req/s',
		'write p50',
		'p95',
		'p99 ms',
		'statuses',
		'visitors',
		'completed',
		'lost',
		'dup',
		'half',
		'results',
		'load avg',
	];
	const lines = [
		head,
		...rows.map( ( r ) => [
			r.label,
			String( r.clients ),
			fmt( r.seconds ),
			String( r.requests ),
			fmt( r.rps, 1 ),
			fmt( r.p50 ),
			fmt( r.p95 ),
			fmt( r.p99 ),
			r.statuses,
			String( r.visitors ),
			String( r.completed ),
			String( r.lost ),
			String( r.duplicated ),
			String( r.halfWritten ),
			r.results,
			r.loadavg,
		] ),
	];
	const widths = head.map( ( _, i ) =>
		Math.max( ...lines.map( ( l ) => l[ i ].length ) )
	);
	return lines
		.map(
			( l ) =>
				'| ' +
				l
					.map( ( cell, i ) => cell.padEnd( widths[ i ] ) )
					.join( ' | ' ) +
				' |'
		)
		.join( '\n' );
}

async function main() {
	const opts = options( process.argv.slice( 2 ) );
	const plan = PLANS[ opts.plan ];
	const base = opts.info.url;
	const proto = await protocol( opts );
	const before = await dump( opts );
	const state = {
		protocol: proto,
		visitors: [],
		impressions: { acked: 0, ambiguous: 0 },
		baselineMaxId: before.responses.reduce(
			( m, r ) => Math.max( m, r.id ),
			0
		),
		baselineImpressions: before.impressions,
	};
	console.log(
		`load: ${ opts.plan } against ${ base } (protocol: ${ proto === 'write' ? 'one write per answer, response_id' : 'one-shot POST, no response_id (the server predates it)' }; ${ opts.info.object_cache ? 'persistent object cache' : 'no persistent object cache' })`
	);

	const rows = [];
	let failed = false;
	for ( const spec of plan.runs.filter(
		( _, i ) => ! opts.runs || opts.runs.includes( i )
	) ) {
		const duration = spec.duration * opts.scale;
		const stats = new Stats();
		const started = performance.now();
		const ctx = {
			...state,
			info: opts.info,
			base,
			stats,
			protocol: proto,
			end: started + duration * 1000,
			hardDeadline: started + ( duration + GRACE_SECONDS ) * 1000,
			visitorCount: 0,
			think: spec.think ?? 0,
		};
		// Visitors and impressions accumulate across runs in state.
		ctx.visitors = state.visitors;
		ctx.impressions = state.impressions;
		const firstVisitor = state.visitors.length;
		const faultLog = [];
		const faults = ( spec.faults ?? [] ).map( ( [ at, command ] ) =>
			sleep( at * opts.scale * 1000 ).then( () =>
				fault( opts, command, faultLog )
			)
		);
		const clients = Array.from( { length: spec.clients }, () =>
			client( ctx )
		);
		const faultOutcome = await Promise.allSettled( faults );
		await Promise.all( clients );
		const seconds = ( performance.now() - started ) / 1000;
		const requestSeconds = Math.max( duration, 0.001 );

		const dumped = await dump( opts );
		const res = await results( opts );
		const counted = count( opts, state, dumped, res );
		const mine = state.visitors.slice( firstVisitor );
		const statuses = [ ...stats.byStatus.entries() ]
			.sort()
			.map( ( [ k, v ] ) => `${ k }:${ v }` )
			.join( ' ' );
		const row = {
			label: spec.label,
			clients: spec.clients,
			seconds,
			requests: stats.requests,
			rps: stats.requests / requestSeconds,
			p50: stats.percentile( 50 ),
			p95: stats.percentile( 95 ),
			p99: stats.percentile( 99 ),
			statuses,
			byNode: Object.fromEntries( stats.byNode ),
			visitors: mine.length,
			completed: mine.filter( ( v ) => v.completeAcked ).length,
			refused: mine
				.filter( ( v ) => v.refused )
				.map( ( v ) => v.refused )
				.slice( 0, 5 ),
			gaveUp: mine.filter( ( v ) => v.gaveUp ).length,
			lost: counted.counts.lost + counted.counts.lostAnswers,
			duplicated: counted.counts.duplicated,
			halfWritten: counted.counts.halfWritten,
			unexpected: counted.counts.unexpected,
			results: counted.results,
			// The machine's 1-minute load average at the end of the run (2 cores here): figures taken
			// while other work shares the cores are not the stack's own.
			loadavg: loadavg()[ 0 ].toFixed( 1 ),
			faults: faultLog,
			busy: stats.busy,
			problems: counted.problems.slice( 0, 30 ),
			fiveHundreds: stats.fiveHundreds,
		};
		rows.push( row );
		const bad =
			counted.problems.length > 0 ||
			stats.byStatus.has( '500' ) ||
			faultOutcome.some( ( f ) => f.status === 'rejected' ) ||
			row.gaveUp > 0 ||
			row.refused.length > 0;
		failed ||= bad;
		console.log(
			`  ${ row.label }: ${ row.requests } requests in ${ fmt( seconds, 1 ) } s, answer write p50/p95/p99 ${ fmt( row.p50 ) }/${ fmt( row.p95 ) }/${ fmt( row.p99 ) } ms, statuses ${ statuses }; ` +
				`visitors ${ row.visitors } (completed ${ row.completed }, gave up ${ row.gaveUp }, refused ${ row.refused.length }); ` +
				`lost ${ row.lost }, duplicated ${ row.duplicated }, half-written ${ row.halfWritten }, unexpected ${ row.unexpected }; results ${ row.results }; nodes ${ JSON.stringify( row.byNode ) }` +
				( faultLog.length
					? `; faults: ${ faultLog.join( '; ' ) }`
					: '' )
		);
		for ( const p of row.problems ) {
			console.log( `    PROBLEM ${ p }` );
		}
		for ( const r of row.refused ) {
			console.log( `    REFUSED ${ r }` );
		}
		for ( const e of row.fiveHundreds ) {
			console.log( `    HTTP 500 ${ JSON.stringify( e ) }` );
		}
		for ( const e of row.busy ) {
			console.log( `    a 503: ${ JSON.stringify( { at: e.at, kind: e.kind, body: e.body?.complete === undefined ? null : { complete: e.body.complete, answers: e.body.answers?.length }, answer: e.text } ) }` );
		}
	}

	const limit = await hammer( opts, state );
	const dumped = await dump( opts );
	const res = await results( opts );
	const after = count( opts, state, dumped, res );
	console.log(
		`  per-client limit across ${ opts.nodes.length || 1 } node(s): ${ limit.sent } writes from one address, ${ limit.accepted } accepted, ${ limit.limited } refused 429` +
			` (limit ${ limit.limit }) ${ limit.ok ? 'ok' : 'WRONG' } ${ JSON.stringify( limit.perNode ) }${ limit.other?.length ? ` other: ${ limit.other.join( ',' ) }` : '' }`
	);
	for ( const p of after.problems ) {
		console.log( `    PROBLEM ${ p }` );
	}
	failed ||= ! limit.ok || after.problems.length > 0;

	console.log( '\n' + table( rows ) + '\n' );
	if ( opts.out ) {
		writeFileSync(
			opts.out,
			JSON.stringify(
				{ plan: opts.plan, protocol: proto, runs: rows, limit },
				null,
				2
			)
		);
	}
	console.log(
		failed
			? 'load: FAILED (see PROBLEM lines above)'
			: 'load: every acknowledged answer stored exactly once, nothing half-written, no 500, limits held'
	);
	process.exitCode = failed ? 1 : 0;
}

main().catch( ( e ) => {
	console.error( 'load: error:', e?.stack || e );
	process.exitCode = 2;
} );
