/**
 * The visitor session of one survey (UiModule.start in types.ts): impression, survey
 * cookie, mounting, remembered minimise, the response and analytics events. The
 * response is written as the visitor goes, one write per answer, then completed, every
 * write under the survey session's response id and through the outbox (../outbox.ts),
 * which sends it again until the server has it. Nothing
 * sent here carries X-WP-Nonce: pages come from full-page caches, where a stale
 * nonce would make WordPress refuse the request; the survey's long-lived tokens go
 * in the URL (impression) or the body (response) instead.
 */
import type {
	Answer,
	SurveyBody,
	SurveyTarget,
	VisitorSurvey,
	WidgetConfig,
	WidgetProps,
} from '../types';
import { outbox, type Write } from '../outbox';
import { attributes, emit } from '../api';
import { collectFields } from './fields';
import type { SendFailure } from './send';

type Mount = ( props: WidgetProps, host?: HTMLElement ) => () => void;

/**
 * The sessionStorage key of a floating survey closed with × (read by the loader's
 * select.ts, which has the same function). Stated twice on purpose: importing it from
 * select.ts would make the loader every page downloads keep select.ts as a module
 * shared with this chunk (46 bytes gzip over its budget). reach.test.tsx checks that
 * both give the same key.
 *
 * @param id The survey's id.
 */
export const dismissedKey = ( id: number ) => `uf_dismissed_${ id }`;

/**
 * @param name Cookie name.
 * @return Its (decoded) value, or null when there is none.
 */
export function readCookie( name: string ): string | null {
	for ( const pair of document.cookie.split( /;\s*/ ) ) {
		const at = pair.indexOf( '=' );
		if ( at > 0 && pair.slice( 0, at ) === name ) {
			try {
				return decodeURIComponent( pair.slice( at + 1 ) );
			} catch {
				return pair.slice( at + 1 );
			}
		}
	}
	return null;
}

/**
 * A session cookie for the whole site (spec: the survey cookie lasts the session).
 *
 * @param name  Cookie name.
 * @param value Its value.
 */
export function writeCookie( name: string, value: string ): void {
	document.cookie = `${ name }=${ encodeURIComponent(
		value
	) }; path=/; SameSite=Lax`;
}

function readState( survey: VisitorSurvey ): { submitted?: boolean } | null {
	try {
		return JSON.parse( readCookie( survey.cookie_name ) ?? 'null' );
	} catch {
		return {};
	}
}

/**
 * Sends a Google Analytics event through the page's gtag (MonsterInsights and the
 * like put it there) when the survey's tracking is on; nothing otherwise.
 *
 * @param survey The survey.
 * @param action impression or submission.
 * @param params More event parameters.
 */
export function track(
	survey: VisitorSurvey,
	action: 'impression' | 'submission',
	params: Record< string, unknown > = {}
): void {
	const gtag = ( window as { gtag?: ( ...args: unknown[] ) => void } ).gtag;
	if ( survey.settings.enable_tracking && typeof gtag === 'function' ) {
		try {
			gtag( 'event', `userfeedback_${ action }`, {
				event_category: 'UserFeedback',
				event_label: survey.title,
				survey_id: survey.id,
				survey_title: survey.title,
				non_interaction: action === 'impression',
				...params,
			} );
		} catch {
			// Someone else's script: never let it break the survey.
		}
	}
}

/**
 * A random (version 4) UUID: crypto.randomUUID() where the page is a secure context,
 * else made from crypto.getRandomValues(), which plain-http pages have too.
 */
