import { describe, expect, it } from 'vitest';

import { deviceTier, isSubmitted, pickSurvey, readCookie } from './select';
import { makeSurvey } from './test/fixtures';

const UA = {
	desktop:
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
	mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
	iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
	androidPhone:
		'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
	androidTablet:
		'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
	ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
};

const cookie = ( name: string, value: unknown ) =>
	`${ name }=${ encodeURIComponent( JSON.stringify( value ) ) }`;

describe( 'deviceTier', () => {
	it.each( [
		[ 'desktop', UA.desktop, 0 ],
		[ 'desktop', UA.mac, 0 ],
		[ 'mobile', UA.iphone, 5 ],
		[ 'mobile', UA.androidPhone, 5 ],
		[ 'tablet', UA.androidTablet, 5 ],
		[ 'tablet', UA.ipad, 5 ],
		// iPadOS 13+ presents itself as a Mac; only touch gives it away.
		[ 'tablet', UA.mac, 5 ],
	] )( '%s for %s', ( tier, ua, touchPoints ) => {
		expect( deviceTier( ua, touchPoints ) ).toBe( tier );
	} );
} );

describe( 'cookies', () => {
	it( 'reads one cookie among many, decoded', () => {
		const jar = `a=1; ${ cookie( 'userfeedback-survey-7', {
			submitted: true,
		} ) }; b=2`;
		expect( readCookie( 'userfeedback-survey-7', jar ) ).toBe(
			'{"submitted":true}'
		);
		expect( readCookie( 'userfeedback-survey', jar ) ).toBeNull();
	} );

	it( 'counts a survey as submitted only when its JSON says submitted: true', () => {
		const survey = makeSurvey();
		expect( isSubmitted( survey, '' ) ).toBe( false );
		expect(
			isSubmitted(
				survey,
				cookie( survey.cookie_name, { submitted: false } )
			)
		).toBe( false );
		expect(
			isSubmitted( survey, `${ survey.cookie_name }=garbage%` )
		).toBe( false );
		expect(
			isSubmitted(
				survey,
				cookie( survey.cookie_name, {
					submitted: true,
					last_response_id: 9,
				} )
			)
		).toBe( true );
	} );
} );

describe( 'pickSurvey', () => {
	const first = makeSurvey( { id: 1, cookie_name: 'uf-1' } );
	const desktopOnly = makeSurvey( {
		id: 2,
		cookie_name: 'uf-2',
		settings: { targeting: { devices: [ 'desktop' ] } },
	} );
	const mobileOnly = makeSurvey( {
		id: 3,
		cookie_name: 'uf-3',
		settings: { targeting: { devices: [ 'mobile' ] } },
	} );

	it( 'takes the first survey that passes', () => {
		expect( pickSurvey( [ first, desktopOnly ], 'desktop', '' )?.id ).toBe(
			1
		);
	} );

	it( 'skips surveys already submitted in this browser', () => {
		const jar = cookie( 'uf-1', { submitted: true, last_response_id: 4 } );
		expect( pickSurvey( [ first, desktopOnly ], 'desktop', jar )?.id ).toBe(
			2
		);
		expect(
			pickSurvey(
				[ first ],
				'desktop',
				cookie( 'uf-1', { submitted: false } )
			)?.id
		).toBe( 1 );
	} );

	it( 'skips surveys not meant for the device', () => {
		expect(
			pickSurvey( [ desktopOnly, mobileOnly ], 'mobile', '' )?.id
		).toBe( 3 );
		expect(
			pickSurvey( [ desktopOnly, mobileOnly ], 'tablet', '' )
		).toBeUndefined();
	} );

	it( 'treats a missing device list as every device', () => {
		const anyDevice = makeSurvey( { id: 4, settings: {} } );
		expect( pickSurvey( [ anyDevice ], 'tablet', '' )?.id ).toBe( 4 );
	} );
} );
