/**
 * Settings > Webhooks (issue 19 item 5): URLs that receive each completed response, for
 * every survey or one, as a signed JSON payload or a Slack message. The list shows each
 * webhook's last delivery, an Active toggle, Send test (sent now, the outcome shown), its
 * delivery log with Retry, and delete. The secret that signs the deliveries is shown once
 * after a webhook is added (with a copy button) and again on request. Gated by the
 * webhooks feature: without it, the upgrade card (the server refuses the writes too).
 */
import { useState } from 'react';
import { Button, Notice, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import {
	EmptyState,
	LoadingState,
	Page,
	QueryError,
} from '../../shared/components';
import { useGateMessage } from '../../shared/components/GateMessage';
import { useConfirmDelete } from '../../shared/components/useConfirmDelete';
import { useFeature } from '../../shared/gating';
import { notify } from '../../shared/notices';
import {
	fetchSecret,
	useCreateWebhook,
	useDeleteWebhook,
	useTestWebhook,
	useUpdateWebhook,
	useWebhooks,
} from './api';
import { DeliveryLog } from './DeliveryLog';
import { formatLabel, outcomeText, statusLabel } from './labels';
import type { Webhook, WebhookInput } from './types';
import { WebhookForm } from './WebhookForm';

import './webhooks.scss';

export function WebhooksSettings() {
	const gate = useFeature( 'webhooks' );
	const gateMessage = useGateMessage( gate, 'settings-webhooks' );
	return (
		<Page title={ __( 'Webhooks', 'userfeedback' ) }>
			<p className="userfeedback-card__help">
				{ __(
					'Send each completed response to another system: a URL of yours receives a signed JSON payload (survey, response, answers with their questions, hidden fields), or a Slack channel receives a message. Deliveries are sent in the background within a minute or two and retried when they fail.',
					'userfeedback'
				) }
			</p>
			{ gate.allowed ? (
				<WebhookList />
			) : (
				<section className="userfeedback-card userfeedback-webhooks__gate">
					<p>{ gateMessage?.text }</p>
					{ gateMessage?.action }
				</section>
			) }
		</Page>
	);
}

function WebhookList() {
	const webhooks = useWebhooks();
	const create = useCreateWebhook();
	const [ adding, setAdding ] = useState( false );
	const [ secret, setSecret ] = useState< {
		url: string;
		secret: string;
	} | null >( null );

	const add = ( input: WebhookInput ) =>
		create.mutate( input, {
			onSuccess: ( created ) => {
				setAdding( false );
				setSecret( { url: created.url, secret: created.secret } );
			},
		} );

	if ( webhooks.isPending ) {
		return (
			<LoadingState label={ __( 'Loading webhooks…', 'userfeedback' ) } />
		);
	}
	if ( webhooks.isError ) {
		return (
			<QueryError
				error={ webhooks.error }
				onRetry={ () => webhooks.refetch() }
			/>
		);
	}
	return (
		<div className="userfeedback-webhooks">
			{ secret && (
				<SecretNotice
					title={ __( 'Webhook added', 'userfeedback' ) }
					url={ secret.url }
					secret={ secret.secret }
					onDone={ () => setSecret( null ) }
				/>
			) }
			{ webhooks.data.length === 0 && ! adding && (
				<EmptyState
					title={ __( 'No webhooks yet', 'userfeedback' ) }
					action={
						<Button
							variant="primary"
							onClick={ () => setAdding( true ) }
						>
							{ __( 'Add webhook', 'userfeedback' ) }
						</Button>
					}
				>
					{ __(
						'Add a URL to receive every completed response, or only those of one survey.',
						'userfeedback'
					) }
				</EmptyState>
			) }
			{ webhooks.data.length > 0 && (
				<ul className="userfeedback-webhooks__list">
					{ webhooks.data.map( ( webhook ) => (
						<WebhookItem key={ webhook.id } webhook={ webhook } />
					) ) }
				</ul>
			) }
			{ adding ? (
				<WebhookForm
					busy={ create.isPending }
					error={ create.error }
					onSubmit={ add }
					onCancel={ () => {
						create.reset();
						setAdding( false );
					} }
				/>
			) : (
				webhooks.data.length > 0 && (
					<Button
						variant="secondary"
						onClick={ () => setAdding( true ) }
						__next40pxDefaultSize
					>
						{ __( 'Add webhook', 'userfeedback' ) }
					</Button>
				)
			) }
		</div>
	);
}

function WebhookItem( { webhook }: { webhook: Webhook } ) {
	const update = useUpdateWebhook();
	const remove = useDeleteWebhook();
	const test = useTestWebhook( webhook.id );
	const [ editing, setEditing ] = useState( false );
	const [ showLog, setShowLog ] = useState( false );
	const [ secret, setSecret ] = useState< string | null >( null );
	const { confirmDelete, dialog } = useConfirmDelete( ( urls: string[] ) =>
		sprintf(
			/* translators: %s: a webhook URL. */
			__(
				'The webhook to %s and its delivery log will be deleted. Responses are no longer sent there.',
				'userfeedback'
			),
			urls[ 0 ]
		)
	);
	const survey =
		webhook.survey_id === 0
			? __( 'All surveys', 'userfeedback' )
			: ( webhook.survey_title ?? '' );
	const last = webhook.last_delivery;

	const onDelete = async () => {
		if ( await confirmDelete( [ webhook.url ] ) ) {
			remove.mutate( webhook.id, {
				onSuccess: () =>
					notify.success( __( 'Webhook deleted.', 'userfeedback' ) ),
			} );
		}
	};
	const showSecret = async () => {
		try {
			setSecret( ( await fetchSecret( webhook.id ) ).secret );
		} catch ( error ) {
			notify.error(
				error instanceof Error
					? error.message
					: __( 'The request failed.', 'userfeedback' )
			);
		}
	};

	if ( editing ) {
		return (
			<li className="userfeedback-webhooks__item">
				<WebhookForm
					webhook={ webhook }
					busy={ update.isPending }
					error={ update.error }
					onSubmit={ ( input ) =>
						update.mutate(
							{ id: webhook.id, ...input },
							{ onSuccess: () => setEditing( false ) }
						)
					}
					onCancel={ () => {
						update.reset();
						setEditing( false );
					} }
				/>
			</li>
		);
	}

	return (
		<li
			className="userfeedback-card userfeedback-webhooks__item"
			aria-label={ webhook.url }
		>
			<div className="userfeedback-webhooks__head">
				<code className="userfeedback-webhooks__url">
					{ webhook.url }
				</code>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Active', 'userfeedback' ) }
					checked={ webhook.active }
					disabled={ update.isPending }
					onChange={ ( active ) =>
						update.mutate( { id: webhook.id, active } )
					}
				/>
			</div>
			<dl className="userfeedback-webhooks__meta">
				<dt>{ __( 'Survey', 'userfeedback' ) }</dt>
				<dd>{ survey }</dd>
				<dt>{ __( 'Format', 'userfeedback' ) }</dt>
				<dd>{ formatLabel( webhook.format ) }</dd>
				<dt>{ __( 'Last delivery', 'userfeedback' ) }</dt>
				<dd>
					{ last ? (
						<>
							<span
								className={ `userfeedback-webhooks__status is-${ last.status }` }
							>
								{ statusLabel( last.status ) }
							</span>{ ' ' }
							{ last.attempts > 0 && outcomeText( last ) }
						</>
					) : (
						__( 'None yet', 'userfeedback' )
					) }
				</dd>
			</dl>
			<div className="userfeedback-webhooks__actions">
				<Button
					variant="secondary"
					isBusy={ test.isPending }
					disabled={ test.isPending }
					onClick={ () => test.mutate() }
				>
					{ __( 'Send test', 'userfeedback' ) }
				</Button>
				<Button
					variant="tertiary"
					aria-expanded={ showLog }
					onClick={ () => setShowLog( ! showLog ) }
				>
					{ __( 'Delivery log', 'userfeedback' ) }
				</Button>
				<Button variant="tertiary" onClick={ () => setEditing( true ) }>
					{ __( 'Edit', 'userfeedback' ) }
				</Button>
				<Button variant="tertiary" onClick={ showSecret }>
					{ __( 'Show secret', 'userfeedback' ) }
				</Button>
				<Button
					variant="tertiary"
					isDestructive
					isBusy={ remove.isPending }
					onClick={ onDelete }
				>
					{ __( 'Delete', 'userfeedback' ) }
				</Button>
			</div>
			{ update.error && ! editing && (
				<Notice status="error" isDismissible={ false }>
					{ update.error.message }
				</Notice>
			) }
			{ test.data && (
				<Notice
					status={ test.data.delivered ? 'success' : 'error' }
					isDismissible={ false }
					className="userfeedback-webhooks__test"
				>
					<strong>
						{ test.data.delivered
							? __( 'Test delivered.', 'userfeedback' )
							: __( 'The test failed.', 'userfeedback' ) }
					</strong>{ ' ' }
					{ outcomeText( test.data ) }
				</Notice>
			) }
			{ test.error && (
				<Notice status="error" isDismissible={ false }>
					{ test.error.message }
				</Notice>
			) }
			{ secret && (
				<SecretNotice
					title={ __( 'Signing secret', 'userfeedback' ) }
					url={ webhook.url }
					secret={ secret }
					onDone={ () => setSecret( null ) }
				/>
			) }
			{ showLog && (
				<DeliveryLog
					webhookId={ webhook.id }
					onRetry={ () => test.reset() }
				/>
			) }
			{ dialog }
		</li>
	);
}

function SecretNotice( {
	title,
	url,
	secret,
	onDone,
}: {
	title: string;
	url: string;
	secret: string;
	onDone: () => void;
} ) {
	const [ copied, setCopied ] = useState( false );
	const copy = async () => {
		try {
			await window.navigator.clipboard.writeText( secret );
			setCopied( true );
		} catch {
			setCopied( false );
		}
	};
	return (
		<section
			className="userfeedback-card userfeedback-webhooks__secret"
			aria-label={ title }
		>
			<h3 className="userfeedback-card__title">{ title }</h3>
			<p>
				{ sprintf(
					/* translators: %s: a webhook URL. */
					__(
						'Deliveries to %s are signed with this secret (X-UserFeedback-Signature). Copy it into your receiver now; it is shown again only on request.',
						'userfeedback'
					),
					url
				) }
			</p>
			<input
				className="userfeedback-webhooks__secret-value"
				readOnly
				value={ secret }
				aria-label={ __( 'Secret', 'userfeedback' ) }
				onFocus={ ( event ) => event.currentTarget.select() }
			/>
			<div className="userfeedback-webhooks__actions">
				<Button variant="secondary" onClick={ copy }>
					{ copied
						? __( 'Copied', 'userfeedback' )
						: __( 'Copy secret', 'userfeedback' ) }
				</Button>
				<Button variant="tertiary" onClick={ onDone }>
					{ __( 'Done', 'userfeedback' ) }
				</Button>
			</div>
		</section>
	);
}
