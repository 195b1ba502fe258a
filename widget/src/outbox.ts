/**
 * The visitor's writes on their way to the server (issue 15: every answer counts).
 *
 * Every write of a response (one per answered or skipped question, then the completing
 * one) goes through here. A write the server did not judge (no answer, a 5xx, 408 or 429)
 * is kept in localStorage (`uf_outbox`) and tried again after 1 s, 2 s, 4 s … at most
 * 60 s, or after the server's Retry-After; at once when the browser comes back online;
 * with navigator.sendBeacon when the page is hidden (it stays kept: the server upserts
 * by response id, so a replay is harmless); and on the visitor's next page view, where
 * the loader imports this module (through resend.ts) when `uf_outbox` holds something.
 * A write leaves the outbox on a 2xx or on a refusal (any other 4xx).
 *
 * The writes of one response go one at a time, in the order they were made; a write is
 * never kept twice (a new write with the same key replaces the one waiting); and the
 * completing write, which carries every answer, replaces the partial writes of its
 * response that have not gone yet. A write made while one with the same key is in flight
 * (an answer changed after Back) goes after it, and each is settled by its own answer.
 */
import type { Answer, WidgetConfig } from './types';
import { failureOf, SendFailure } from './ui/send';

/** localStorage key of the writes not yet taken by the server. */
export const OUTBOX_KEY = 'uf_outbox';

/** The longest wait between two tries, unless Retry-After asks for more. */
export const MAX_DELAY = 60000;

/** A write of a response, as session.ts makes it. */
export interface Write {
	/** The survey's responses route. */
	url: string;
	/** The JSON body (nonce, page_submitted, response_id, answers, reached, complete). */
	body: {
		response_id: string;
		answers: Answer[];
		complete: boolean;
		[ key: string ]: unknown;
	};
	/** sessionStorage key of the response id, removed once the completing write is taken. */
	session?: string;
}

/** A write as kept in localStorage. */
export interface Entry {
	/** Response id + question ids + complete: one kept write per key. */
	key: string;
	url: string;
	/** The JSON text sent. */
	body: string;
	/** The response id: the writes of one response keep their order. */
	rid: string;
	complete: boolean;
	session?: string;
	/** Failed tries so far. */
	tries: number;
	/** When it may be tried again (ms since the epoch). */
	due: number;
}

interface Waiter {
	resolve: ( body: unknown ) => void;
	reject: ( failure: SendFailure ) => void;
	onFail?: ( failure: SendFailure ) => void;
}

export interface Outbox {
	/**
	 * Keeps a write and sends it (after the writes of its response made before it).
	 *
	 * @param write  The write.
	 * @param onFail Told of each try that failed without a verdict (the write is kept and tried again).
	 * @return Fulfilled with the server's JSON once it took the write (2xx); rejected with a
	 *         refused SendFailure when it refused it (4xx).
	 */
	queue: (
		write: Write,
		onFail?: ( failure: SendFailure ) => void
	) => Promise< unknown >;
	/** Tries every kept write now, whatever its backoff says. */
	flush: () => void;
	/** The writes kept (a copy). */
	pending: () => Entry[];
	/** Removes the listeners and the timer (tests). */
	stop: () => void;
}

/**
 * Milliseconds to wait before the next try.
 *
 * @param tries Failed tries so far (1 after the first).
 * @param wait  Seconds the server asked for (Retry-After), 0 if none: it wins.
 */
export function backoff( tries: number, wait = 0 ): number {
	return wait > 0
		? wait * 1000
		: Math.min( 1000 * 2 ** Math.max( tries - 1, 0 ), MAX_DELAY );
}

const keyOf = ( { body }: Write ) =>
	`${ body.response_id }|${ body.answers
		.map( ( answer ) => answer.question_id )
		.join( ',' ) }|${ body.complete ? 1 : 0 }`;

function read(): Entry[] {
	try {
		const list = JSON.parse( localStorage.getItem( OUTBOX_KEY ) ?? '[]' );
		return Array.isArray( list )
			? list.filter(
					( entry ) =>
						entry &&
						typeof entry.key === 'string' &&
						typeof entry.url === 'string' &&
						typeof entry.body === 'string' &&
						typeof entry.rid === 'string'
				)
			: [];
	} catch {
		return [];
	}
}

