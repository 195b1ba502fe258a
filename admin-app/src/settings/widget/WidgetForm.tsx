/**
 * The widget settings form beside its live preview. Lite keeps the colour scheme, the
 * bottom positions, our logo or none, and the Skip and Next labels; the rest opens
 * the upgrade dialog (spec 3, section 5).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, CheckboxControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { reportInvalidSettings, useSaveSettings } from '../../shared/settings';
import type { Settings, SurveyListItem } from '../../shared/types';
import { ColorsPanel } from './ColorsPanel';
import { FontPicker } from './FontPicker';
import { FontSource } from './FontSource';
import {
	cooldownError,
	FrequencySection,
	type FrequencyValues,
} from './FrequencySection';
import {
	previewTheming,
	useWidgetGates,
	type WidgetValues,
} from '../../shared/widgetLook';
import { MEDIUM } from './gates';
import { LogoPicker } from './LogoPicker';
import { PositionPicker } from './PositionPicker';
import { TogglePanel } from './TogglePanel';
import { validate, type UpdateWidget } from './values';
import { WidgetPreview } from './WidgetPreview';

/**
 * The widget's look, where its fonts come from (a privacy setting, not branding), and
 * how often visitors are shown surveys (FrequencySection).
 */
export type WidgetFormValues = WidgetValues &
	Pick< Settings, 'external_fonts' > &
	FrequencyValues;

export function WidgetForm( {
	initial,
	surveys,
}: {
	initial: WidgetFormValues;
	surveys: SurveyListItem[];
} ) {
	const [ values, setValues ] = useState( initial );
	const [ errors, setErrors ] = useState< ReturnType< typeof validate > >(
		{}
	);
	const save = useSaveSettings();
	const gates = useWidgetGates();
	const { allowed } = gates;
	const theming = useMemo(
		() => previewTheming( values, allowed ),
		[ values, allowed ]
	);
	const update: UpdateWidget = ( changes ) => {
		setValues( ( current ) => ( { ...current, ...changes } ) );
		setErrors( {} );
	};

	const [ frequencyError, setFrequencyError ] = useState< string | null >(
		null
	);

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		const found = validate( values );
		setErrors( found );
		const pause = cooldownError( values.cooldown_days );
		setFrequencyError( pause );
		if ( Object.keys( found ).length || pause ) {
			reportInvalidSettings();
			return;
		}
		save.mutate( {
			...values,
			widget_show_logo: values.logo_type !== 'none',
		} );
	};
	const logoError =
		errors.widget_custom_logo ?? save.fieldErrors.widget_custom_logo;

	return (
		<form
			className="userfeedback-form userfeedback-widget-settings"
			onSubmit={ onSubmit }
			noValidate
		>
			<div className="userfeedback-widget-settings__controls">
				<ColorsPanel
					values={ values }
					update={ update }
					gates={ gates }
				/>
				<TogglePanel
					values={ values }
					update={ update }
					gates={ gates }
				/>
				<FontPicker
					value={ values.widget_font }
					guard={ () => gates.branding.guard( MEDIUM ) }
					onChange={ ( font ) => update( { widget_font: font } ) }
				/>
				<FontSource
					checked={ values.external_fonts }
					onChange={ ( checked ) =>
						setValues( ( current ) => ( {
							...current,
							external_fonts: checked,
						} ) )
					}
				/>
				<PositionPicker
					value={ values.widget_position }
					gates={ gates }
					onChange={ ( position ) =>
						update( { widget_position: position } )
					}
				/>
				<div className="userfeedback-card">
					<CheckboxControl
						__nextHasNoMarginBottom
						label={ __( 'Start minimized', 'userfeedback' ) }
						help={ __(
							'Visitors first see the toggle and open the survey from it.',
							'userfeedback'
						) }
						checked={ values.widget_start_minimized }
						onChange={ ( checked ) =>
							gates.behavior.guard( MEDIUM ) &&
							update( { widget_start_minimized: checked } )
						}
					/>
				</div>
				<FrequencySection
					values={ values }
					error={ frequencyError ?? save.fieldErrors.cooldown_days }
					onChange={ ( changes ) => {
						setValues( ( current ) => ( {
							...current,
							...changes,
						} ) );
						setFrequencyError( null );
					} }
				/>
				<LogoPicker
					values={ values }
					update={ update }
					gates={ gates }
					error={ logoError }
				/>
				<div className="userfeedback-card">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Skip button text', 'userfeedback' ) }
						maxLength={ 40 }
						value={ values.skip_text }
						onChange={ ( value ) => update( { skip_text: value } ) }
					/>
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Next button text', 'userfeedback' ) }
						maxLength={ 40 }
						value={ values.next_text }
						onChange={ ( value ) => update( { next_text: value } ) }
					/>
				</div>
				<div className="userfeedback-form__footer">
					<Button
						variant="primary"
						type="submit"
						isBusy={ save.isPending }
						disabled={ save.isPending }
						__next40pxDefaultSize
					>
						{ __( 'Save Settings', 'userfeedback' ) }
					</Button>
				</div>
			</div>
			<div className="userfeedback-widget-settings__preview">
				<WidgetPreview surveys={ surveys } theming={ theming } />
			</div>
		</form>
	);
}
