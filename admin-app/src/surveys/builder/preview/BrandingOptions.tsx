/**
 * Branding options above the live preview: colour scheme (which replaces the colours
 * with its preset) and the widget, text and button colours. Branding addon.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../shared/gating';
import type { Theming } from '../../../shared/types';
import { FeatureNotice } from '../components/FeatureNotice';
import { applyColorScheme } from '../rules';
import { useBuilderStore } from '../store';

type ColorKey = 'widget_color' | 'text_color' | 'button_color';

export function BrandingOptions( { theming }: { theming: Theming } ) {
	const gate = useFeature( 'branding' );
	const setTheming = ( fn: ( theming: Theming ) => Theming ) =>
		useBuilderStore.getState().updateSettings( ( settings ) => ( {
			...settings,
			theming: fn( settings.theming ),
		} ) );
	const colors: Array< [ ColorKey, string ] > = [
		[ 'widget_color', __( 'Background colour', 'userfeedback' ) ],
		[ 'text_color', __( 'Text colour', 'userfeedback' ) ],
		[ 'button_color', __( 'Button colour', 'userfeedback' ) ],
	];

	return (
		<div className="userfeedback-branding">
			<FeatureNotice gate={ gate } medium="survey-branding" />
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Colour scheme', 'userfeedback' ) }
				value={ theming.color_scheme }
				disabled={ ! gate.allowed }
				options={ [
					{ value: 'light', label: __( 'Light', 'userfeedback' ) },
					{ value: 'dark', label: __( 'Dark', 'userfeedback' ) },
				] }
				onChange={ ( scheme ) =>
					setTheming( ( t ) =>
						applyColorScheme(
							t,
							scheme as Theming[ 'color_scheme' ]
						)
					)
				}
			/>
			<div className="userfeedback-branding__colors">
				{ colors.map( ( [ key, label ] ) => (
					<label key={ key } className="userfeedback-field">
						<span>{ label }</span>
						<input
							type="color"
							value={ theming[ key ] }
							disabled={ ! gate.allowed }
							onChange={ ( event ) => {
								const value = event.target.value;
								setTheming( ( t ) => ( {
									...t,
									[ key ]: value,
								} ) );
							} }
						/>
					</label>
				) ) }
			</div>
		</div>
	);
}
