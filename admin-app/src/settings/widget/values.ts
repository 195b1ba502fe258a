/**
 * The widget settings being edited: how changes merge, and the logo rule. Which
 * settings they are, the presets and the preview's theming are in shared/widgetLook.
 */
import { __ } from '@wordpress/i18n';

import type { WidgetValues } from '../../shared/widgetLook';

/** Merges changed values into the ones being edited. */
export type UpdateWidget = ( changes: Partial< WidgetValues > ) => void;

/**
 * The field errors that block a save (spec 3, section 5).
 *
 * @param values Values to save.
 */
export function validate(
	values: WidgetValues
): Partial< Record< keyof WidgetValues, string > > {
	if ( values.logo_type === 'custom' && ! values.widget_custom_logo.trim() ) {
		return {
			widget_custom_logo: __(
				'You must select a custom logo.',
				'userfeedback'
			),
		};
	}
	return {};
}