export function uuid(): string {
	if ( typeof crypto.randomUUID === 'function' ) {
		return crypto.randomUUID();
	}
	const bytes = crypto.getRandomValues( new Uint8Array( 16 ) );
	// The version (4) and variant (10xx) bits of RFC 9562.
	bytes[ 6 ] = 0x40 + ( bytes[ 6 ] % 16 );
	bytes[ 8 ] = 0x80 + ( bytes[ 8 ] % 64 );
	const hex = Array.from( bytes, ( byte ) =>
		byte.toString( 16 ).padStart( 2, '0' )
	).join( '' );
	return `${ hex.slice( 0, 8 ) }-${ hex.slice( 8, 12 ) }-${ hex.slice(
		12,
		16
	) }-${ hex.slice( 16, 20 ) }-${ hex.slice( 20 ) }`;
}

/**
 * sessionStorage key of a survey's response id.
 *
 * @param survey The survey.
 */
export const responseKey = ( survey: VisitorSurvey ) => `uf_rid_${ survey.id }`;

// Where sessionStorage cannot be used (blocked storage), this page's memory keeps the ids.
const ids = new Map< number, string >();

/**
 * The response id of this survey session (the tab's sessionStorage, so a reload or the
 * next page carries on the same response), made when `create` asks for it.
 *
 * @param survey The survey.
 * @param create Make one when there is none.
 */
export function responseId(
	survey: VisitorSurvey,
	create = false
): string | undefined {
	const key = responseKey( survey );
	let id: string | undefined;
	try {
		id = sessionStorage.getItem( key ) ?? undefined;
		if ( ! id && create ) {
			id = uuid();
			sessionStorage.setItem( key, id );
		}
	} catch {
		id = ids.get( survey.id ) ?? id ?? ( create ? uuid() : undefined );
		if ( id ) {
			ids.set( survey.id, id );
		}
	}
	return id;
}

/**
 * Ends the survey session's response: the next answer starts another.
 *
 * @param survey The survey.
 * @param id     The response completed (a newer one is kept).
 */
function forgetResponse( survey: VisitorSurvey, id: string ): void {
	if ( ids.get( survey.id ) === id ) {
		ids.delete( survey.id );
	}
	try {
		if ( sessionStorage.getItem( responseKey( survey ) ) === id ) {
			sessionStorage.removeItem( responseKey( survey ) );
		}
	} catch {}
}

// Each started survey's hidden fields (ui/fields.ts), collected once at start: every write
// of its response carries them (the server stores the first values it gets).
const collected = new Map< number, Record< string, string > >();

/**
 * A write of the response (see the visitor write in DESIGN: POST surveys/{id}/responses).
 *
 * @param config   Widget config.
 * @param survey   The survey.
 * @param id       The response id.
 * @param answers  The answers it carries.
 * @param reached  Index of the question the visitor reached.
 * @param complete The completing write.
 */
function responseWrite(
	config: WidgetConfig,
	survey: VisitorSurvey,
	id: string,
	answers: Answer[],
	reached: number,
	complete: boolean
): Write {
	return {
		url: `${ config.rest_url }surveys/${ survey.id }/responses`,
		body: {
			response_id: id,
			answers,
			reached,
			complete,
			page_submitted: {
				link: window.location.href,
				title: document.title,
			},
			nonce: survey.nonces.submission,
			...( Object.keys( collected.get( survey.id ) ?? {} ).length
				? { fields: collected.get( survey.id ) }
				: {} ),
		},
		session: responseKey( survey ),
	};
}

/**
 * Writes one answer (or skip) as the visitor goes: the first creates the response, as
 * a partial one. The outbox sends it again until the server has it; a refusal is left
 * to the completing write, which carries every answer and shows it.
 *
 * @param config  Widget config.
 * @param survey  The survey answered.
 * @param answer  The answer (null value: skipped).
 * @param reached Index of the question shown next.
 */
export function writeAnswer(
	config: WidgetConfig,
	survey: VisitorSurvey,
	answer: Answer,
	reached: number
): void {
	outbox()
		.queue(
			responseWrite(
				config,
				survey,
				responseId( survey, true )!,
				[ answer ],
				reached,
				false
			)
		)
		.catch( () => undefined );
}

