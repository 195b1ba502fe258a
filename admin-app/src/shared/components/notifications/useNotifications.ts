/**
 * The notifications drawer's server state: the list (GET notifications) and the
 * calls that change it. Dismissals answer with the whole list after the change,
 * which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { apiGet, apiPost } from '../../api';
import { useConfig } from '../../context';
import { browser } from '../../license';
import { notify } from '../../notices';
import { queryKeys } from '../../query';
import { safeUrl } from './safeUrl';
import type {
	NotificationActionResult,
	NotificationButton,
	NotificationsList,
} from '../../types/notifications';

/** The drawer opens by itself when the address has ?open=userfeedback_notifications. */
export const OPEN_PARAM = 'open';
export const OPEN_VALUE = 'userfeedback_notifications';

export function openRequestedByUrl( search = window.location.search ): boolean {
	return new URLSearchParams( search ).get( OPEN_PARAM ) === OPEN_VALUE;
}

/** Users who may read results may read notifications (the route's capability). */
export function useCanSeeNotifications(): boolean {
	// The routes let in anyone with one of our capabilities; each has an inbox.
	return Object.values( useConfig().user.capabilities ).some( Boolean );
}

/**
 * The list as the routes answer it; anything else (a proxy's page, another route's
 * answer) is an error rather than a crash of the header.
 *
 * @param data The parsed response.
 */
function checkList( data: unknown ): NotificationsList {
	const list = data as Partial< NotificationsList > | null;
	if (
		! list ||
		! Array.isArray( list.notifications ) ||
		! Array.isArray( list.dismissed )
	) {
		throw new Error(
			__( 'The notifications could not be read.', 'userfeedback' )
		);
	}
	return list as NotificationsList;
}

export function useNotificationsList() {
	return useQuery( {
		queryKey: queryKeys.notifications,
		queryFn: async () => checkList( await apiGet( 'notifications' ) ),
	} );
}

function useListMutation< V >( call: ( variables: V ) => Promise< unknown > ) {
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: async ( variables: V ) =>
			checkList( await call( variables ) ),
		onSuccess: ( list ) =>
			queryClient.setQueryData( queryKeys.notifications, list ),
		onError: ( error ) => notify.error( error.message ),
	} );
}

export function useDismissNotification() {
	return useListMutation( ( id: string ) =>
		apiPost( `notifications/${ encodeURIComponent( id ) }/dismiss` )
	);
}

export function useDismissAll() {
	return useListMutation( () => apiPost( 'notifications/dismiss-all' ) );
}

/**
 * An action button: POST notifications/action, then show the message, and reload the
 * page or go to redirect_to when the server asks for it.
 */
export function useNotificationAction() {
	const admin = useConfig().urls.admin;
	return useMutation( {
		mutationFn: ( action: NonNullable< NotificationButton[ 'action' ] > ) =>
			apiPost< NotificationActionResult >( 'notifications/action', {
				class: action.class,
				action: action.action,
			} ),
		onSuccess: ( result ) => {
			if ( result?.message ) {
				notify.success( result.message );
			}
			const target = safeUrl( result?.redirect_to ?? '', admin );
			if ( target ) {
				browser.assign( target );
			} else if ( result?.reload ) {
				browser.reload();
			}
		},
		onError: ( error ) => notify.error( error.message ),
	} );
}
