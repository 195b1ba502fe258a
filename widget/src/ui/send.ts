/**
 * Why a response did not reach the database, in the terms the widget shows it: the
 * server judged it and said no (refused: 4xx), or it could not be judged now
 * (unreachable: no answer, a 5xx, or 408/429, which ask to try again later).
 */
import type { Answer } from '../types';

export class SendFailure extends Error {
	/**
	 * @param kind      refused or unreachable.
	 * @param message   The server's message (REST error `message`), '' when it gave none.
	 * @param questions Question id => the server's message about its answer.
	 * @param wait      Seconds the server asked to wait before a retry (Retry-After), 0 if none.
	 */
	constructor(
		readonly kind: 'refused' | 'unreachable',
		message = '',
		readonly questions: Record< number, string > = {},
		readonly wait = 0
	) {
		super( message );
	}

	/**
	 * For a write kept to be sent again (unreachable): settles when it finally is,
	 * fulfilled once the server took it, rejected with a refusal if it refused it.
	 */
	later?: Promise< unknown >;
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. Capped at an
 * hour, so that a wrong header cannot lock the Retry button for good.
 *
 * @param header The header's value, if any.
 * @param now    The time now, in milliseconds.
 */
export function retryAfter( header: string | null, now = Date.now() ): number {
	const value = ( header ?? '' ).trim();
	let seconds = /^\d+$/.test( value )
		? +value
		: Math.ceil( ( Date.parse( value ) - now ) / 1000 );
	seconds = seconds > 0 ? seconds : 0;
	return Math.min( seconds, 3600 );
}

/**
 * The failure of a response the server did not take (status not 2xx).
 *
 * @param response The server's answer.
 * @param body     Its JSON, as a WP_Error: { code, message, data: { status, params } }.
 * @param answers  The answers sent, in order: data.params names them answers[i].
 */
export function failureOf(
	response: Response,
	body: {
		message?: unknown;
		data?: { params?: Record< string, unknown > };
	} | null,
	answers: Answer[]
): SendFailure {
	const { status } = response;
	if ( status >= 500 || status === 408 || status === 429 ) {
		return new SendFailure(
			'unreachable',
			'',
			{},
			retryAfter( response.headers.get( 'Retry-After' ) )
		);
	}
	const questions: Record< number, string > = {};
	for ( const [ key, text ] of Object.entries( body?.data?.params ?? {} ) ) {
		const at = /^answers\[(\d+)\]/.exec( key );
		const answer = at && answers[ +at[ 1 ] ];
		if ( answer && typeof text === 'string' ) {
			questions[ answer.question_id ] = text;
		}
	}
	return new SendFailure(
		'refused',
		typeof body?.message === 'string' ? body.message : '',
		questions
	);
}
