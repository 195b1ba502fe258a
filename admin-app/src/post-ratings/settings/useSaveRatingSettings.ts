/**
 * Saving the post-ratings settings, with the toasts of spec 2, section 8: 'Saving
 * Changes…' while the request runs (the spec's '...' written as the ellipsis that the
 * WordPress i18n lint asks for, as the other settings screens do), 'Settings Updated'
 * for 3 s, or 'Could Not Save Changes'. A 400 with data.params also gives the server's
 * message per field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { notify } from '../../shared/notices';
import type {
	PostRatingSettingKey,
	PostRatingSettingsUpdate,
} from '../../shared/types';
import { postRatingsKeys, saveRatingSettings } from '../api';

const SAVE_NOTICE = 'userfeedback-post-ratings-save';

/** Spec 2, section 9: the success toast's timer. */
export const SUCCESS_TOAST_MS = 3000;

export type FieldErrors = Partial< Record< PostRatingSettingKey, string > >;

export function useSaveRatingSettings() {
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: ( settings: PostRatingSettingsUpdate ) =>
			saveRatingSettings( settings ),
		onMutate: () => {
			notify.info( __( 'Saving Changes…', 'userfeedback' ), {
				id: SAVE_NOTICE,
				timeout: -1,
				isDismissible: false,
			} );
		},
		onSuccess: ( saved ) => {
			queryClient.setQueryData( postRatingsKeys.settings, saved );
			notify.success( __( 'Settings Updated', 'userfeedback' ), {
				id: SAVE_NOTICE,
				timeout: SUCCESS_TOAST_MS,
			} );
		},
		onError: () => {
			notify.error( __( 'Could Not Save Changes', 'userfeedback' ), {
				id: SAVE_NOTICE,
			} );
		},
	} );
}
