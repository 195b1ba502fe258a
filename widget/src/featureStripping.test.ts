import { describe, expect, it } from 'vitest';

import corpus from '../../tests/fixtures/contract/feature-stripping.json';
import { hiddenReason } from './select';
import { makeConfig, makeSurvey } from './test/fixtures';
import type { VisitorSurvey, WidgetConfig } from './types';

interface StrippingCase {
	name: string;
	survey: {
		questions: VisitorSurvey[ 'questions' ];
		settings?: VisitorSurvey[ 'settings' ];
	};
	widget: NonNullable< WidgetConfig[ 'features' ] >;
	hidden: { desktop: string | null; mobile: string | null };
}

// Shared with the server's save and WidgetLoader::features(), which build from one
// feature-policy table (tests/php/Contract/FeatureStrippingTest.php): with the feature
// map the server prints for a tier, the widget passes a survey over as `hidden` says.
const cases = ( corpus as unknown as { cases: StrippingCase[] } ).cases;

describe( 'feature stripping by tier (tests/fixtures/contract/feature-stripping.json)', () => {
	it( 'has cases', () => {
		expect( cases.length ).toBeGreaterThan( 5 );
	} );

	it.each( cases )( '$name', ( { survey, widget, hidden } ) => {
		const visitorSurvey = makeSurvey( {
			questions: survey.questions,
			settings: { ...makeSurvey().settings, ...survey.settings },
			publish_at: null,
		} );
		const config = makeConfig( {
			surveys: [ visitorSurvey ],
			features: widget,
		} );
		expect( hiddenReason( visitorSurvey, config, 'desktop' ) ?? null ).toBe(
			hidden.desktop
		);
		expect( hiddenReason( visitorSurvey, config, 'mobile' ) ?? null ).toBe(
			hidden.mobile
		);
	} );
} );
