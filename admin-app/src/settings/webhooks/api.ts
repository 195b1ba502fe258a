/**
 * The webhook routes as react-query hooks. The list is one query; every write asks it
 * again (last delivery, active) and a test or a retry asks the webhook's log again.
 */
import {
	useMutation,
	useQuery,
	useQueryClient,
	type QueryClient,
} from '@tanstack/react-query';

import { apiDelete, apiGet, apiPost } from '../../shared/api';
import type {
	CreatedWebhook,
	DeliveryOutcome,
	Webhook,
	WebhookDelivery,
	WebhookInput,
} from './types';

export const webhookKeys = {
	all: [ 'webhooks' ] as const,
	list: [ 'webhooks', 'list' ] as const,
	deliveries: ( id: number ) => [ 'webhooks', 'deliveries', id ] as const,
};

export function useWebhooks( enabled = true ) {
	return useQuery( {
		queryKey: webhookKeys.list,
		queryFn: () => apiGet< Webhook[] >( 'webhooks' ),
		enabled,
	} );
}

export function useDeliveries( id: number ) {
	return useQuery( {
		queryKey: webhookKeys.deliveries( id ),
		queryFn: () =>
			apiGet< WebhookDelivery[] >( `webhooks/${ id }/deliveries` ),
	} );
}

function refresh( client: QueryClient, id?: number ) {
	client.invalidateQueries( { queryKey: webhookKeys.list } );
	if ( id ) {
		client.invalidateQueries( {
			queryKey: webhookKeys.deliveries( id ),
		} );
	}
}

export function useCreateWebhook() {
	const client = useQueryClient();
	return useMutation( {
		mutationFn: ( input: WebhookInput ) =>
			apiPost< CreatedWebhook >( 'webhooks', input ),
		onSuccess: () => refresh( client ),
	} );
}

export function useUpdateWebhook() {
	const client = useQueryClient();
	return useMutation( {
		mutationFn: ( {
			id,
			...input
		}: Partial< WebhookInput > & { id: number } ) =>
			apiPost< Webhook >( `webhooks/${ id }`, input ),
		onSuccess: ( webhook ) => refresh( client, webhook.id ),
	} );
}

export function useDeleteWebhook() {
	const client = useQueryClient();
	return useMutation( {
		mutationFn: ( id: number ) => apiDelete( `webhooks/${ id }` ),
		onSuccess: () => refresh( client ),
	} );
}

export function useTestWebhook( id: number ) {
	const client = useQueryClient();
	return useMutation( {
		mutationFn: () =>
			apiPost< DeliveryOutcome >( `webhooks/${ id }/test`, {} ),
		onSettled: () => refresh( client, id ),
	} );
}

export function useRetryDelivery( id: number ) {
	const client = useQueryClient();
	return useMutation( {
		mutationFn: ( deliveryId: number ) =>
			apiPost< DeliveryOutcome >(
				`webhooks/${ id }/deliveries/${ deliveryId }/retry`,
				{}
			),
		onSettled: () => refresh( client, id ),
	} );
}

/**
 * The secret of a webhook, fetched only when asked for (never kept in the cache).
 *
 * @param id The webhook.
 */
export function fetchSecret( id: number ): Promise< { secret: string } > {
	return apiGet< { id: number; secret: string } >(
		`webhooks/${ id }/secret`
	);
}
