/**
 * Before a save that the server would strip (issue 17 item 4): what the site may not
 * use and the draft uses, with what the save does to it, in the server's own words
 * (config.feature_policy). The server still strips; this only asks first.
 */
import { create } from 'zustand';
import { __ } from '@wordpress/i18n';

import type { FeaturePolicyRow } from '../../shared/types';
import { ConfirmDialog } from './components/ConfirmDialog';

interface StripQuestion {
	rows: FeaturePolicyRow[];
	answer: ( remove: boolean ) => void;
}

const useStripQuestion = create< { asking: StripQuestion | null } >( () => ( {
	asking: null,
} ) );

/**
 * Shows the confirmation and resolves with the answer (true: save and remove them).
 *
 * @param rows What the save would strip.
 */
export function askToStrip( rows: FeaturePolicyRow[] ): Promise< boolean > {
	// A question still open (a second save started meanwhile) counts as cancelled.
	useStripQuestion.getState().asking?.answer( false );
	return new Promise( ( resolve ) => {
		useStripQuestion.setState( {
			asking: {
				rows,
				answer: ( remove ) => {
					useStripQuestion.setState( { asking: null } );
					resolve( remove );
				},
			},
		} );
	} );
}

export function StripDialog() {
	const asking = useStripQuestion( ( state ) => state.asking );
	if ( ! asking ) {
		return null;
	}
	return (
		<ConfirmDialog
			title={ __(
				'Remove what your plan does not include?',
				'userfeedback'
			) }
			confirmLabel={ __( 'Remove and save', 'userfeedback' ) }
			onConfirm={ () => asking.answer( true ) }
			onCancel={ () => asking.answer( false ) }
		>
			<p>
				{ __(
					'This survey uses features your plan does not include. Saving it removes them:',
					'userfeedback'
				) }
			</p>
			<ul className="userfeedback-strip-list">
				{ asking.rows.map( ( row ) => (
					<li key={ row.feature }>
						<strong>{ row.label }</strong>: { row.removal }
					</li>
				) ) }
			</ul>
			<p>
				{ __(
					'Cancel to keep editing without saving; your changes stay in this browser until you save or discard them.',
					'userfeedback'
				) }
			</p>
		</ConfirmDialog>
	);
}
