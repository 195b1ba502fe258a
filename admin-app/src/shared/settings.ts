/**
 * The plugin settings resource (GET/POST userfeedback/v1/settings), shared by the
 * settings tabs and any screen that reads a setting, and the tabs' save behaviour
 * (spec 3, section 4 "Saving settings").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { ApiError, apiGet, apiPost } from './api';
import { DEFAULT_TIMEOUT, notify } from './notices';
import { queryKeys } from './query';
import type { Settings, SettingsUpdate } from './types';

const SAVE_NOTICE = 'userfeedback-settings-save';

/** Field => message, as the server refuses a save (data.params of a 400). */
export type SettingsFieldErrors = Partial< Record< keyof Settings, string > >;

/** GET settings: the one fetcher of queryKeys.settings. */
export function fetchSettings(): Promise< Settings > {
	return apiGet< Settings >( 'settings' );
}

export function useSettings() {
	return useQuery( {
		queryKey: queryKeys.settings,
		queryFn: fetchSettings,
	} );
}

/**
 * The page-level answer to a save that cannot go through, whether the tab found the
 * errors itself or the server refused them: 'Please fix errors on this page.' for
 * 5 s, and the page scrolled to the top where the notice shows.
 */
export function reportInvalidSettings(): void {
	notify.error( __( 'Please fix errors on this page.', 'userfeedback' ), {
		id: SAVE_NOTICE,
		timeout: DEFAULT_TIMEOUT,
	} );
	window.scrollTo( { top: 0, behavior: 'smooth' } );
}

/**
 * The per-field messages of a refused save (a 400 carrying data.params), or null
 * when the error is of another kind.
 *
 * @param error What the mutation failed with.
 */
export function fieldErrorsOf< Errors extends object = SettingsFieldErrors >(
	error: unknown
): Errors | null {
	if (
		error instanceof ApiError &&
		error.status === 400 &&
		error.data?.params &&
		typeof error.data.params === 'object' &&
		Object.keys( error.data.params ).length > 0
	) {
		return error.data.params as Errors;
	}
	return null;
}

/**
 * Saves part of the settings; the server answers with all of them, which replace the
 * cache. Success shows 'Settings saved.' (info, 5 s); a refused save shows the
 * fix-errors notice and scrolls up, and `fieldErrors` holds the server's message per
 * field so that the tab can mark them (cleared by the next save). Any other failure
 * (no permission, network) shows the server's message.
 */
export function useSaveSettings() {
	const queryClient = useQueryClient();
	const mutation = useMutation( {
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
			notify.info( __( 'Settings saved.', 'userfeedback' ), {
				id: SAVE_NOTICE,
				timeout: DEFAULT_TIMEOUT,
			} );
		},
		onError: ( error ) => {
			if ( fieldErrorsOf( error ) ) {
				reportInvalidSettings();
				return;
			}
			notify.error( error.message, { id: SAVE_NOTICE } );
		},
	} );
	return {
		...mutation,
		fieldErrors: fieldErrorsOf( mutation.error ) ?? {},
	};
}
