import { forwardRef, useEffect, useRef, useState } from 'react';
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { NotificationsDrawer } from './NotificationsDrawer';
import {
	openRequestedByUrl,
	useCanSeeNotifications,
	useNotificationsList,
} from './useNotifications';

import './notifications.scss';

const ToggleButton = forwardRef<
	HTMLButtonElement,
	{
		expanded: boolean;
		onClick: () => void;
	}
>( function ToggleButtonWithRef( { expanded, onClick }, ref ) {
	const list = useNotificationsList();
	const count = list.data?.notifications.length ?? 0;
	const label =
		count > 0
			? sprintf(
					/* translators: %d: number of unread notifications. */
					_n(
						'Notifications (%d unread)',
						'Notifications (%d unread)',
						count,
						'userfeedback'
					),
					count
				)
			: __( 'Notifications', 'userfeedback' );
	return (
		<Button
			ref={ ref }
			className="userfeedback-notifications-toggle"
			label={ label }
			showTooltip={ false }
			aria-haspopup="dialog"
			aria-expanded={ expanded }
			onClick={ onClick }
		>
			<span className="dashicons dashicons-bell" aria-hidden="true" />
			{ count > 0 && (
				<span
					className="userfeedback-notifications-toggle__count"
					aria-hidden="true"
				>
					{ count }
				</span>
			) }
		</Button>
	);
} );

/**
 * The header's notifications button with the count of active notifications, and the
 * drawer it opens. Only for users the notifications route lets in.
 */
export function NotificationsToggle() {
	const allowed = useCanSeeNotifications();
	const [ open, setOpen ] = useState( openRequestedByUrl );
	const toggle = useRef< HTMLButtonElement >( null );
	const wasOpen = useRef( open );
	// Back to the toggle on close, also when the drawer opened by itself from the URL.
	useEffect( () => {
		if ( wasOpen.current && ! open ) {
			toggle.current?.focus();
		}
		wasOpen.current = open;
	}, [ open ] );
	if ( ! allowed ) {
		return null;
	}
	return (
		<>
			<ToggleButton
				ref={ toggle }
				expanded={ open }
				onClick={ () => setOpen( ( current ) => ! current ) }
			/>
			{ open && (
				<NotificationsDrawer onClose={ () => setOpen( false ) } />
			) }
		</>
	);
}
