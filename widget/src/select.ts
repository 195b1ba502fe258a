/**
 * Which survey, if any, this visitor gets, and why the others were passed over.
 * Reads the page's globals (cookies, URL, referrer) and the inline config.
 */
import { matchRules, readCookie } from './targeting';
import type {
	Device,
	HiddenReason,
	HiddenRecord,
	VisitorSurvey,
	WidgetConfig,
} from './types';

declare global {
	interface Window {
		/** Every survey the loader passed over on this page, and why (for support). */
		userfeedbackHidden?: HiddenRecord[];
	}
}

/**
 * @param ua          navigator.userAgent.
 * @param touchPoints navigator.maxTouchPoints.
 */
export function deviceTier( ua: string, touchPoints?: number ): Device {
	if (
		// Kindle Fire says Silk; Kindle e-readers say "like Android".
		/iPad|Tablet|Silk|Android(?!.*Mobile)/i.test( ua ) ||
		// iPadOS 13+ sends a desktop Safari user agent; touch support gives it away.
		( /Macintosh/.test( ua ) && touchPoints! > 1 )
	) {
		return 'tablet';
	}
	// Android phones, iPhones and iPods (Safari, Chrome, Firefox, web views) say "Mobile".
	return /Mobi|BlackBerry|Opera Mini/i.test( ua ) ? 'mobile' : 'desktop';
}

/**
 * sessionStorage key that says the visitor closed a floating survey with × in this
 * browser session (written by ui/session.ts, which states the same function: see
 * there why).
 *
 * @param id The survey's id.
 */
export const dismissedKey = ( id: number ) => `uf_dismissed_${ id }`;

/**
 * A survey cookie holds JSON {submitted, last_response_id}, URI-encoded or not.
 * Anything unreadable counts as "not submitted": showing a survey twice beats
 * never showing it.
 *
 * @param raw The cookie's raw value.
 */
export function isSubmitted( raw: string ): boolean {
	// unescape() never throws on a malformed escape, unlike decodeURIComponent().
	return /"submitted":true/.test( unescape( raw ) );
}

/**
 * Why a survey is not for this visitor on this page, or undefined when it is
 * (country rules aside: they need the server, see pickSurvey()). Without a device,
 * for an inline survey, only what hides a survey wherever it is shown applies: a
 * schedule still ahead, features the site may no longer use (needs_pro: the server
 * marks the survey rather than let it show with its rules ignored), and questions of
 * an advanced type (config.question_types) without the question-types addon. A page
 * printed before question_types existed gates nothing here; the server strips gated
 * types from what it saves.
 *
 * @param survey The survey.
 * @param config Widget config.
 * @param device The visitor's device tier; none for an inline survey.
 */
export function hiddenReason(
	survey: VisitorSurvey,
	config: WidgetConfig,
	device?: Device
): HiddenReason | undefined {
	const features = config.features ?? {};
	if ( Date.parse( survey.publish_at! ) > Date.now() ) {
		return 'scheduled';
	}
	if ( survey.needs_pro?.length ) {
		return 'needs_pro';
	}
	if (
		! features.advanced_question_types &&
		survey.questions.some(
			( question ) => config.question_types?.[ question.type ]?.advanced
		)
	) {
		return 'question_types_addon';
	}
	if ( ! device ) {
		return;
	}
	if ( device !== 'desktop' && ! features.device_targeting ) {
		return 'targeting_addon';
	}
	const { behavior = {}, targeting = {} } = survey.settings;
	const devices = targeting.devices;
	if ( devices?.length && ! devices.includes( device ) ) {
		return 'device';
	}
	const today = new Date();
	const { month, day } = behavior.expire_at ?? {};
	if (
		features.behavior &&
		behavior.run_time === 'expire' &&
		month &&
		// Month and day as one number: March 5 is 305.
		( today.getMonth() + 1 ) * 100 + today.getDate() > +month * 100 + +day!
	) {
		return 'expired';
	}
	const cookie = readCookie( survey.cookie_name, document.cookie );
	// once and repeatedly need the behavior addon; until_response otherwise.
	const length = features.behavior && behavior.display_length;
	if (
		cookie !== undefined &&
		length !== 'repeatedly' &&
		( length === 'once' || isSubmitted( cookie ) )
	) {
		return 'cookie';
	}
	try {
		// Storage a page may not use: nothing was remembered there either.
		if (
			behavior.remember_dismissal !== false &&
			sessionStorage.getItem( dismissedKey( survey.id ) )
		) {
			return 'dismissed';
		}
	} catch {}
	if (
		targeting.pages === 'select' &&
		features.page_targeting &&
		! matchRules( targeting.page_rules ?? [], config.context ?? {} )
	) {
		return 'pages';
	}
}

/**
 * The first survey, in the config's order, that this visitor may see floating. Every
 * survey passed over is recorded on window.userfeedbackHidden. The visitor's country
 * is asked of the server once, and only when a survey that passed everything else
 * has country rules.
 *
 * @param config Widget config.
 * @param device The visitor's device tier.
 * @param inline Ids of the surveys shown inline on this page (never floating).
 */
export async function pickSurvey(
	config: WidgetConfig,
	device: Device,
	inline: number[]
): Promise< VisitorSurvey | undefined > {
	let geo: Promise< { country?: string } | null > | undefined;
	for ( const survey of config.surveys ) {
		const { target, countries } = survey.settings.geo_targeting ?? {};
		let reason = inline.includes( survey.id )
			? 'inline'
			: hiddenReason( survey, config, device );
		if (
			! reason &&
			config.features?.geo_targeting &&
			target === 'select' &&
			countries?.length
		) {
			// An unanswered or failed request hides the survey.
			geo ??= fetch( `${ config.rest_url }geo` )
				.then( ( response ) => response.json() )
				.catch( () => null );
			if ( ! countries.includes( ( await geo )?.country! ) ) {
				reason = 'geo';
			}
		}
		if ( ! reason ) {
			return survey;
		}
		window.userfeedbackHidden!.push( { survey_id: survey.id, reason } );
	}
}
