import { describe, expect, it } from 'vitest';

import corpus from '../../../tests/fixtures/contract/theme-presets.json';
import type { Settings, ThemeFallbacks } from './types';
import {
	installThemePresets,
	pickWidget,
	previewTheming,
	schemeChanges,
	themeFallbacks,
	type Allowed,
} from './widgetLook';

interface LookCase {
	name: string;
	site: Partial< Settings >;
	allowed: Allowed;
	theming: Record< string, unknown >;
}

// The server states the presets and resolves the looks (tests/php/Contract/
// ThemePresetsTest.php); the widget's theme.test.ts reads the same file.
const { presets, unbranded, cases } = corpus as unknown as ThemeFallbacks & {
	cases: LookCase[];
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