// A keepalive request may carry at most 64 KB (all of them together): larger writes (a
// completing write with long texts) go as plain requests.
const KEEPALIVE_MAX = 48000;

/**
 * A new outbox, holding the writes kept in localStorage (a page's first one flushes them).
 * Most code wants the page's own: outbox().
 */
export function createOutbox(): Outbox {
	// Loaded writes (another page's) go at once.
	const entries: Entry[] = read().map( ( entry ) => ( {
		...entry,
		tries: +entry.tries || 0,
		due: 0,
	} ) );
	// The write in flight, per response.
	const flying = new Map< string, Entry >();
	// Keys this outbox saw taken or refused: another page's copy of them is not kept either.
	const gone = new Set< string >();
	// Per write; those of a write replaced by a newer one with its key move to the newer.
	const waiters = new Map< Entry, Waiter[] >();
	let timer: ReturnType< typeof setTimeout > | undefined;

	const save = () => {
		const mine = new Set( entries.map( ( entry ) => entry.key ) );
		// Writes another tab kept meanwhile stay.
		const list = read()
			.filter(
				( entry ) => ! mine.has( entry.key ) && ! gone.has( entry.key )
			)
			.concat( entries );
		try {
			if ( list.length ) {
				localStorage.setItem( OUTBOX_KEY, JSON.stringify( list ) );
			} else {
				localStorage.removeItem( OUTBOX_KEY );
			}
		} catch {
			// No storage (private mode, quota): the writes are still tried while the page lives.
		}
	};

	const remove = ( entry: Entry ) => {
		const at = entries.indexOf( entry );
		if ( at >= 0 ) {
			entries.splice( at, 1 );
		}
		if ( ! entries.some( ( other ) => other.key === entry.key ) ) {
			gone.add( entry.key );
		}
	};

	const settle = ( entry: Entry, body: unknown, failure?: SendFailure ) => {
		remove( entry );
		save();
		if ( ! failure && entry.complete && entry.session ) {
			try {
				if ( sessionStorage.getItem( entry.session ) === entry.rid ) {
					sessionStorage.removeItem( entry.session );
				}
			} catch {}
		}
		const list = waiters.get( entry ) ?? [];
		waiters.delete( entry );
		for ( const waiter of list ) {
			if ( failure ) {
				waiter.reject( failure );
			} else {
				waiter.resolve( body );
			}
		}
	};

	const fail = ( entry: Entry, failure: SendFailure ) => {
		if (
			! entry.complete &&
			entries.some(
				( other ) => other.rid === entry.rid && other.complete
			)
		) {
			// The completing write carries this answer too.
			remove( entry );
			waiters.delete( entry );
			save();
			return;
		}
		entry.tries++;
		entry.due = Date.now() + backoff( entry.tries, failure.wait );
		save();
		for ( const waiter of waiters.get( entry ) ?? [] ) {
			waiter.onFail?.( failure );
		}
	};

	const heads = () => {
		const first = new Map< string, Entry >();
		for ( const entry of entries ) {
			if ( ! first.has( entry.rid ) ) {
				first.set( entry.rid, entry );
			}
		}
		return first;
	};

	const schedule = () => {
		clearTimeout( timer );
		timer = undefined;
		let next = Infinity;
		for ( const [ rid, entry ] of heads() ) {
			if ( ! flying.has( rid ) ) {
				next = Math.min( next, entry.due );
			}
		}
		if ( next < Infinity ) {
			timer = setTimeout(
				() => pump(),
				Math.max( next - Date.now(), 0 )
			);
		}
	};

	const attempt = async ( entry: Entry ) => {
		flying.set( entry.rid, entry );
		try {
			let response: Response | undefined;
			// A logged-in visitor's page has the wp_rest nonce: with it, the REST request is
			// the visitor's (cookie auth) and the response records the user.
			// (Read through a cast: the admin's previews compile this file without globals.d.ts.)
			const config = ( window as { userfeedbackConfig?: WidgetConfig } )
				.userfeedbackConfig;
			const nonce = config?.rest_nonce;
			try {
				response = await fetch( entry.url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						...( nonce && { 'X-WP-Nonce': nonce } ),
					},
					body: entry.body,
					keepalive:
						new TextEncoder().encode( entry.body ).length <
						KEEPALIVE_MAX,
				} );
			} catch {}
			if ( ! response ) {
				fail( entry, new SendFailure( 'unreachable' ) );
				return;
			}
			// A write taken whose answer cannot be read is still taken.
			const body = await response.json().catch( () => null );
			if ( response.ok ) {
				settle( entry, body );
				return;
			}
			if (
				config &&
				nonce &&
				body?.code === 'rest_cookie_invalid_nonce'
			) {
				// Logged out meanwhile, or the nonce expired: the write goes again at once
				// (pump() below), as a guest's.
				delete config.rest_nonce;
				return;
			}
			// The answers sent, which the refusal's data.params name by index.
			let answers: Answer[] = [];
			try {
				const sent = JSON.parse( entry.body )?.answers;
				answers = Array.isArray( sent ) ? sent : [];
			} catch {}
			const failure = failureOf( response, body, answers );
			if ( failure.kind === 'refused' ) {
				settle( entry, body, failure );
			} else {
				fail( entry, failure );
			}
		} finally {
			flying.delete( entry.rid );
			pump();
		}
	};

	/**
	 * Sends the first write of each response that is due (or of `now`'s, or all, whatever
	 * their backoff), unless one of that response is in flight; then sets the timer for the next.
	 *
	 * @param now true: every response now; a response id: that response now.
	 */
	const pump = ( now: boolean | string = false ) => {
		const time = Date.now();
		for ( const [ rid, entry ] of heads() ) {
			if (
				! flying.has( rid ) &&
				( now === true || now === rid || entry.due <= time )
			) {
				attempt( entry );
			}
		}
		schedule();
	};

	// Not a newer write of the same key as the one in flight (an answer changed after Back):
	// the beacon could reach the server first and the older value be stored over it. It
	// stays kept and goes on the next page view, after the one in flight.
	const beacon = () => {
		for ( const entry of entries ) {
			if ( flying.get( entry.rid )?.key !== entry.key ) {
				try {
					navigator.sendBeacon?.(
						entry.url,
						new Blob( [ entry.body ], { type: 'application/json' } )
					);
				} catch {}
			}
		}
	};
	const onOnline = () => pump( true );
	const onVisibility = () => {
		if ( document.visibilityState === 'hidden' ) {
			beacon();
		}
	};
	window.addEventListener( 'online', onOnline );
	window.addEventListener( 'pagehide', beacon );
	document.addEventListener( 'visibilitychange', onVisibility );

	if ( entries.length ) {
		save();
		pump( true );
	}

	return {
		queue( write, onFail ) {
			const key = keyOf( write );
			const rid = write.body.response_id;
			const entry: Entry = {
				key,
				url: write.url,
				body: JSON.stringify( write.body ),
				rid,
				complete: write.body.complete,
				session: write.session,
				tries: 0,
				due: Date.now(),
			};
			// The write waiting with the same key (not the one in flight) gives way to this
			// one, and so do the waiting partial writes when this one completes the response.
			const list: Waiter[] = [];
			for ( const other of [ ...entries ] ) {
				if (
					other.rid === rid &&
					flying.get( rid ) !== other &&
					( other.key === key ||
						( write.body.complete && ! other.complete ) )
				) {
					entries.splice( entries.indexOf( other ), 1 );
					if ( other.key === key ) {
						list.push( ...( waiters.get( other ) ?? [] ) );
					} else {
						gone.add( other.key );
					}
					waiters.delete( other );
				}
			}
			entries.push( entry );
			save();
			waiters.set( entry, list );
			const done = new Promise( ( resolve, reject ) =>
				list.push( { resolve, reject, onFail } )
			);
			// A new write is a sign of life: its response is tried now.
			pump( rid );
			return done;
		},
		flush: () => pump( true ),
		pending: () => entries.map( ( entry ) => ( { ...entry } ) ),
		stop() {
			clearTimeout( timer );
			window.removeEventListener( 'online', onOnline );
			window.removeEventListener( 'pagehide', beacon );
			document.removeEventListener( 'visibilitychange', onVisibility );
		},
	};
}

let instance: Outbox | undefined;

/** The page's outbox (made, and the kept writes flushed, on the first call). */
export function outbox(): Outbox {
	return ( instance ??= createOutbox() );
}

/** Tests: stops the page's outbox; the next outbox() call makes a new one. */
export function resetOutbox(): void {
	instance?.stop();
	instance = undefined;
}