/**
 * Completes the response with every answer (unless there is nothing to save: no answer
 * written yet and every one skipped), and marks the survey answered once the server has
 * it. When it does not, the promise is rejected with a SendFailure and the cookie still
 * says "not submitted": the widget keeps the answers for another try, and a visitor who
 * leaves is asked again on a later page rather than believing the answers were sent. A
 * write that could not reach the server stays in the outbox, which sends it again; the
 * failure's `later` settles when it did (and the cookie is marked then).
 *
 * @param config  Widget config.
 * @param survey  The survey answered.
 * @param answers Its answers (null for skipped questions).
 * @param reached Index of the last question shown.
 * @return The response's id, or null when nothing needed sending.
 */
export function submit(
	config: WidgetConfig,
	survey: VisitorSurvey,
	answers: Answer[],
	reached = 0
): Promise< number | null > {
	const started = responseId( survey );
	if ( ! started && answers.every( ( answer ) => answer.value === null ) ) {
		writeCookie(
			survey.cookie_name,
			JSON.stringify( { submitted: true, last_response_id: null } )
		);
		return Promise.resolve( null );
	}
	const id = started ?? responseId( survey, true )!;
	return new Promise( ( resolve, reject ) => {
		const stored: Promise< number | null > = outbox()
			.queue(
				responseWrite( config, survey, id, answers, reached, true ),
				( failure: SendFailure ) => {
					failure.later = stored;
					reject( failure );
				}
			)
			.then( ( body ) => {
				// A stored response whose answer cannot be read is still stored.
				const response = ( body as { id?: unknown } | null )?.id;
				const number = typeof response === 'number' ? response : null;
				track( survey, 'submission', { response_id: number } );
				writeCookie(
					survey.cookie_name,
					JSON.stringify( {
						submitted: true,
						last_response_id: number,
					} )
				);
				forgetResponse( survey, id );
				// The site's userfeedback( 'on', 'complete', … ) callbacks (../api.ts).
				emit( 'complete', {
					survey_id: survey.id,
					response_id: id,
					answers,
				} );
				return number;
			} );
		stored.then( resolve, reject );
	} );
}

/** Milliseconds before the one retry of a body request that failed (network, 5xx). */
export const BODY_RETRY_MS = 1000;

/**
 * The URL of a survey's body under the version the page knows (a cache keeps it per v).
 *
 * @param config The widget config.
 * @param target The survey's target.
 */
export function bodyUrl( config: WidgetConfig, target: SurveyTarget ): string {
	const url = `${ config.rest_url }surveys/${ target.id }/widget`;
	// rest_url is .../?rest_route=/userfeedback/v1/ on sites without pretty permalinks.
	return `${ url }${ url.includes( '?' ) ? '&' : '?' }v=${ encodeURIComponent(
		target.v ?? ''
	) }`;
}

/**
 * Fetches what the UI needs to show a survey (GET surveys/{id}/widget, public and
 * cacheable: no cookies sent). A network error or a 5xx is tried once more after
 * BODY_RETRY_MS; any other failure (404: the survey is no longer live; 429) or a second
 * one gives null.
 *
 * @param config The widget config.
 * @param target The survey's target.
 * @return The body, or null when it could not be had.
 */
export async function fetchBody(
	config: WidgetConfig,
	target: SurveyTarget
): Promise< SurveyBody | null > {
	for ( let attempt = 0; attempt < 2; attempt++ ) {
		if ( attempt ) {
			await new Promise( ( wait ) => setTimeout( wait, BODY_RETRY_MS ) );
		}
		let response: Response;
		try {
			response = await fetch( bodyUrl( config, target ), {
				credentials: 'omit',
			} );
		} catch {
			continue;
		}
		if ( response.ok ) {
			try {
				const body = ( await response.json() ) as SurveyBody;
				return body?.survey?.id === target.id &&
					Array.isArray( body.survey.questions )
					? body
					: null;
			} catch {
				return null;
			}
		}
		if ( response.status < 500 ) {
			return null;
		}
	}
	return null;
}

