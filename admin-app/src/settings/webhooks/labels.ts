/**
 * Words of a delivery's status and outcome, shared by the list, the log and the test result.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { DeliveryStatus, WebhookDelivery, WebhookFormat } from './types';

export function statusLabel( status: DeliveryStatus ): string {
	switch ( status ) {
		case 'delivered':
			return __( 'Delivered', 'userfeedback' );
		case 'pending':
			return __( 'Pending', 'userfeedback' );
		case 'failed':
			return __( 'Failed', 'userfeedback' );
		case 'gave_up':
			return __( 'Gave up', 'userfeedback' );
	}
}

export function formatLabel( format: WebhookFormat ): string {
	return format === 'slack'
		? __( 'Slack', 'userfeedback' )
		: __( 'JSON', 'userfeedback' );
}

/**
 * "HTTP 500 · 120 ms" and the error, in one line.
 *
 * @param delivery The delivery.
 */
export function outcomeText(
	delivery: Pick< WebhookDelivery, 'code' | 'error' | 'duration_ms' >
): string {
	const parts = [
		delivery.code
			? sprintf(
					/* translators: %d: HTTP status code. */
					__( 'HTTP %d', 'userfeedback' ),
					delivery.code
				)
			: __( 'No answer', 'userfeedback' ),
		/* translators: %d: milliseconds. */
		sprintf( __( '%d ms', 'userfeedback' ), delivery.duration_ms ),
	];
	return delivery.error
		? `${ parts.join( ' · ' ) }: ${ delivery.error }`
		: parts.join( ' · ' );
}
