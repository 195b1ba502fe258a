/**
 * The widget's look as Settings > Widget and the welcome wizard edit it: which settings
 * they are, the colour scheme presets, the features that lock parts of them (spec 3,
 * section 5: branding, middle positions, start-minimised) and the theming the preview
 * renders (resolved as the server resolves it for visitors,
 * includes/Frontend/VisitorTheming.php; both pass tests/fixtures/contract/theme-presets.json).
 *
 * The presets and the look without branding are the server's (the boot config's
 * theme_presets): installed once per page, or read from the page's data-config.
 */
import { useMemo } from 'react';

import { getConfig } from './config';
import { useFeature } from './gating';
import type { AppConfig, Settings, ThemeFallbacks, ThemePreset } from './types';
import type { Theming } from '../../../widget/src/types';

let installed: ThemeFallbacks | null = null;

/**
 * Makes these the presets every function here answers from.
 *
 * @param fallbacks The boot config's theme_presets.
 */
export function installThemePresets( fallbacks: ThemeFallbacks ): void {
	installed = fallbacks;
}

/** The server's presets and unbranded look (the boot config's theme_presets). */
export function themeFallbacks(): ThemeFallbacks {
	if ( ! installed ) {
		const fromPage = getConfig().theme_presets;
		if ( ! fromPage ) {
			throw new Error(
				'UserFeedback: the page config has no theme_presets.'
			);
		}
		installed = fromPage;
	}
	return installed;
}

/**
 * A colour scheme's preset.
 *
 * @param scheme light or dark (anything else reads as light).
 */
export function themePreset( scheme: string ): ThemePreset {
	return themeFallbacks().presets[ scheme === 'dark' ? 'dark' : 'light' ];
}

export const WIDGET_KEYS = [
	'widget_theme',
	'widget_color',
	'widget_text_color',
	'widget_button_color',
	'widget_toggle_icon',
	'widget_toggle_color',
	'widget_toggle_text',
	'widget_font',
	'widget_position',
	'widget_start_minimized',
	'logo_type',
	'widget_show_logo',
	'widget_custom_logo',
	'skip_text',
	'next_text',
] as const;

export type WidgetValues = Pick< Settings, ( typeof WIDGET_KEYS )[ number ] >;

export function pickWidget( settings: Settings ): WidgetValues {
	const values = Object.fromEntries(
		WIDGET_KEYS.map( ( key ) => [ key, settings[ key ] ] )
	) as WidgetValues;
	return {
		...values,
		widget_font: {
			family: settings.widget_font?.family ?? '',
			weight: settings.widget_font?.weight ?? '',
		},
		// Older rows hid the logo with widget_show_logo only.
		logo_type:
			settings.widget_show_logo === false ? 'none' : values.logo_type,
	};
}

/**
 * Choosing a colour scheme replaces the colours with its preset.
 *
 * @param scheme The scheme chosen.
 */
export function schemeChanges(
	scheme: WidgetValues[ 'widget_theme' ]
): Partial< WidgetValues > {
	const preset = themePreset( scheme );
	return {
		widget_theme: scheme,
		widget_color: preset.widget_color,
		widget_text_color: preset.text_color,
		widget_button_color: preset.button_color,
	};
}

export function useWidgetGates() {
	const branding = useFeature( 'branding' );
	const middle = useFeature( 'widget_positions_middle' );
	const behavior = useFeature( 'behavior' );
	const allowed = useMemo(
		() => ( {
			branding: branding.allowed,
			middle: middle.allowed,
			behavior: behavior.allowed,
		} ),
		[ branding.allowed, middle.allowed, behavior.allowed ]
	);
	return { branding, middle, behavior, allowed };
}

export type WidgetGates = ReturnType< typeof useWidgetGates >;

export interface Allowed {
	branding: boolean;
	middle: boolean;
	behavior: boolean;
}

/**
 * The theming the widget renders for these settings, as visitors will get it
 * (VisitorTheming::resolve() for a survey that sets nothing itself): without branding
 * the scheme's preset colours, the default toggle, the theme's font and our logo;
 * without middle positions the bottom corner of the same side.
 *
 * @param values  The settings being edited.
 * @param allowed What the site may use.
 */
export function previewTheming(
	values: WidgetValues,
	allowed: Allowed
): Theming {
	const scheme = values.widget_theme === 'dark' ? 'dark' : 'light';
	let position = values.widget_position;
	if ( ! allowed.middle && position.startsWith( 'middle_' ) ) {
		position = position === 'middle_left' ? 'bottom_left' : 'bottom_right';
	}
	// The site says "no logo" as logo_type none (or, in older rows, show_logo false);
	// a survey says it as show_logo false.
	const showLogo =
		values.widget_show_logo !== false && values.logo_type !== 'none';
	const look: Theming = {
		color_scheme: scheme,
		widget_color: values.widget_color,
		text_color: values.widget_text_color,
		button_color: values.widget_button_color,
		position,
		widget_toggle_icon: values.widget_toggle_icon,
		widget_toggle_color: values.widget_toggle_color,
		widget_toggle_text: values.widget_toggle_text,
		font: values.widget_font,
		start_minimized: allowed.behavior && values.widget_start_minimized,
		show_logo: showLogo,
		logo_type: values.logo_type === 'custom' ? 'custom' : 'userfeedback',
		custom_logo: values.widget_custom_logo,
		skip_text: values.skip_text,
		next_text: values.next_text,
	};
	if ( allowed.branding ) {
		return look;
	}
	const { unbranded } = themeFallbacks();
	const preset = themePreset( scheme );
	return {
		...look,
		...preset,
		widget_toggle_icon: unbranded.widget_toggle_icon,
		widget_toggle_color: unbranded.widget_toggle_color,
		widget_toggle_text: unbranded.widget_toggle_text,
		font: { ...unbranded.font },
		logo_type: unbranded.logo_type,
		custom_logo: unbranded.custom_logo,
	};
}

