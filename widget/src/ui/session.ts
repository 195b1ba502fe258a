/**
 * The visitor session of one survey (UiModule.start in types.ts): impression, survey
 * cookie, mounting, remembered minimise, the response and analytics events. Nothing
 * sent here carries X-WP-Nonce: pages come from full-page caches, where a stale
 * nonce would make WordPress refuse the request; the survey's long-lived tokens go
 * in the URL (impression) or the body (response) instead.
 */
import type {
	Answer,
	VisitorSurvey,
	WidgetConfig,
	WidgetProps,
} from '../types';
import { failureOf, SendFailure } from './send';

type Mount = ( props: WidgetProps, host?: HTMLElement ) => () => void;

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
 * Saves the answers (unless there is nothing to save: no answers, or every one
 * skipped), and marks the survey answered once they are saved. When they are not, the
 * promise is rejected with a SendFailure and the cookie still says "not submitted": the
 * widget keeps the answers for another try, and a visitor who leaves is asked again on
 * a later page rather than believing the answers were sent.
 *
 * @param config  Widget config.
 * @param survey  The survey answered.
 * @param answers Its answers (null for skipped questions).
 * @return The new response's id, or null when nothing needed sending.
 */
export async function submit(
	config: WidgetConfig,
	survey: VisitorSurvey,
	answers: Answer[]
): Promise< number | null > {
	let id: number | null = null;
	if ( answers.some( ( answer ) => answer.value !== null ) ) {
		let response: Response;
		try {
			response = await fetch(
				`${ config.rest_url }surveys/${ survey.id }/responses`,
				{
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify( {
						answers,
						page_submitted: {
							link: window.location.href,
							title: document.title,
						},
						nonce: survey.nonces.submission,
					} ),
				}
			);
		} catch {
			throw new SendFailure( 'unreachable' );
		}
		// A stored response whose answer cannot be read is still stored.
		const body = await response.json().catch( () => null );
		if ( ! response.ok ) {
			throw failureOf( response, body, answers );
		}
		id = body?.id ?? null;
		track( survey, 'submission', { response_id: id } );
	}
	writeCookie(
		survey.cookie_name,
		JSON.stringify( { submitted: true, last_response_id: id } )
	);
	return id;
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
 * @param survey The survey.
 * @param mount  Renders the widget (index.tsx's mount).
 * @param host   Placeholder of an inline survey.
 */
export function startSession(
	config: WidgetConfig,
	survey: VisitorSurvey,
	mount: Mount,
	host?: HTMLElement
): void {
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
	if ( ! initialFinished ) {
		fetch(
			`${ config.rest_url }surveys/${
				survey.id
			}/impression?nonce=${ encodeURIComponent(
				survey.nonces.impression
			) }`,
			{ method: 'POST' }
		).catch( () => undefined );
		track( survey, 'impression' );
	}

	const minimizedCookie = `${ survey.cookie_name }-minimized`;
	const remembered = readCookie( minimizedCookie );
	const unmount = mount(
		{
			survey,
			strings: config.strings,
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
			questionTypes: config.question_types,
			limits: config.limits,
			onFinish: ( answers ) => submit( config, survey, answers ),
			onClose: () => unmount(),
		},
		host
	);
}