/**
 * Starts a survey that passed targeting and whose trigger fired: floating, or inline
 * into `host` (a shortcode or block placeholder).
 *
 * An inline survey this visitor already answered shows its thank-you in place
 * (unless it is shown repeatedly, with the behavior entitlement); it then posts no
 * impression, as no question was shown.
 *
 * @param config The widget config.
 * @param body   The survey's body (fetchBody()): the survey, strings, types, limits.
 * @param mount  Renders the widget (index.tsx's mount).
 * @param host   Placeholder of an inline survey.
 * @return Removes the widget.
 */
export function startSession(
	config: WidgetConfig,
	body: SurveyBody,
	mount: Mount,
	host?: HTMLElement
): () => void {
	const { survey } = body;
	const features = config.features ?? {};
	const settings = survey.settings ?? {};
	const state = readState( survey );
	const repeatedly =
		!! features.behavior &&
		settings.behavior?.display_length === 'repeatedly';
	const initialFinished =
		!! host && state?.submitted === true && ! repeatedly;

	if ( ! state ) {
		writeCookie(
			survey.cookie_name,
			JSON.stringify( { submitted: false, last_response_id: null } )
		);
	}
	// The showing is counted in a task of its own, after the one that renders the
	// survey: together they blocked the page's input too long (Total Blocking Time,
	// bench/lighthouse.mjs). Not when the survey was removed before it ran.
	let removed = false;
	if ( ! initialFinished ) {
		setTimeout( () => {
			if ( removed ) {
				return;
			}
			fetch(
				`${ config.rest_url }surveys/${
					survey.id
				}/impression?nonce=${ encodeURIComponent(
					survey.nonces.impression
				) }`,
				{ method: 'POST' }
			).catch( () => undefined );
			track( survey, 'impression' );
			// When and which survey this visitor was shown last: the loader's site-wide
			// cooldown and one survey per page (select.ts pacedReason()) read it.
			try {
				localStorage.uf_seen = `${ Date.now() }:${ survey.id }`;
			} catch {}
		} );
	}

	const fields = collectFields(
		settings.hidden_fields,
		window.location.search,
		document.cookie,
		attributes(),
		body.limits?.field_max
	);
	collected.set( survey.id, fields );

	const minimizedCookie = `${ survey.cookie_name }-minimized`;
	const remembered = readCookie( minimizedCookie );
	const unmount: () => void = mount(
		{
			survey,
			strings: body.strings,
			features,
			inline: !! host,
			initialFinished,
			minimized:
				! host &&
				( remembered
					? remembered === '1'
					: !! features.behavior &&
						!! (
							settings.theming?.start_minimized ||
							settings.behavior?.start_minimized
						) ),
			onMinimizedChange: ( minimized ) =>
				writeCookie( minimizedCookie, minimized ? '1' : '0' ),
			questionTypes: body.question_types,
			limits: body.limits,
			fields,
			onAnswer: ( answer, reached ) =>
				writeAnswer( config, survey, answer, reached ),
			onFinish: ( answers, reached ) => {
				emit( 'submit', {
					survey_id: survey.id,
					response_id: responseId( survey ),
					answers,
				} );
				return submit( config, survey, answers, reached );
			},
			onClose: () => unmount(),
			// A floating survey closed with × stays away for the rest of the browser
			// session unless the survey says otherwise (the loader reads the key).
			onDismiss: () => {
				emit( 'dismiss', { survey_id: survey.id } );
				if (
					! host &&
					settings.behavior?.remember_dismissal !== false
				) {
					try {
						sessionStorage.setItem(
							dismissedKey( survey.id ),
							'1'
						);
					} catch {}
				}
			},
		},
		host
	);
	return () => {
		removed = true;
		unmount();
	};
}
