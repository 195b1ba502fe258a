/**
 * The widget's font (branding): a family from the catalogue or the theme's own, and
 * one of the family's upright weights.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import {
	fontFamilies,
	fontWeights,
	weightFor,
	weightLabel,
} from '../../shared/fonts';
import type { WidgetValues } from '../../shared/widgetLook';

type Font = WidgetValues[ 'widget_font' ];

export function FontPicker( {
	value,
	onChange,
	guard,
}: {
	value: Font;
	onChange: ( font: Font ) => void;
	/** False (after opening the upgrade dialog) when the font may not change. */
	guard: () => boolean;
} ) {
	const weights = fontWeights( value.family );
	const families = fontFamilies().map( ( font ) => ( {
		value: font.family,
		label: font.family,
	} ) );
	// A family stored before the catalogue changed stays choosable.
	if ( value.family && ! weights.length ) {
		families.unshift( { value: value.family, label: value.family } );
	}
	return (
		<div className="userfeedback-card">
			<h3 className="userfeedback-card__title">
				{ __( 'Font', 'userfeedback' ) }
			</h3>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Font family', 'userfeedback' ) }
				value={ value.family }
				options={ [
					{ value: '', label: __( 'Theme default', 'userfeedback' ) },
					...families,
				] }
				onChange={ ( family ) =>
					guard() &&
					onChange( {
						family,
						weight: weightFor( family, value.weight ),
					} )
				}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Font weight', 'userfeedback' ) }
				value={ value.weight }
				disabled={ ! weights.length }
				options={
					weights.length
						? weights.map( ( weight ) => ( {
								value: weight,
								label: weightLabel( weight ),
							} ) )
						: [
								{
									value: value.weight,
									label: __(
										'Theme default',
										'userfeedback'
									),
								},
							]
				}
				onChange={ ( weight ) =>
					guard() && onChange( { ...value, weight } )
				}
			/>
		</div>
	);
}
