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
 * "HTTP 200 · 35 ms", or the error (which names the status when there was one) and the time.
 *
 * @param delivery The delivery.
 */
export function outcomeText(
	delivery: Pick< WebhookDelivery, 'code' | 'error' | 'duration_ms' >
): string {
	let what = delivery.error;
	if ( ! what ) {
		what = delivery.code
			? sprintf(
					/* translators: %d: HTTP status code. */
					__( 'HTTP %d', 'userfeedback' ),
					delivery.code
				)
			: __( 'No answer', 'userfeedback' );
	}
	return sprintf(
		/* translators: 1: the outcome, e.g. HTTP 200; 2: milliseconds. */
		__( '%1$s · %2$d ms', 'userfeedback' ),
		what,
		delivery.duration_ms
	);
}
