/**
 * How responses read on screen: statuses, answers, page links.
 */
import { __, sprintf } from '@wordpress/i18n';

import type {
	ResponseAnswer,
	ResponseItem,
	ResponseStatus,
} from '../../shared/types';

export function responseTitle( id: number ): string {
	return sprintf(
		/* translators: %s: response id. */
		__( 'Response #%s', 'userfeedback' ),
		String( id )
	);
}

export function statusLabel( status: ResponseStatus ): string {
	switch ( status ) {
		case 'trash':
			return __( 'Trash', 'userfeedback' );
		case 'partial':
			return __( 'Partial', 'userfeedback' );
		default:
			return __( 'Published', 'userfeedback' );
	}
}

/**
 * Where a visitor stopped: 'Reached question 2 of 4', from the 0-based index of the last
 * question reached (kept within the survey's questions, which may have changed since).
 *
 * @param lastQuestion 0-based index in the survey's question order.
 * @param count        The survey's number of questions.
 */
export function reachedLabel( lastQuestion: number, count: number ): string {
	const total = Math.max( count, 1 );
	return sprintf(
		/* translators: 1: number of the last question the visitor reached, 2: number of questions. */
		__( 'Reached question %1$d of %2$d', 'userfeedback' ),
		Math.min( Math.max( lastQuestion, 0 ) + 1, total ),
		total
	);
}

export function surveyTitle( title: string | undefined ): string {
	return title || __( '(no title)', 'userfeedback' );
}

/** A stored value as text: null (or an empty list) is a skipped question. */
export function isSkipped( value: ResponseAnswer[ 'value' ] | undefined ) {
	if ( value === null || value === undefined ) {
		return true;
	}
	return Array.isArray( value ) ? value.length === 0 : value === '';
}

/**
 * What an unanswered question that the survey's display logic hid from the visitor
 * reads on the response page (the response's not_shown, computed by the server).
 */
export function notShownText(): string {
	return __( 'Not shown', 'userfeedback' );
}

/**
 * An answer's value as one line: checkbox values joined, skipped as 'Skipped'.
 *
 * @param value The stored value.
 */
export function answerText( value: ResponseAnswer[ 'value' ] | undefined ) {
	if ( isSkipped( value ) ) {
		return __( 'Skipped', 'userfeedback' );
	}
	return Array.isArray( value ) ? value.join( ', ' ) : String( value );
}

/**
 * The first answered question's value, in the survey's question order, for the list's
 * preview column; '' when every question was skipped.
 *
 * @param response    The response.
 * @param questionIds The survey's question ids, in order.
 */
export function answerPreview(
	response: Pick< ResponseItem, 'answers' >,
	questionIds: number[]
): string {
	const rank = ( id: number ) => {
		const index = questionIds.indexOf( id );
		return index === -1 ? Number.MAX_SAFE_INTEGER : index;
	};
	const first = response.answers
		.filter( ( answer ) => ! isSkipped( answer.value ) )
		.sort( ( a, b ) => rank( a.question_id ) - rank( b.question_id ) )[ 0 ];
	return first ? answerText( first.value ) : '';
}

/** Cuts text to `max` characters at most, ending it with an ellipsis. */
export function truncate( text: string, max = 80 ): string {
	const chars = Array.from( text.replace( /\s+/g, ' ' ).trim() );
	return chars.length > max
		? `${ chars
				.slice( 0, max - 1 )
				.join( '' )
				.trimEnd() }…`
		: chars.join( '' );
}

/**
 * The link of a submitted page, safe to put in an href: every 'javascript:' (in any case,
 * with tabs or line breaks inside it, as browsers read it) is stripped, and only an
 * absolute http(s) URL is kept; '' otherwise, and the page shows as text.
 *
 * @param url The stored URL.
 */
export function safePageUrl( url: string | undefined ): string {
	if ( ! url ) {
		return '';
	}
	// Browsers drop tabs and line breaks anywhere in a URL and leading controls/spaces.

	let cleaned = url
		.replace( /[\t\n\r]/g, '' )
		.replace( /^[\u0000-\u0020]+/, '' );
	let previous;
	do {
		previous = cleaned;
		cleaned = cleaned.replace( /javascript:/gi, '' );
	} while ( cleaned !== previous );
	cleaned = cleaned.trim();
	try {
		const parsed = new URL( cleaned );
		return parsed.protocol === 'http:' || parsed.protocol === 'https:'
			? cleaned
			: '';
	} catch {
		return '';
	}
}
