/**
 * The widget's look as Settings > Widget and the welcome wizard edit it: which settings
 * they are, the colour scheme presets, the features that lock parts of them (spec 3,
 * section 5: branding, middle positions, start-minimised) and the theming the preview
 * renders (resolved as the server resolves it for visitors,
 * includes/Frontend/VisitorTheming.php).
 */
import { useMemo } from 'react';

import { useFeature } from './gating';
import type { Settings } from './types';
import type { Theming } from '../../../widget/src/types';

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

/** The colour schemes' presets (spec 3, section 3, "Theming defaults"). */
export const PRESETS: Record<
	WidgetValues[ 'widget_theme' ],
	Pick<
		WidgetValues,
		'widget_color' | 'widget_text_color' | 'widget_button_color'
	>
> = {
	light: {
		widget_color: '#ffffff',
		widget_text_color: '#23282D',
		widget_button_color: '#2D87F1',
	},
	dark: {
		widget_color: '#333333',
		widget_text_color: '#ffffff',
		widget_button_color: '#2D87F1',
	},
};

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
	return { widget_theme: scheme, ...PRESETS[ scheme ] };
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
 * The theming the widget renders for these settings, as visitors will get it: without
 * branding the scheme's preset colours, the default toggle, the theme's font and our
 * logo (or none); without middle positions the bottom corner of the same side.
 *
 * @param values  The settings being edited.
 * @param allowed What the site may use.
 */
export function previewTheming(
	values: WidgetValues,
	allowed: Allowed
): Theming {
	const scheme = values.widget_theme === 'dark' ? 'dark' : 'light';
	const colors = allowed.branding ? values : PRESETS[ scheme ];
	let position = values.widget_position;
	if ( ! allowed.middle && position.startsWith( 'middle_' ) ) {
		position = position === 'middle_left' ? 'bottom_left' : 'bottom_right';
	}
	let logoType = values.logo_type;
	if ( ! allowed.branding && logoType === 'custom' ) {
		logoType = 'userfeedback';
	}
	return {
		color_scheme: scheme,
		widget_color: colors.widget_color,
		text_color: colors.widget_text_color,
		button_color: colors.widget_button_color,
		position,
		widget_toggle_icon: allowed.branding
			? values.widget_toggle_icon
			: 'userfeedback',
		widget_toggle_color: allowed.branding
			? values.widget_toggle_color
			: '#23282D',
		widget_toggle_text: allowed.branding ? values.widget_toggle_text : '',
		font: allowed.branding
			? values.widget_font
			: { family: '', weight: '' },
		start_minimized: allowed.behavior && values.widget_start_minimized,
		show_logo: logoType !== 'none',
		logo_type: logoType,
		custom_logo: allowed.branding ? values.widget_custom_logo : '',
		skip_text: values.skip_text,
		next_text: values.next_text,
	};
}
