import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

interface Pending {
	titles: string[];
	resolve: ( confirmed: boolean ) => void;
}

/**
 * Asks before surveys are deleted for good.
 *
 * @example
 * const { confirmDelete, dialog } = useConfirmDelete();
 * if ( await confirmDelete( [ 'Site feedback' ] ) ) { ... }
 * return <>{ dialog }...</>;
 */
export function useConfirmDelete(): {
	confirmDelete: ( titles: string[] ) => Promise< boolean >;
	dialog: ReactNode;
} {
	const [ pending, setPending ] = useState< Pending | null >( null );

	const confirmDelete = useCallback(
		( titles: string[] ) =>
			new Promise< boolean >( ( resolve ) =>
				setPending( { titles, resolve } )
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
				{ pending.titles.length === 1
					? sprintf(
							/* translators: %s: survey title. */
							__(
								'“%s” and all its responses will be deleted permanently. This cannot be undone.',
								'userfeedback'
							),
							pending.titles[ 0 ]
						)
					: sprintf(
							/* translators: %s: number of surveys. */
							_n(
								'%s survey and all its responses will be deleted permanently. This cannot be undone.',
								'%s surveys and all their responses will be deleted permanently. This cannot be undone.',
								pending.titles.length,
								'userfeedback'
							),
							pending.titles.length.toLocaleString()
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
