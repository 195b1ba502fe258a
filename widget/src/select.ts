/**
 * Which survey, if any, this visitor gets, and why the others were passed over.
 * Reads the page's globals (cookies, storage) and the inline config. What only some
 * surveys need (page rules, the country) is in a chunk of its own (narrow.ts), imported
 * when a candidate has such rules: the loader every page downloads stays small.
 */
import type {
	Device,
	HiddenReason,
	HiddenRecord,
	SurveyTarget,
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
 * A cookie's raw value (not decoded), or undefined when there is none (the same as
 * targeting.ts's, which is in the narrow chunk: see there).
 *
 * @param name    Cookie name.
 * @param cookies document.cookie ("a=1; b=2").
 */
export function readCookie(
	name: string,
	cookies: string
): string | undefined {
	return `; ${ cookies }`.split( `; ${ name }=` )[ 1 ]?.split( ';' )[ 0 ];
}

/** When this page started (a survey shown since was shown on this page). */
const pageStart = Date.now();

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
 * Why the survey is not live for anyone: a schedule still ahead, an end date passed
 * (settings.close.end_at), or features the site may no longer use (needs_pro: the
 * server marks the survey rather than let it show with its rules ignored; that also
 * covers questions of a type whose addon lapsed). Applies wherever a survey is shown:
 * floating, inline, and through userfeedback('show').
 *
 * @param survey The survey.
 */
export function liveReason( survey: SurveyTarget ): HiddenReason | undefined {
	const now = Date.now();
	if ( Date.parse( survey.publish_at! ) > now ) {
		return 'scheduled';
	}
	if ( Date.parse( survey.end_at! ) <= now ) {
		return 'closed';
	}
	if ( survey.needs_pro?.length ) {
		return 'needs_pro';
	}
}

/**
 * 'cookie' when the survey's cookie says this visitor is done with it: answered (until
 * response, the default), or shown once (display_length once, with the behavior addon);
 * never for repeatedly.
 *
 * @param survey The survey.
 * @param config Widget config.
 */
export function doneReason(
	survey: SurveyTarget,
	config: WidgetConfig
): HiddenReason | undefined {
	const cookie = readCookie( survey.cookie_name, document.cookie );
	// once and repeatedly need the behavior addon; until_response otherwise.
	const length =
		config.features?.behavior && survey.settings.behavior?.display_length;
	if (
		cookie !== undefined &&
		length !== 'repeatedly' &&
		( length === 'once' || isSubmitted( cookie ) )
	) {
		return 'cookie';
	}
}

/**
 * The site-wide pacing (config.cooldown): 'one_per_page' when a survey was shown on
 * this page already, 'cooldown' when the visitor was shown another survey less than
 * `days` days ago (unless the survey has behavior.ignore_cooldown). The UI records the
 * last survey shown in localStorage uf_seen as "<time in ms>:<survey id>" when it posts
 * the impression; the survey seen last is not held back by its own showing (the cooldown
 * keeps the others away). Checked at the pick and again when the trigger fires.
 *
 * @param survey    The survey.
 * @param config    Widget config.
 * @param shownHere An inline survey was started on this page (its impression may not be
 *                  recorded yet): as if a survey had just been shown.
 */
export function pacedReason(
	survey: SurveyTarget,
	config: WidgetConfig,
	shownHere?: boolean
): HiddenReason | undefined {
	const { days = 0, one_per_page: onePerPage } = config.cooldown ?? {};
	let seen: unknown[] = shownHere ? [ Date.now() ] : [];
	try {
		if ( ! shownHere ) {
			seen = ( localStorage.uf_seen ?? '' ).split( ':' );
		}
	} catch {}
	const [ at, id ] = seen as [ string, string ];
	if ( ! at || +id === survey.id ) {
		return;
	}
	if ( onePerPage && +at >= pageStart ) {
		return 'one_per_page';
	}
	if (
		! survey.settings.behavior?.ignore_cooldown &&
		Date.now() - +at < days * 864e5
	) {
		return 'cooldown';
	}
}

/**
 * 'sampled_out' when the survey is shown to a share of visitors only
 * (behavior.sample_percent below 100, with the behavior addon) and this visitor is not
 * in it. The visitor's draw, a number from 0 to 100 (Math.random()), is made once per
 * survey and kept in localStorage uf_sample_<id>: the same visitor stays in or out on
 * every page, and raising the share keeps those already in. Where storage cannot be
 * used the visitor is in: nothing could remember an "out".
 *
 * @param survey The survey.
 * @param config Widget config.
 */
export function sampledReason(
	survey: SurveyTarget,
	config: WidgetConfig
): HiddenReason | undefined {
	// Unset (a page printed before sampling existed), or without the addon: everyone.
	const percent =
		( config.features?.behavior &&
			survey.settings.behavior?.sample_percent ) ||
		100;
	const key = `uf_sample_${ survey.id }`;
	try {
		if (
			percent < 100 &&
			+( localStorage[ key ] ??= Math.random() * 100 ) >= percent
		) {
			return 'sampled_out';
		}
	} catch {}
}

/**
 * Why a survey is not for this visitor on this page, or undefined when it is, from
 * what the page knows at once (page rules, the country and the sample aside: see
 * reasonFor()). Without a device, for an inline survey, only liveReason() applies.
 *
 * @param survey The survey.
 * @param config Widget config.
 * @param device The visitor's device tier; none for an inline survey.
 */
export function hiddenReason(
	survey: SurveyTarget,
	config: WidgetConfig,
	device?: Device
): HiddenReason | undefined {
	const features = config.features ?? {};
	const live = liveReason( survey );
	if ( live || ! device ) {
		return live;
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
	const done = doneReason( survey, config );
	if ( done ) {
		return done;
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
	return pacedReason( survey, config );
}

/** What narrow.ts keeps for one pick: the country, asked of the server once. */
export interface Asked {
	geo?: Promise< { country?: string } | null >;
}

/**
 * Every reason a survey is not for this visitor floating on this page: hiddenReason(),
 * then page rules and country rules (in the narrow chunk, imported only for a survey
 * that has such rules), then the sample, drawn only for a visitor the survey matches.
 *
 * @param survey The survey.
 * @param config Widget config.
 * @param device The visitor's device tier.
 * @param asked  Shared by the surveys of one pick.
 */
export async function reasonFor(
	survey: SurveyTarget,
	config: WidgetConfig,
	device: Device,
	asked: Asked = {}
): Promise< HiddenReason | undefined > {
	const { targeting, geo_targeting: geo } = survey.settings;
	return (
		hiddenReason( survey, config, device ) ||
		( ( targeting?.pages === 'select' || geo?.target === 'select' ) &&
			( await (
				await import( /* webpackChunkName: "narrow" */ './narrow' )
			).narrow( survey, config, asked ) ) ) ||
		sampledReason( survey, config )
	);
}

/**
 * The first survey, in the config's order, that this visitor may see floating (the
 * server orders the surveys by priority, then age). Every survey passed over is recorded
 * on window.userfeedbackHidden. The visitor's country is asked of the server once, and
 * only when a survey that passed everything else has country rules.
 *
 * @param config Widget config.
 * @param device The visitor's device tier.
 * @param inline Ids of the surveys shown inline on this page (never floating).
 */
export async function pickSurvey(
	config: WidgetConfig,
	device: Device,
	inline: number[]
): Promise< SurveyTarget | undefined > {
	const asked: Asked = {};
	for ( const survey of config.surveys ) {
		const reason = inline.includes( survey.id )
			? 'inline'
			: await reasonFor( survey, config, device, asked );
		if ( ! reason ) {
			return survey;
		}
		window.userfeedbackHidden!.push( { survey_id: survey.id, reason } );
	}
}
