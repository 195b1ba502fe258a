/**
 * A yes/no question in a modal (Modal exists in every WordPress the plugin supports;
 * ConfirmDialog is still experimental in 6.6).
 */
import type { ReactNode } from 'react';
import { Button, Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function ConfirmDialog( {
	title,
	children,
	confirmLabel,
	onConfirm,
	onCancel,
}: {
	title: string;
	children?: ReactNode;
	confirmLabel: string;
	onConfirm: () => void;
	onCancel: () => void;
} ) {
	return (
		<Modal
			title={ title }
			onRequestClose={ onCancel }
			size="small"
			className="userfeedback-confirm"
		>
			{ children }
			<div className="userfeedback-confirm__actions">
				<Button variant="tertiary" onClick={ onCancel }>
					{ __( 'Cancel', 'userfeedback' ) }
				</Button>
				<Button variant="primary" isDestructive onClick={ onConfirm }>
					{ confirmLabel }
				</Button>
			</div>
		</Modal>
	);
}
