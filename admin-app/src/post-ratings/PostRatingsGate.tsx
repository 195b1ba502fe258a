/**
 * The whole post-ratings page when the feature is locked: why, and the one action that
 * unlocks it (the upgrade dialog, the licence settings or the Addons page).
 */
import { __ } from '@wordpress/i18n';

import { EmptyState, Page } from '../shared/components';
import { useGateMessage } from '../shared/components/GateMessage';
import type { FeatureGate } from '../shared/gating';

export function PostRatingsGate( { gate }: { gate: FeatureGate } ) {
	const message = useGateMessage( gate, 'post-ratings' );
	if ( ! message ) {
		return null;
	}
	return (
		<Page title={ __( 'Post Ratings', 'userfeedback' ) }>
			<EmptyState title={ message.text } action={ message.action }>
				{ __(
					'Let visitors rate your posts and pages, and see which content they like best.',
					'userfeedback'
				) }
			</EmptyState>
		</Page>
	);
}
