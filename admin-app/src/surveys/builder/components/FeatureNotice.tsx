/**
 * A locked feature of the builder, as a notice above the controls it locks.
 */
import { Notice } from '@wordpress/components';

import { useGateMessage } from '../../../shared/components/GateMessage';
import type { FeatureGate } from '../../../shared/gating';

export function FeatureNotice( {
	gate,
	medium,
}: {
	gate: FeatureGate;
	medium?: string;
} ) {
	const message = useGateMessage( gate, medium );
	if ( ! message ) {
		return null;
	}
	return (
		<Notice
			status={ gate.reason === 'upgrade' ? 'info' : 'warning' }
			isDismissible={ false }
			className="userfeedback-feature-notice"
		>
			{ message.text } { message.action }
		</Notice>
	);
}
