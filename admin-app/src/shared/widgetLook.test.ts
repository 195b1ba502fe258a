import { describe, expect, it } from 'vitest';

import corpus from '../../../tests/fixtures/contract/theme-presets.json';
import type { Settings, ThemeFallbacks } from './types';
import {
	installThemePresets,
	pickWidget,
	previewTheming,
	schemeChanges,
	siteWidgetValues,
	surveyTheming,
	themeFallbacks,
	type Allowed,
	type SurveyTheming,
} from './widgetLook';

interface LookCase {
	name: string;
	site: Partial< Settings >;
	allowed: Allowed;
	theming: Record< string, unknown >;
}

interface SurveyCase {
	name: string;
	site_case: string;
	theming: SurveyTheming;
	start_minimized: boolean;
	expected: Record< string, unknown >;
}

// The server states the presets and resolves the looks (tests/php/Contract/
// ThemePresetsTest.php, SurveyLookTest.php); the widget's theme.test.ts reads the same file.
const {
	presets,
	unbranded,
	cases,
	survey_cases: surveyCases,
} = corpus as unknown as ThemeFallbacks & {
	cases: LookCase[];
	survey_cases: SurveyCase[];
};

describe( 'theme presets and branding fallbacks (tests/fixtures/contract/theme-presets.json)', () => {
	it( 'reads the presets the page was given', () => {
		installThemePresets( { presets, unbranded } );
		expect( themeFallbacks().presets ).toEqual( presets );
	} );

	it.each( [ 'light', 'dark' ] as const )(
		'choosing %s sets its preset',
		( scheme ) => {
			installThemePresets( { presets, unbranded } );
			expect( schemeChanges( scheme ) ).toEqual( {
				widget_theme: scheme,
				widget_color: presets[ scheme ].widget_color,
				widget_text_color: presets[ scheme ].text_color,
				widget_button_color: presets[ scheme ].button_color,
			} );
		}
	);

	it.each( cases )(
		'$name: the preview resolves as visitors get it',
		( { site, allowed, theming } ) => {
			installThemePresets( { presets, unbranded } );
			expect(
				previewTheming( pickWidget( site as Settings ), allowed )
			).toEqual( theming );
		}
	);
} );

describe( 'a survey’s look (surveyTheming, as VisitorTheming::resolve())', () => {
	it.each( cases )(
		'$name: a survey that follows the site gets the site’s look, whatever it says',
		( { site, allowed, theming } ) => {
			installThemePresets( { presets, unbranded } );
			const own = {
				...surveyCases[ 0 ].theming,
				source: 'site' as const,
			};
			expect(
				surveyTheming(
					own,
					! site.widget_start_minimized,
					pickWidget( site as Settings ),
					allowed
				)
			).toEqual( theming );
		}
	);

	it.each( surveyCases )(
		'$name',
		( {
			site_case: siteCase,
			theming,
			start_minimized: startMinimized,
			expected,
		} ) => {
			installThemePresets( { presets, unbranded } );
			const of = cases.find( ( c ) => c.name === siteCase );
			expect( of ).toBeDefined();
			expect(
				surveyTheming(
					theming,
					startMinimized,
					pickWidget( of!.site as Settings ),
					of!.allowed
				)
			).toEqual( expected );
		}
	);

	it( 'a custom survey keeps its own start minimized where behavior is allowed', () => {
		installThemePresets( { presets, unbranded } );
		const site = pickWidget( cases[ 2 ].site as Settings );
		const own = surveyCases[ 2 ].theming;
		const all = { branding: true, middle: true, behavior: true };
		expect( surveyTheming( own, true, site, all ).start_minimized ).toBe(
			true
		);
		expect(
			surveyTheming( own, true, site, { ...all, behavior: false } )
				.start_minimized
		).toBe( false );
	} );

	it( 'reads the site’s look from the page config, or the factory look', () => {
		installThemePresets( { presets, unbranded } );
		expect(
			siteWidgetValues( {
				widget_settings: { widget_color: '#0a0b0c' },
			} ).widget_color
		).toBe( '#0a0b0c' );
		expect( siteWidgetValues( {} ) ).toMatchObject( {
			widget_theme: 'light',
			widget_color: presets.light.widget_color,
			widget_position: 'bottom_right',
		} );
	} );
} );
