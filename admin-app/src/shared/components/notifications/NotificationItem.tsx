import { useId } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { formatDistanceToNow } from 'date-fns';

import { useConfig } from '../../context';
import type {
	Notification,
	NotificationButton,
} from '../../types/notifications';
import { useNotificationAction } from './useNotifications';
import { safeUrl } from './safeUrl';

const DASHICON = /^[a-z0-9-]+$/;

/**
 * A dashicon by name, or an https image; none for '', the megaphone for other values.
 *
 * @param props      The icon.
 * @param props.icon Dashicon name or image URL.
 */
export function NotificationIcon( { icon }: { icon: string } ) {
	if ( ! icon ) {
		return null;
	}
	if ( /^https:\/\//.test( icon ) ) {
		return (
			<img
				className="userfeedback-notification__image"
				src={ icon }
				alt=""
			/>
		);
	}
	const name = DASHICON.test( icon ) ? icon : 'megaphone';
	return (
		<span
			className={ `userfeedback-notification__icon dashicons dashicons-${ name }` }
			aria-hidden="true"
		/>
	);
}

function relativeDate( iso: string ): string | null {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() )
		? null
		: formatDistanceToNow( date, { addSuffix: true } );
}

function ItemButton( { button }: { button: NotificationButton } ) {
	const admin = useConfig().urls.admin;
	const run = useNotificationAction();
	const variant = button.type === 'primary' ? 'primary' : 'secondary';
	if ( button.action ) {
		const action = button.action;
		return (
			<Button
				variant={ variant }
				size="compact"
				isBusy={ run.isPending }
				disabled={ run.isPending }
				onClick={ () => run.mutate( action ) }
			>
				{ button.text }
			</Button>
		);
	}
	const href = safeUrl( button.url, admin );
	if ( ! href ) {
		return null;
	}
	return (
		<Button
			variant={ variant }
			size="compact"
			href={ href }
			{ ...( button.is_external
				? { target: '_blank', rel: 'noopener noreferrer' }
				: {} ) }
		>
			{ button.text }
		</Button>
	);
}

/**
 * One notification of the drawer.
 *
 * @param props              The item.
 * @param props.notification The notification.
 * @param props.onDismiss    Dismisses it; absent in the dismissed view.
 * @param props.dismissing   True while its dismissal is under way.
 */
export function NotificationItem( {
	notification,
	onDismiss,
	dismissing = false,
}: {
	notification: Notification;
	onDismiss?: () => void;
	dismissing?: boolean;
} ) {
	const titleId = useId();
	const date = relativeDate( notification.active_from );
	return (
		<article
			className="userfeedback-notification"
			aria-labelledby={ titleId }
		>
			<NotificationIcon icon={ notification.icon } />
			<div className="userfeedback-notification__body">
				<h3 id={ titleId } className="userfeedback-notification__title">
					{ notification.title }
				</h3>
				{ date && (
					<time
						className="userfeedback-notification__date"
						dateTime={ notification.active_from }
					>
						{ date }
					</time>
				) }
				<p className="userfeedback-notification__content">
					{ notification.content }
				</p>
				<div className="userfeedback-notification__actions">
					{ notification.buttons.map( ( button, index ) => (
						<ItemButton key={ index } button={ button } />
					) ) }
					{ onDismiss && (
						<Button
							variant="link"
							className="userfeedback-notification__dismiss"
							isBusy={ dismissing }
							disabled={ dismissing }
							onClick={ onDismiss }
						>
							{ __( 'Dismiss', 'userfeedback' ) }
						</Button>
					) }
				</div>
			</div>
		</article>
	);
}
