/**
 * Colour scheme (Lite too; choosing one applies its preset colours) and the widget's
 * background, text and button colours (branding).
 */
import { RadioControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ColorField } from './ColorField';
import {
	schemeChanges,
	type WidgetGates,
	type WidgetValues,
} from '../../shared/widgetLook';
import { MEDIUM } from './gates';
import type { UpdateWidget } from './values';

type ColorKey = 'widget_color' | 'widget_text_color' | 'widget_button_color';

export function ColorsPanel( {
	values,
	update,
	gates,
}: {
	values: WidgetValues;
	update: UpdateWidget;
	gates: WidgetGates;
} ) {
	const colors: Array< [ ColorKey, string ] > = [
		[ 'widget_color', __( 'Background colour', 'userfeedback' ) ],
		[ 'widget_text_color', __( 'Text colour', 'userfeedback' ) ],
		[ 'widget_button_color', __( 'Button colour', 'userfeedback' ) ],
	];
	return (
		<div className="userfeedback-card">
			<h3 className="userfeedback-card__title">
				{ __( 'Colours', 'userfeedback' ) }
			</h3>
			<RadioControl
				label={ __( 'Colour scheme', 'userfeedback' ) }
				selected={ values.widget_theme }
				options={ [
					{ value: 'light', label: __( 'Light', 'userfeedback' ) },
					{ value: 'dark', label: __( 'Dark', 'userfeedback' ) },
				] }
				onChange={ ( scheme ) =>
					update(
						schemeChanges(
							scheme as WidgetValues[ 'widget_theme' ]
						)
					)
				}
			/>
			<div className="userfeedback-widget-settings__colors">
				{ colors.map( ( [ key, label ] ) => (
					<ColorField
						key={ key }
						label={ label }
						value={ values[ key ] }
						locked={ ! gates.branding.allowed }
						onLocked={ () => gates.branding.guard( MEDIUM ) }
						onChange={ ( value ) => update( { [ key ]: value } ) }
					/>
				) ) }
			</div>
		</div>
	);
}
