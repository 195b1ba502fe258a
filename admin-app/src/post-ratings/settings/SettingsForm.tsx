/**
 * The post-ratings settings form beside its live preview. Users who may not manage
 * settings see it read-only.
 */
import { useState, type FormEvent } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type {
	PostRatingSettingKey,
	PostRatingSettings,
	PostRatingSettingsResponse,
} from '../../shared/types';
import type { RatingForm } from './form';
import { RatingPreview } from './RatingPreview';
import { AppearanceSection, DisplaySection, TextsSection } from './sections';
import { fieldErrorsOf } from '../../shared/settings';
import {
	type FieldErrors,
	useSaveRatingSettings,
} from './useSaveRatingSettings';

export function SettingsForm( {
	initial,
	readOnly,
}: {
	initial: PostRatingSettingsResponse;
	readOnly: boolean;
} ) {
	const { defaults, icons } = initial;
	const [ values, setValues ] = useState< PostRatingSettings >(
		initial.settings
	);
	// Messages of the last refused save; a field's goes when it is edited.
	const [ errors, setErrors ] = useState< RatingForm[ 'errors' ] >( {} );
	const save = useSaveRatingSettings();

	const set: RatingForm[ 'set' ] = ( key, value ) => {
		setValues( ( current ) => ( { ...current, [ key ]: value } ) );
		setErrors( ( current ) => {
			if ( ! current[ key ] ) {
				return current;
			}
			const next = { ...current };
			delete next[ key ];
			return next;
		} );
	};
	const form: RatingForm = {
		values,
		defaults,
		icons,
		errors,
		readOnly,
		set,
		reset: ( key: PostRatingSettingKey ) => set( key, defaults[ key ] ),
	};
	const icon =
		icons.find( ( entry ) => entry.id === values.icon_id ) ?? icons[ 0 ];

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		if ( readOnly ) {
			return;
		}
		setErrors( {} );
		save.mutate( values, {
			onSuccess: ( saved ) => setValues( saved.settings ),
			onError: ( error ) =>
				setErrors( fieldErrorsOf< FieldErrors >( error ) ?? {} ),
		} );
	};

	return (
		<form
			className="userfeedback-form userfeedback-pr-settings"
			onSubmit={ onSubmit }
			noValidate
		>
			<div className="userfeedback-pr-settings__controls">
				{ readOnly && (
					<Notice status="info" isDismissible={ false }>
						{ __(
							'You can view these settings, but only users who can manage UserFeedback settings can change them.',
							'userfeedback'
						) }
					</Notice>
				) }
				<fieldset
					className="userfeedback-pr-settings__fields"
					disabled={ readOnly }
				>
					<AppearanceSection form={ form } />
					<TextsSection form={ form } />
					<DisplaySection form={ form } />
				</fieldset>
				{ ! readOnly && (
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
				) }
			</div>
			<div className="userfeedback-pr-settings__preview">
				{ icon && <RatingPreview settings={ values } icon={ icon } /> }
			</div>
		</form>
	);
}
