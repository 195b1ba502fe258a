import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

interface Pending< T > {
	items: T[];
	resolve: ( confirmed: boolean ) => void;
}

/**
 * Asks before something is deleted for good. The caller says what will be lost;
 * the question, the buttons and the promise are the same everywhere.
 *
 * @example
 * const { confirmDelete, dialog } = useConfirmDelete( ( titles: string[] ) => `...` );
 * if ( await confirmDelete( [ 'Site feedback' ] ) ) { ... }
 * return <>{ dialog }...</>;
 *
 * @param message What the dialog says will be deleted, for the items asked about.
 */
export function useConfirmDelete< T >( message: ( items: T[] ) => string ): {
	confirmDelete: ( items: T[] ) => Promise< boolean >;
	dialog: ReactNode;
} {
	const [ pending, setPending ] = useState< Pending< T > | null >( null );

	const confirmDelete = useCallback(
		( items: T[] ) =>
			new Promise< boolean >( ( resolve ) =>
				setPending( { items, resolve } )
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
			<p>{ message( pending.items ) }</p>
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
