import { describe, expect, it } from 'vitest';

import corpus from '../../tests/fixtures/contract/feature-stripping.json';
import { reasonFor } from './select';
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
// The widget no longer checks question types (the server marks a survey whose addon
// lapsed with needs_pro): a survey with nps questions is judged on its other settings.
const cases = ( corpus as unknown as { cases: StrippingCase[] } ).cases;

describe( 'feature stripping by tier (tests/fixtures/contract/feature-stripping.json)', () => {
	it( 'has cases', () => {
		expect( cases.length ).toBeGreaterThan( 5 );
	} );

	it.each( cases )( '$name', async ( { survey, widget, hidden } ) => {
		const visitorSurvey = makeSurvey( {
			questions: survey.questions,
			settings: { ...makeSurvey().settings, ...survey.settings },
			publish_at: null,
		} );
		const config = makeConfig( {
			surveys: [ visitorSurvey ],
			features: widget,
		} );
		// Everything the loader checks, page rules (the narrow chunk) included.
		expect(
			( await reasonFor( visitorSurvey, config, 'desktop' ) ) ?? null
		).toBe( hidden.desktop );
		expect(
			( await reasonFor( visitorSurvey, config, 'mobile' ) ) ?? null
		).toBe( hidden.mobile );
	} );
} );
