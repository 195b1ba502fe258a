/**
 * Adds or edits a webhook: its URL, the survey whose responses it gets (or all surveys)
 * and the format (the signed JSON payload, or a Slack incoming-webhook message). The
 * server judges the URL (https except on local sites, no private addresses) and answers
 * a sentence shown under the field.
 */
import { useId, useState, type FormEvent } from 'react';
import {
	Button,
	RadioControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { FieldError } from '../../shared/components/FieldError';
import { fieldErrorAt, fieldErrors } from '../../shared/fieldErrors';
import { useSurveyOptions } from '../../shared/surveys';
import type { Webhook, WebhookFormat, WebhookInput } from './types';

export function WebhookForm( {
	webhook,
	busy,
	error,
	onSubmit,
	onCancel,
}: {
	webhook?: Webhook;
	busy: boolean;
	error: unknown;
	onSubmit: ( input: WebhookInput ) => void;
	onCancel: () => void;
} ) {
	const [ url, setUrl ] = useState( webhook?.url ?? '' );
	const [ surveyId, setSurveyId ] = useState( webhook?.survey_id ?? 0 );
	const [ format, setFormat ] = useState< WebhookFormat >(
		webhook?.format ?? 'json'
	);
	const surveys = useSurveyOptions();
	const ids = { url: useId(), survey: useId(), format: useId() };
	const errors = fieldErrors( error );
	const other =
		error instanceof Error && Object.keys( errors ).length === 0
			? error.message
			: '';

	const options = [
		{ value: '0', label: __( 'All surveys', 'userfeedback' ) },
		...( surveys.data ?? [] ).map( ( survey ) => ( {
			value: String( survey.id ),
			label: survey.title,
		} ) ),
	];
	if (
		webhook &&
		webhook.survey_id > 0 &&
		! options.some( ( o ) => o.value === String( webhook.survey_id ) )
	) {
		options.push( {
			value: String( webhook.survey_id ),
			label: webhook.survey_title ?? String( webhook.survey_id ),
		} );
	}

	const submit = ( event: FormEvent ) => {
		event.preventDefault();
		onSubmit( { url: url.trim(), survey_id: surveyId, format } );
	};

	return (
		<form
			className="userfeedback-card userfeedback-webhooks__form"
			onSubmit={ submit }
			noValidate
		>
			<h3 className="userfeedback-card__title">
				{ webhook
					? __( 'Edit webhook', 'userfeedback' )
					: __( 'Add webhook', 'userfeedback' ) }
			</h3>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'URL', 'userfeedback' ) }
				help={ __(
					'Each completed response is POSTed here. It must use https (plain http only on local sites) and be a public address.',
					'userfeedback'
				) }
				type="url"
				value={ url }
				onChange={ setUrl }
				aria-invalid={
					fieldErrorAt( errors, 'url' ) ? true : undefined
				}
				aria-describedby={ ids.url }
			/>
			<FieldError path="url" errors={ errors } id={ ids.url } />
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Survey', 'userfeedback' ) }
				value={ String( surveyId ) }
				options={ options }
				onChange={ ( value ) => setSurveyId( Number( value ) ) }
				aria-describedby={ ids.survey }
			/>
			<FieldError path="survey_id" errors={ errors } id={ ids.survey } />
			<RadioControl
				label={ __( 'Format', 'userfeedback' ) }
				selected={ format }
				options={ [
					{
						value: 'json',
						label: __( 'JSON (signed)', 'userfeedback' ),
					},
					{
						value: 'slack',
						label: __( 'Slack incoming webhook', 'userfeedback' ),
					},
				] }
				onChange={ ( value ) => setFormat( value as WebhookFormat ) }
			/>
			<FieldError path="format" errors={ errors } id={ ids.format } />
			{ other && (
				<p className="userfeedback-field-error" role="alert">
					{ other }
				</p>
			) }
			<div className="userfeedback-webhooks__form-actions">
				<Button
					variant="primary"
					type="submit"
					isBusy={ busy }
					disabled={ busy }
					__next40pxDefaultSize
				>
					{ webhook
						? __( 'Save webhook', 'userfeedback' )
						: __( 'Add webhook', 'userfeedback' ) }
				</Button>
				<Button
					variant="tertiary"
					onClick={ onCancel }
					__next40pxDefaultSize
				>
					{ __( 'Cancel', 'userfeedback' ) }
				</Button>
			</div>
		</form>
	);
}
