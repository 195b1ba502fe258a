/**
 * Settings > AI Summaries (issue 17 item 1): the OpenAI-compatible provider the AI
 * summary of a survey's results asks (base URL, model, API key), a Test connection
 * button, and what is sent. Gated as the AI summary is (the ai_summary feature).
 *
 * The key is write-only: the server answers it masked (••••••••1234), so the field
 * starts empty and is sent only when something is typed in it. Changing the base URL
 * or the model while a key is stored needs the key again (the server refuses with
 * userfeedback_ai_key_required, shown under the key field).
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Notice, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { apiGet } from '../../shared/api';
import { FieldError } from '../../shared/components/FieldError';
import { useGateMessage } from '../../shared/components/GateMessage';
import { fieldErrorAt, fieldErrors } from '../../shared/fieldErrors';
import { useFeature } from '../../shared/gating';
import { useSaveSettings } from '../../shared/settings';
import type { Settings, SettingsUpdate } from '../../shared/types';
import { SaveSettingsButton, SettingsScreen } from '../MiscSettings';
import { AiSentNote } from './AiSentNote';

import './ai-settings.scss';

/** What GET site-health/ai-provider answers (Admin\AiProviderCheck), in part. */
export interface ProviderCheck {
	status: 'good' | 'recommended' | 'critical';
	label: string;
	message?: string;
}

export function AiSettings() {
	const gate = useFeature( 'ai_summary' );
	const gateMessage = useGateMessage( gate, 'settings-ai' );
	const title = __( 'AI Summaries', 'userfeedback' );
	return (
		<SettingsScreen title={ title }>
			{ ( settings ) => (
				<>
					<p className="userfeedback-card__help">
						{ __(
							'The AI Summary on a survey’s results asks an AI service that speaks the OpenAI chat-completions API (OpenAI, Mistral, a gateway, or a model you run yourself) to sum up the text answers. Nothing is sent until a provider is set up here and someone asks for a summary.',
							'userfeedback'
						) }
					</p>
					{ gate.allowed ? (
						<AiForm settings={ settings } />
					) : (
						<section className="userfeedback-card userfeedback-ai-settings__gate">
							<p>{ gateMessage?.text }</p>
							{ gateMessage?.action }
						</section>
					) }
					<AiSentNote />
				</>
			) }
		</SettingsScreen>
	);
}

function AiForm( { settings }: { settings: Settings } ) {
	const save = useSaveSettings();
	const [ baseUrl, setBaseUrl ] = useState( settings.ai_base_url );
	const [ model, setModel ] = useState( settings.ai_model );
	const [ key, setKey ] = useState( '' );
	const ids = { base: useId(), model: useId(), key: useId() };
	const errors = fieldErrors( save.error );

	const dirty =
		baseUrl.trim() !== settings.ai_base_url ||
		model.trim() !== settings.ai_model ||
		key.trim() !== '';

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		const update: SettingsUpdate = {
			ai_base_url: baseUrl.trim(),
			ai_model: model.trim(),
		};
		if ( key.trim() !== '' ) {
			update.ai_api_key = key.trim();
		}
		save.mutate( update, {
			onSuccess: ( next ) => {
				setBaseUrl( next.ai_base_url );
				setModel( next.ai_model );
				setKey( '' );
			},
		} );
	};

	const invalid = ( path: string ) =>
		fieldErrorAt( errors, path ) ? true : undefined;

	return (
		<form className="userfeedback-form" onSubmit={ onSubmit } noValidate>
			<section className="userfeedback-card userfeedback-ai-settings">
				<h3 className="userfeedback-card__title">
					{ __( 'AI provider', 'userfeedback' ) }
				</h3>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Base URL', 'userfeedback' ) }
					help={ __(
						'The address of the API, e.g. https://api.openai.com/v1. Leave it empty to switch AI summaries off (the key is removed with it).',
						'userfeedback'
					) }
					type="url"
					value={ baseUrl }
					onChange={ setBaseUrl }
					aria-invalid={ invalid( 'ai_base_url' ) }
					aria-describedby={ ids.base }
				/>
				<FieldError
					path="ai_base_url"
					errors={ errors }
					id={ ids.base }
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Model', 'userfeedback' ) }
					help={ __(
						'The model name the provider knows, e.g. gpt-4o-mini.',
						'userfeedback'
					) }
					value={ model }
					onChange={ setModel }
					aria-invalid={ invalid( 'ai_model' ) }
					aria-describedby={ ids.model }
				/>
				<FieldError
					path="ai_model"
					errors={ errors }
					id={ ids.model }
				/>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'API key', 'userfeedback' ) }
					type="password"
					autoComplete="new-password"
					spellCheck={ false }
					value={ key }
					placeholder={ settings.ai_api_key }
					help={
						settings.ai_api_key
							? sprintf(
									/* translators: %s: the stored key, masked, e.g. ••••••••1234. */
									__(
										'A key is stored (%s). It is never shown again; type a new one to replace it. Changing the base URL or the model needs the key again.',
										'userfeedback'
									),
									settings.ai_api_key
								)
							: __(
									'The key is stored on the server and never shown again.',
									'userfeedback'
								)
					}
					onChange={ setKey }
					aria-invalid={ invalid( 'ai_api_key' ) }
					aria-describedby={ ids.key }
				/>
				<FieldError
					path="ai_api_key"
					errors={ errors }
					id={ ids.key }
				/>
				<TestConnection
					configured={ settings.ai_base_url !== '' }
					dirty={ dirty }
				/>
			</section>
			<SaveSettingsButton busy={ save.isPending } />
		</form>
	);
}

/**
 * Asks the saved provider for its model list (GET site-health/ai-provider: nothing is
 * generated, no survey data is sent) and says what came back: success, or the
 * provider's error.
 *
 * @param props            The props.
 * @param props.configured A base URL is saved.
 * @param props.dirty      The form has changes not saved yet.
 */
export function TestConnection( {
	configured,
	dirty,
}: {
	configured: boolean;
	dirty: boolean;
} ) {
	const test = useMutation( {
		mutationFn: () => apiGet< ProviderCheck >( 'site-health/ai-provider' ),
	} );
	const result = test.data;
	let hint = null;
	if ( ! configured ) {
		hint = __(
			'Save a base URL and a model first, then test the connection.',
			'userfeedback'
		);
	} else if ( dirty ) {
		hint = __(
			'Save your changes first: the test uses the saved provider.',
			'userfeedback'
		);
	}
	return (
		<div className="userfeedback-ai-settings__test">
			<Button
				variant="secondary"
				__next40pxDefaultSize
				onClick={ () => test.mutate() }
				disabled={ ! configured || dirty || test.isPending }
				isBusy={ test.isPending }
			>
				{ __( 'Test connection', 'userfeedback' ) }
			</Button>
			{ hint && <p className="userfeedback-card__help">{ hint }</p> }
			{ test.isError && (
				<Notice status="error" isDismissible={ false }>
					{ test.error.message }
				</Notice>
			) }
			{ result && ! test.isPending && (
				<Notice
					status={ result.status === 'good' ? 'success' : 'error' }
					isDismissible={ false }
				>
					<strong>
						{ result.status === 'good'
							? __( 'Connected.', 'userfeedback' )
							: __( 'The connection failed.', 'userfeedback' ) }
					</strong>{ ' ' }
					{ result.message ?? result.label }
				</Notice>
			) }
		</div>
	);
}
