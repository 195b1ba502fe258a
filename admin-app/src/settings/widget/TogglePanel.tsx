/**
 * The minimised widget's toggle: icon, icon colour and label (branding).
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ColorField } from './ColorField';
import type { WidgetGates, WidgetValues } from '../../shared/widgetLook';
import { MEDIUM } from './gates';
import { ToggleIconPicker } from './ToggleIconPicker';
import type { UpdateWidget } from './values';

export function TogglePanel( {
	values,
	update,
	gates,
}: {
	values: WidgetValues;
	update: UpdateWidget;
	gates: WidgetGates;
} ) {
	const { branding } = gates;
	const guard = () => branding.guard( MEDIUM );
	return (
		<div className="userfeedback-card">
			<h3 className="userfeedback-card__title">
				{ __( 'Toggle', 'userfeedback' ) }
			</h3>
			<ToggleIconPicker
				value={ values.widget_toggle_icon }
				guard={ guard }
				onChange={ ( name ) => update( { widget_toggle_icon: name } ) }
			/>
			<ColorField
				label={ __( 'Toggle icon colour', 'userfeedback' ) }
				value={ values.widget_toggle_color }
				locked={ ! branding.allowed }
				onLocked={ guard }
				onChange={ ( value ) =>
					update( { widget_toggle_color: value } )
				}
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Toggle label', 'userfeedback' ) }
				help={ __(
					'Shown next to the icon while the widget is minimised.',
					'userfeedback'
				) }
				maxLength={ 60 }
				value={ values.widget_toggle_text }
				onChange={ ( value ) =>
					guard() && update( { widget_toggle_text: value } )
				}
			/>
		</div>
	);
}
