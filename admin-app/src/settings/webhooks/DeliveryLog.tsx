/**
 * A webhook's latest deliveries (the server keeps the last 50 shown here), newest first:
 * what was sent, its status, the last answer and attempts, and Retry on a failed one.
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { EmptyState, LoadingState, QueryError } from '../../shared/components';
import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import { useDeliveries, useRetryDelivery } from './api';
import { outcomeText, statusLabel } from './labels';
import type { WebhookDelivery } from './types';

export function DeliveryLog( {
	webhookId,
	onRetry,
}: {
	webhookId: number;
	/** Called when a retry starts (an earlier test's outcome is then out of date). */
	onRetry?: () => void;
} ) {
	const log = useDeliveries( webhookId );
	const retry = useRetryDelivery( webhookId );
	const { site } = useConfig();
	const when = ( value: string | null ) =>
		value
			? `${ formatDate( value, site.date_format, site ) } ${ formatDate(
					value,
					site.time_format,
					site
				) }`
			: '';

	if ( log.isPending ) {
		return (
			<LoadingState
				label={ __( 'Loading deliveries…', 'userfeedback' ) }
			/>
		);
	}
	if ( log.isError ) {
		return (
			<QueryError error={ log.error } onRetry={ () => log.refetch() } />
		);
	}
	if ( log.data.length === 0 ) {
		return (
			<EmptyState title={ __( 'No deliveries yet', 'userfeedback' ) }>
				{ __(
					'Each completed response is sent within a minute or two. Send a test to try the URL now.',
					'userfeedback'
				) }
			</EmptyState>
		);
	}
	const what = ( delivery: WebhookDelivery ) =>
		delivery.event === 'test'
			? __( 'Test', 'userfeedback' )
			: sprintf(
					/* translators: %d: response id. */
					__( 'Response #%d', 'userfeedback' ),
					delivery.response_id
				);

	return (
		<table className="widefat striped userfeedback-webhooks__log">
			<caption className="screen-reader-text">
				{ __( 'Latest deliveries', 'userfeedback' ) }
			</caption>
			<thead>
				<tr>
					<th scope="col">{ __( 'Sent', 'userfeedback' ) }</th>
					<th scope="col">{ __( 'What', 'userfeedback' ) }</th>
					<th scope="col">{ __( 'Status', 'userfeedback' ) }</th>
					<th scope="col">{ __( 'Attempts', 'userfeedback' ) }</th>
					<th scope="col">{ __( 'Last answer', 'userfeedback' ) }</th>
					<th scope="col">
						<span className="screen-reader-text">
							{ __( 'Actions', 'userfeedback' ) }
						</span>
					</th>
				</tr>
			</thead>
			<tbody>
				{ log.data.map( ( delivery ) => (
					<tr key={ delivery.id }>
						<td>
							{ when(
								delivery.attempted_at ?? delivery.created_at
							) }
						</td>
						<td>{ what( delivery ) }</td>
						<td>
							<span
								className={ `userfeedback-webhooks__status is-${ delivery.status }` }
							>
								{ statusLabel( delivery.status ) }
							</span>
							{ delivery.next_at && (
								<span className="userfeedback-webhooks__next">
									{ sprintf(
										/* translators: %s: date and time. */
										__( 'Next try %s', 'userfeedback' ),
										when( delivery.next_at )
									) }
								</span>
							) }
						</td>
						<td>{ delivery.attempts }</td>
						<td className="userfeedback-webhooks__outcome">
							{ delivery.attempts > 0 || delivery.error
								? outcomeText( delivery )
								: '—' }
						</td>
						<td>
							{ ( delivery.status === 'failed' ||
								delivery.status === 'gave_up' ) && (
								<Button
									variant="secondary"
									size="small"
									isBusy={
										retry.isPending &&
										retry.variables === delivery.id
									}
									disabled={ retry.isPending }
									onClick={ () => {
										onRetry?.();
										retry.mutate( delivery.id );
									} }
									aria-label={ sprintf(
										/* translators: %d: delivery id. */
										__(
											'Retry delivery %d',
											'userfeedback'
										),
										delivery.id
									) }
								>
									{ __( 'Retry', 'userfeedback' ) }
								</Button>
							) }
						</td>
					</tr>
				) ) }
			</tbody>
		</table>
	);
}
