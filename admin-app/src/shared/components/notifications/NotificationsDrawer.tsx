import { useState } from 'react';
import { Button, Modal } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { EmptyState, LoadingState, QueryError } from '../States';
import type { Notification } from '../../types/notifications';
import { NotificationItem } from './NotificationItem';
import {
	useDismissAll,
	useDismissNotification,
	useNotificationsList,
} from './useNotifications';

type View = 'inbox' | 'dismissed';

function NotificationsView( { view }: { view: View } ) {
	const list = useNotificationsList();
	const dismiss = useDismissNotification();
	if ( list.isPending ) {
		return (
			<LoadingState
				label={ __( 'Loading notifications…', 'userfeedback' ) }
			/>
		);
	}
	if ( list.isError ) {
		return (
			<QueryError error={ list.error } onRetry={ () => list.refetch() } />
		);
	}
	const items: Notification[] =
		view === 'inbox' ? list.data.notifications : list.data.dismissed;
	if ( items.length === 0 ) {
		return (
			<EmptyState
				title={
					view === 'inbox'
						? __( 'You have no new notifications.', 'userfeedback' )
						: __(
								'You have no dismissed notifications.',
								'userfeedback'
							)
				}
			/>
		);
	}
	return (
		<div className="userfeedback-notifications__list">
			{ items.map( ( notification ) => (
				<NotificationItem
					key={ notification.id }
					notification={ notification }
					dismissing={
						dismiss.isPending &&
						dismiss.variables === notification.id
					}
					onDismiss={
						view === 'inbox'
							? () => dismiss.mutate( notification.id )
							: undefined
					}
				/>
			) ) }
		</div>
	);
}

/**
 * The drawer: a modal dialog along the right edge. Escape and its close button close
 * it; focus goes into it on open and back to the toggle on close (Modal does both).
 *
 * @param props         The drawer.
 * @param props.onClose Closes it.
 */
export function NotificationsDrawer( { onClose }: { onClose: () => void } ) {
	const [ view, setView ] = useState< View >( 'inbox' );
	const list = useNotificationsList();
	const dismissAll = useDismissAll();
	const hasInbox = ( list.data?.notifications.length ?? 0 ) > 0;
	return (
		<Modal
			title={ __( 'Notifications', 'userfeedback' ) }
			onRequestClose={ onClose }
			className="userfeedback-notifications"
			overlayClassName="userfeedback-notifications__overlay"
		>
			<div className="userfeedback-notifications__toolbar">
				<Button
					variant="tertiary"
					size="compact"
					onClick={ () =>
						setView( view === 'inbox' ? 'dismissed' : 'inbox' )
					}
				>
					{ view === 'inbox'
						? __( 'Dismissed Notifications', 'userfeedback' )
						: __( 'Inbox', 'userfeedback' ) }
				</Button>
				{ view === 'inbox' && hasInbox && (
					<Button
						variant="secondary"
						size="compact"
						isBusy={ dismissAll.isPending }
						disabled={ dismissAll.isPending }
						onClick={ () => dismissAll.mutate( undefined ) }
					>
						{ __( 'Dismiss All', 'userfeedback' ) }
					</Button>
				) }
			</div>
			<NotificationsView view={ view } />
		</Modal>
	);
}
