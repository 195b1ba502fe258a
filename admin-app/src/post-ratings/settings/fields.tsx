/**
 * The building blocks of the settings form: a setting's frame (its server message and
 * its Reset to default button), and the colour, text and yes/no controls.
 */
import { useId, type ReactNode } from 'react';
import { Button, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { PostRatingSettingKey } from '../../shared/types';
import { errorId, isDefault, type RatingForm } from './form';
import { settingLabel } from './labels';

/** The message of a refused save, under its field. */
function FieldError( {
	form,
	name,
}: {
	form: RatingForm;
	name: PostRatingSettingKey;
} ) {
	const message = form.errors[ name ];
	if ( ! message ) {
		return null;
	}
	return (
		<p className="userfeedback-field-error" id={ errorId( name ) }>
			{ message }
		</p>
	);
}

/**
 * A "Reset to default" button, shown only when the setting differs from its default
 * and the user may change it.
 *
 * @param props      The button's props.
 * @param props.form The form.
 * @param props.name The setting.
 */
export function ResetButton( {
	form,
	name,
}: {
	form: RatingForm;
	name: PostRatingSettingKey;
} ) {
	if ( form.readOnly || isDefault( form.values, form.defaults, name ) ) {
		return null;
	}
	return (
		<Button
			variant="link"
			className="userfeedback-pr-settings__reset"
			aria-label={ sprintf(
				/* translators: %s: a setting's name, e.g. "Icon Color". */
				__( 'Reset to default: %s', 'userfeedback' ),
				settingLabel( name )
			) }
			onClick={ () => form.reset( name ) }
		>
			{ __( 'Reset to default', 'userfeedback' ) }
		</Button>
	);
}

/**
 * One setting: its control, the server's message about it, and its reset button.
 *
 * @param props          The frame's props.
 * @param props.form     The form.
 * @param props.name     The setting.
 * @param props.children The control.
 */
export function SettingField( {
	form,
	name,
	children,
}: {
	form: RatingForm;
	name: PostRatingSettingKey;
	children: ReactNode;
} ) {
	const invalid = !! form.errors[ name ];
	return (
		<div
			className={ `userfeedback-pr-settings__field${
				invalid ? ' has-error' : ''
			}` }
		>
			{ children }
			<FieldError form={ form } name={ name } />
			<ResetButton form={ form } name={ name } />
		</div>
	);
}

type ColorKey = 'icon_color' | 'background_color' | 'text_color';

/** A colour: the browser's colour input with its hex value beside it. */
export function ColorSetting( {
	form,
	name,
}: {
	form: RatingForm;
	name: ColorKey;
} ) {
	const id = useId();
	const value = form.values[ name ];
	return (
		<SettingField form={ form } name={ name }>
			<div className="userfeedback-color-field">
				<label htmlFor={ id }>{ settingLabel( name ) }</label>
				<input
					id={ id }
					type="color"
					value={ value }
					aria-invalid={ !! form.errors[ name ] || undefined }
					aria-describedby={
						form.errors[ name ] ? errorId( name ) : undefined
					}
					onChange={ ( event ) =>
						form.set( name, event.target.value )
					}
				/>
				<code>{ value }</code>
			</div>
		</SettingField>
	);
}

type TextKey =
	'rating_question' | 'rating_instruction_message' | 'thank_you_message';

/** Spec: the messages are at most 200 characters (RatingSettingsSchema). */
const MAX_TEXT = 200;

export function TextSetting( {
	form,
	name,
	help,
}: {
	form: RatingForm;
	name: TextKey;
	help?: string;
} ) {
	const invalid = !! form.errors[ name ];
	return (
		<SettingField form={ form } name={ name }>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ settingLabel( name ) }
				help={ help }
				maxLength={ MAX_TEXT }
				value={ form.values[ name ] }
				aria-invalid={ invalid || undefined }
				aria-describedby={ invalid ? errorId( name ) : undefined }
				onChange={ ( value ) => form.set( name, value ) }
			/>
		</SettingField>
	);
}

type YesNoKey =
	'show_vote_count' | 'show_rating' | 'use_review_schema' | 'show_uf_logo';

/** A yes/no setting as a toggle. */
export function YesNoSetting( {
	form,
	name,
	help,
}: {
	form: RatingForm;
	name: YesNoKey;
	help?: ReactNode;
} ) {
	return (
		<SettingField form={ form } name={ name }>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ settingLabel( name ) }
				help={ help }
				checked={ form.values[ name ] === 'yes' }
				disabled={ form.readOnly }
				onChange={ ( checked ) =>
					form.set( name, checked ? 'yes' : 'no' )
				}
			/>
		</SettingField>
	);
}