/**
 * The site's look (Settings > Widget) as the boot config's widget_settings states it,
 * what a survey that follows the site gets. A page whose config lacks it (an older
 * config, a test) gets the factory look from the server's presets.
 */
export function siteWidgetValues(
	config: Pick< AppConfig, 'widget_settings' >
): WidgetValues {
	const fromPage = config.widget_settings;
	const { unbranded } = themeFallbacks();
	const preset = themePreset( 'light' );
	const factory = {
		widget_theme: 'light',
		widget_color: preset.widget_color,
		widget_text_color: preset.text_color,
		widget_button_color: preset.button_color,
		widget_toggle_icon: unbranded.widget_toggle_icon,
		widget_toggle_color: unbranded.widget_toggle_color,
		widget_toggle_text: unbranded.widget_toggle_text,
		widget_font: { ...unbranded.font },
		widget_position: 'bottom_right',
		widget_start_minimized: false,
		logo_type: 'userfeedback',
		widget_show_logo: true,
		widget_custom_logo: '',
		skip_text: '',
		next_text: '',
	} as unknown as Settings;
	return pickWidget( { ...factory, ...( fromPage ?? {} ) } as Settings );
}

/** A survey's stored theming (shared/types SurveySettings.theming), with its source. */
export type SurveyTheming = Partial< Omit< Theming, 'logo_type' > > & {
	source?: 'site' | 'custom';
	logo_type?: string;
};

const POSITIONS = [
	'bottom_left',
	'bottom_right',
	'middle_left',
	'middle_right',
];

/**
 * What the survey set itself (VisitorTheming::chosen()): empty values and a font with
 * no family are no choice.
 *
 * @param theming The survey's stored theming.
 */
function chosen( theming: SurveyTheming ): Partial< Theming > {
	const { source, ...own } = theming;
	void source;
	const out: Record< string, unknown > = {};
	for ( const [ key, value ] of Object.entries( own ) ) {
		if ( value === null || value === undefined || value === '' ) {
			continue;
		}
		if ( key === 'font' && ! ( value as Theming[ 'font' ] )?.family ) {
			continue;
		}
		out[ key ] = value;
	}
	return out as Partial< Theming >;
}

/**
 * The look visitors get for a survey, resolved as the server resolves it
 * (VisitorTheming::resolve()): source 'site' is the site's widget settings exactly;
 * 'custom' lays the survey's own values over them (with branding; without it the
 * site's unbranded look). Middle positions and start-minimised are gated either way;
 * a custom survey's start-minimised is its behaviour's, the site's look has the site's.
 *
 * @param theming        The survey's stored theming (with source).
 * @param startMinimized The survey's behaviour.start_minimized.
 * @param site           The site's look (siteWidgetValues()).
 * @param allowed        What the site may use.
 */
export function surveyTheming(
	theming: SurveyTheming,
	startMinimized: boolean,
	site: WidgetValues,
	allowed: Allowed
): Theming {
	const custom = theming.source === 'custom';
	let look: Theming;
	if ( ! allowed.branding ) {
		look = previewTheming( site, { ...allowed, middle: true } );
	} else {
		const siteLook = previewTheming( site, {
			branding: true,
			middle: true,
			behavior: true,
		} );
		if ( custom ) {
			const own = chosen( theming );
			let base = siteLook;
			if (
				( own.color_scheme === 'light' ||
					own.color_scheme === 'dark' ) &&
				own.color_scheme !== siteLook.color_scheme
			) {
				base = { ...base, ...themePreset( own.color_scheme ) };
			}
			look = { ...base, ...own };
		} else {
			look = siteLook;
		}
	}
	let position = String( look.position ?? '' );
	if ( ! POSITIONS.includes( position ) ) {
		position = 'bottom_right';
	}
	if ( ! allowed.middle && position.startsWith( 'middle_' ) ) {
		position = position === 'middle_left' ? 'bottom_left' : 'bottom_right';
	}
	return {
		...look,
		position: position as Theming[ 'position' ],
		start_minimized:
			allowed.behavior &&
			( custom ? startMinimized : site.widget_start_minimized ),
	};
}

/**
 * The values a survey gets when it takes over the site's look (switching to its own
 * look, or back to the site's): the site's widget settings in the survey's theming
 * shape, as the server's SurveyDefaults::theming() makes them.
 *
 * @param site The site's look (siteWidgetValues()).
 */
export function siteThemingValues( site: WidgetValues ): Theming {
	return previewTheming( site, {
		branding: true,
		middle: true,
		behavior: true,
	} );
}
