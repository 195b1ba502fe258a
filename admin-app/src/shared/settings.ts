/**
 * The plugin settings resource (GET/POST userfeedback/v1/settings), shared by the
 * settings tabs and any screen that reads a setting.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { apiGet, apiPost } from './api';
import { notify } from './notices';
import { queryKeys } from './query';
import type { Settings, SettingsUpdate } from './types';

const SAVE_NOTICE = 'userfeedback-settings-save';

export function useSettings() {
	return useQuery( {
		queryKey: queryKeys.settings,
		queryFn: () => apiGet< Settings >( 'settings' ),
	} );
}

/** Saves part of the settings; the server answers with all of them, which replace the cache. */
export function useSaveSettings() {
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: ( update: SettingsUpdate ) =>
			apiPost< Settings >( 'settings', update ),
		onMutate: () => {
			notify.info( __( 'Saving Changes…', 'userfeedback' ), {
				id: SAVE_NOTICE,
				timeout: -1,
				isDismissible: false,
			} );
		},
		onSuccess: ( settings ) => {
			queryClient.setQueryData( queryKeys.settings, settings );
			notify.success( __( 'Settings saved.', 'userfeedback' ), {
				id: SAVE_NOTICE,
			} );
		},
		onError: ( error ) => {
			notify.error( error.message, { id: SAVE_NOTICE } );
		},
	} );
}
