/**
 * Which survey, if any, this visitor gets. Kept apart from loader.ts so it can be
 * tested without a page, and kept free of imports so the loader stays tiny.
 */
import type { Device, VisitorSurvey } from './types';

/**
 * @param ua          navigator.userAgent.
 * @param touchPoints navigator.maxTouchPoints.
 */
export function deviceTier( ua: string, touchPoints = 0 ): Device {
	if (
		/iPad|Tablet|PlayBook|Silk|Kindle/i.test( ua ) ||
		( /Android/i.test( ua ) && ! /Mobile/i.test( ua ) ) ||
		// iPadOS 13+ sends a desktop Safari user agent; touch support gives it away.
		( /Macintosh/.test( ua ) && touchPoints > 1 )
	) {
		return 'tablet';
	}
	return /Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini/i.test( ua )
		? 'mobile'
		: 'desktop';
}

/**
 * @param name    Cookie name.
 * @param cookies document.cookie.
 */
export function readCookie( name: string, cookies: string ): string | null {
	for ( const pair of cookies.split( /;\s*/ ) ) {
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
 * A survey cookie holds JSON {submitted, last_response_id}. Anything unreadable
 * counts as "not submitted": showing a survey twice beats never showing it.
 *
 * @param survey  The survey.
 * @param cookies document.cookie.
 */
export function isSubmitted( survey: VisitorSurvey, cookies: string ): boolean {
	const raw = readCookie( survey.cookie_name, cookies );
	if ( ! raw ) {
		return false;
	}
	try {
		return JSON.parse( raw )?.submitted === true;
	} catch {
		return false;
	}
}

/**
 * The first survey this visitor may see: not already answered, and meant for their
 * device. No device list means every device.
 *
 * @param surveys Candidates, in the server's priority order.
 * @param device  The visitor's device tier.
 * @param cookies document.cookie.
 */
export function pickSurvey(
	surveys: VisitorSurvey[],
	device: Device,
	cookies: string
): VisitorSurvey | undefined {
	return surveys.find( ( survey ) => {
		const devices = survey.settings?.targeting?.devices;
		return (
			! isSubmitted( survey, cookies ) &&
			( ! devices?.length || devices.includes( device ) )
		);
	} );
}
