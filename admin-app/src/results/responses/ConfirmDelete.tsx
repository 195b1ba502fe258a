import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { responseTitle } from './format';

type Resolve = ( confirmed: boolean ) => void;

/**
 * Asks before responses are deleted for good.
 *
 * @example
 * const { confirmDelete, dialog } = useConfirmDelete();
 * if ( await confirmDelete( [ 12 ] ) ) { ... }
 * return <>{ dialog }...</>;
 */
export function useConfirmDelete(): {
	confirmDelete: ( ids: number[] ) => Promise< boolean >;
	dialog: ReactNode;
} {
	const [ pending, setPending ] = useState< {
		ids: number[];
		resolve: Resolve;
	} | null >( null );

	const confirmDelete = useCallback(
		( ids: number[] ) =>
			new Promise< boolean >( ( resolve ) =>
				setPending( { ids, resolve } )
			),
		[]
	);

	const answer = ( confirmed: boolean ) => {
		pending?.resolve( confirmed );
		setPending( null );
	};

	const dialog = pending ? (
		<Modal
			title={ __( 'Delete permanently?', 'userfeedback' ) }
			onRequestClose={ () => answer( false ) }
			className="userfeedback-confirm-dialog"
		>
			<p>
				{ pending.ids.length === 1
					? sprintf(
							/* translators: %s: response title, e.g. "Response #12". */
							__(
								'%s will be deleted permanently. This cannot be undone.',
								'userfeedback'
							),
							responseTitle( pending.ids[ 0 ] )
						)
					: sprintf(
							/* translators: %s: number of responses. */
							_n(
								'%s response will be deleted permanently. This cannot be undone.',
								'%s responses will be deleted permanently. This cannot be undone.',
								pending.ids.length,
								'userfeedback'
							),
							pending.ids.length.toLocaleString()
						) }
			</p>
			<div className="userfeedback-confirm-dialog__actions">
				<Button variant="tertiary" onClick={ () => answer( false ) }>
					{ __( 'Cancel', 'userfeedback' ) }
				</Button>
				<Button
					variant="primary"
					isDestructive
					onClick={ () => answer( true ) }
				>
					{ __( 'Delete permanently', 'userfeedback' ) }
				</Button>
			</div>
		</Modal>
	) : null;

	return { confirmDelete, dialog };
}
