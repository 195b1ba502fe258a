import { useId, useState } from 'react';
import { __ } from '@wordpress/i18n';

import type { BulkAction, ItemId } from './types';

/**
 * The bulk-action dropdown and its Apply button. Apply waits for a chosen action and
 * at least one selected row, and stays disabled while the action runs.
 */
export function BulkActions( {
	actions,
	selected,
	onDone,
}: {
	actions: BulkAction[];
	selected: ItemId[];
	/** Called after an action settles; `keepSelection` when it returned false. */
	onDone: ( keepSelection: boolean ) => void;
} ) {
	const id = useId();
	const [ choice, setChoice ] = useState( '' );
	const [ running, setRunning ] = useState( false );
	const action = actions.find( ( candidate ) => candidate.id === choice );

	const apply = async () => {
		if ( ! action || selected.length === 0 ) {
			return;
		}
		setRunning( true );
		let result: unknown;
		try {
			result = await action.onApply( selected );
		} finally {
			setRunning( false );
		}
		if ( result !== false ) {
			setChoice( '' );
		}
		onDone( result === false );
	};

	return (
		<div className="alignleft actions bulkactions">
			<label htmlFor={ id } className="screen-reader-text">
				{ __( 'Select bulk action', 'userfeedback' ) }
			</label>
			<select
				id={ id }
				value={ action ? choice : '' }
				onChange={ ( event ) => setChoice( event.target.value ) }
			>
				<option value="">
					{ __( 'Bulk actions', 'userfeedback' ) }
				</option>
				{ actions.map( ( candidate ) => (
					<option key={ candidate.id } value={ candidate.id }>
						{ candidate.label }
					</option>
				) ) }
			</select>{ ' ' }
			<button
				type="button"
				className="button action"
				disabled={ ! action || selected.length === 0 || running }
				onClick={ apply }
			>
				{ __( 'Apply', 'userfeedback' ) }
			</button>
		</div>
	);
}
