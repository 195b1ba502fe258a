/**
 * Settings > Email: who receives the notification emails, and the image at the top
 * of them (picked from the media library).
 */
import { useState, type FormEvent } from 'react';
import { Button, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { reportInvalidSettings, useSaveSettings } from '../../shared/settings';
import type { Settings } from '../../shared/types';
import { SaveSettingsButton, SettingsScreen } from '../MiscSettings';
import { hasMediaLibrary, pickImage } from '../../shared/media';
import { recipientsError } from './recipients';
import './email.scss';

type EmailValues = Pick<
	Settings,
	'notifications_recipients' | 'notifications_header_image'
>;

export function EmailSettings() {
	return (
		<SettingsScreen title={ __( 'Email Notifications', 'userfeedback' ) }>
			{ ( settings ) => (
				<EmailForm
					initial={ {
						notifications_recipients:
							settings.notifications_recipients ?? '',
						notifications_header_image:
							settings.notifications_header_image ?? '',
					} }
				/>
			) }
		</SettingsScreen>
	);
}

function EmailForm( { initial }: { initial: EmailValues } ) {
	const [ values, setValues ] = useState( initial );
	// Errors show once the admin has tried to save, then follow every keystroke.
	const [ checked, setChecked ] = useState( false );
	const save = useSaveSettings();

	const localError = checked
		? recipientsError( values.notifications_recipients )
		: null;
	const recipientsMessage =
		localError ?? save.fieldErrors.notifications_recipients ?? null;
	const imageMessage = save.fieldErrors.notifications_header_image ?? null;

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		setChecked( true );
		if ( recipientsError( values.notifications_recipients ) ) {
			reportInvalidSettings();
			return;
		}
		save.mutate( values );
	};

	const chooseImage = () =>
		pickImage(
			{
				title: __( 'Choose a header image', 'userfeedback' ),
				button: __( 'Use this image', 'userfeedback' ),
			},
			( image ) =>
				setValues( ( current ) => ( {
					...current,
					notifications_header_image: image.url,
				} ) )
		);

	const image = values.notifications_header_image;

	return (
		<form className="userfeedback-form" onSubmit={ onSubmit } noValidate>
			<div
				className={
					'userfeedback-card' +
					( recipientsMessage ? ' has-error' : '' )
				}
			>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Send notifications to', 'userfeedback' ) }
					help={ __(
						'Email addresses that receive the notifications, separated by commas.',
						'userfeedback'
					) }
					value={ values.notifications_recipients }
					aria-invalid={ recipientsMessage ? true : undefined }
					aria-errormessage={
						recipientsMessage
							? 'userfeedback-recipients-error'
							: undefined
					}
					onChange={ ( value ) =>
						setValues( ( current ) => ( {
							...current,
							notifications_recipients: value,
						} ) )
					}
				/>
				{ recipientsMessage && (
					<p
						id="userfeedback-recipients-error"
						className="userfeedback-field-error"
						role="alert"
					>
						{ recipientsMessage }
					</p>
				) }
			</div>

			<div
				className={
					'userfeedback-card' + ( imageMessage ? ' has-error' : '' )
				}
			>
				<h3 className="userfeedback-card__title">
					{ __( 'Email Header Image', 'userfeedback' ) }
				</h3>
				{ image ? (
					<img
						className="userfeedback-email-header-image"
						src={ image }
						alt={ __( 'Email header image', 'userfeedback' ) }
						style={ { maxWidth: 300, maxHeight: 100 } }
					/>
				) : null }
				<p className="userfeedback-card__help">
					{ __(
						'Recommended size: 300x100 or smaller',
						'userfeedback'
					) }
				</p>
				{ hasMediaLibrary() ? (
					<div className="userfeedback-button-row">
						<Button variant="secondary" onClick={ chooseImage }>
							{ image
								? __( 'Choose Another Image', 'userfeedback' )
								: __( 'Upload Image', 'userfeedback' ) }
						</Button>
						{ image && (
							<Button
								variant="tertiary"
								onClick={ () =>
									setValues( ( current ) => ( {
										...current,
										notifications_header_image: '',
									} ) )
								}
							>
								{ __( 'Reset', 'userfeedback' ) }
							</Button>
						) }
					</div>
				) : (
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="url"
						label={ __( 'Header image URL', 'userfeedback' ) }
						value={ image }
						onChange={ ( value ) =>
							setValues( ( current ) => ( {
								...current,
								notifications_header_image: value,
							} ) )
						}
					/>
				) }
				{ imageMessage && (
					<p className="userfeedback-field-error" role="alert">
						{ imageMessage }
					</p>
				) }
			</div>

			<SaveSettingsButton busy={ save.isPending } />
		</form>
	);
}
