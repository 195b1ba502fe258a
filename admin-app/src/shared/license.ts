/**
 * The site-administration admin-ajax calls of the settings and addons screens: the
 * licence actions, the Lite settings blurb, and the small helpers they share (the
 * error text of a refused call, the delayed page reload after an entitlement change).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { __, sprintf } from '@wordpress/i18n';

import { queryKeys } from './query';
import { AjaxError, ajax, type AjaxData, type AjaxTarget } from './api';
import { useConfig } from './context';
import { notify } from './notices';
import type {
	LicenseActionResult,
	LicenseInfo,
	LicenseState,
	LicenseType,
	SettingsBlurbState,
} from './types';

/** Licence verification starts this long after the last keystroke (spec 9). */
export const VERIFY_DEBOUNCE_MS = 500;
/** The page reloads this long after a licence or addon change succeeded. */
export const RELOAD_DELAY_MS = 1000;

export const licenseQueryKey = queryKeys.license;
export const blurbQueryKey = queryKeys.licenseBlurb;

/**
 * Page navigation, in one object so tests can replace its members
 * (`vi.spyOn( browser, 'reload' )`): jsdom cannot navigate.
 */
export const browser = {
	reload(): void {
		window.location.reload();
	},
	assign( url: string ): void {
		window.location.assign( url );
	},
};

let pendingReload: ReturnType< typeof setTimeout > | undefined;

/** Reloads the page after RELOAD_DELAY_MS, so every screen sees the new entitlements. */
export function reloadSoon(): void {
	clearTimeout( pendingReload );
	pendingReload = setTimeout( () => {
		pendingReload = undefined;
		browser.reload();
	}, RELOAD_DELAY_MS );
}

/** Drops a reload reloadSoon() scheduled (tests, between cases). */
export function cancelReload(): void {
	clearTimeout( pendingReload );
	pendingReload = undefined;
}

/** ajax() swallowed a network failure (it resolves with undefined then). */
export class NetworkError extends Error {
	constructor() {
		super( __( 'The server could not be reached.', 'userfeedback' ) );
		this.name = 'NetworkError';
	}
}

/**
 * Calls an admin-ajax action and returns the `data` member of its success answer.
 * Rejects with an AjaxError when the server refused the call, and with a
 * NetworkError when there was no answer at all.
 *
 * @param action The wp_ajax_ action.
 * @param data   Form fields.
 * @param target admin-ajax URL and nonce, from the page config.
 */
export async function ajaxData< T >(
	action: string,
	data: AjaxData,
	target: AjaxTarget
): Promise< T > {
	const response = await ajax< { success?: boolean; data?: T } >(
		action,
		data,
		target
	);
	if ( response === undefined ) {
		throw new NetworkError();
	}
	return response.data as T;
}

/**
 * The text to show for a failed call: the server's `error`, then its `message`,
 * then the error's own message.
 *
 * @param error    What the call threw.
 * @param fallback Text when there is nothing better.
 */
export function errorText( error: unknown, fallback: string ): string {
	if ( error instanceof AjaxError ) {
		const data = error.data;
		if ( typeof data === 'object' && data !== null ) {
			const { error: reason, message } = data as {
				error?: unknown;
				message?: unknown;
			};
			if ( typeof reason === 'string' && reason ) {
				return reason;
			}
			if ( typeof message === 'string' && message ) {
				return message;
			}
		}
		return fallback;
	}
	if ( error instanceof Error && error.message ) {
		return error.message;
	}
	return fallback;
}

/** Server answers are not retried; a call that got no answer is, twice. */
function retryUnanswered( failureCount: number, error: unknown ): boolean {
	return ! ( error instanceof AjaxError ) && failureCount < 2;
}

/** userfeedback_vue_get_license: the site's and the network's licence. */
export function useLicense() {
	const { ajax: target } = useConfig();
	return useQuery( {
		queryKey: licenseQueryKey,
		queryFn: () =>
			ajaxData< LicenseInfo >(
				'userfeedback_vue_get_license',
				{},
				target
			),
		retry: retryUnanswered,
	} );
}

export type LicenseAction = 'verify' | 'validate' | 'deactivate';

const LICENSE_ACTIONS: Record< LicenseAction, string > = {
	verify: 'userfeedback_verify_license',
	validate: 'userfeedback_validate_license',
	deactivate: 'userfeedback_deactivate_license',
};

export interface LicenseActionInput {
	action: LicenseAction;
	/** The key to verify or deactivate; not sent for validate. */
	license?: string;
	network: boolean;
}

/**
 * The one notice of the licence actions: a verification typed (debounced) and then
 * clicked, or clicked twice, says what happened once, the last answer replacing the
 * one before.
 */
export const LICENSE_NOTICE = 'userfeedback-license';

/**
 * Verify, refresh (validate) or deactivate a key. Success: the server's message as a
 * success toast, the stored licence updated, and a page reload after 1 s so every
 * screen gets the new entitlements. Failure: the server's error as an error toast.
 */
export function useLicenseAction() {
	const { ajax: target } = useConfig();
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: ( { action, license, network }: LicenseActionInput ) => {
			const data: AjaxData = {};
			if ( action !== 'validate' ) {
				data.license = license ?? '';
			}
			if ( network ) {
				data.network = '1';
			}
			return ajaxData< LicenseActionResult >(
				LICENSE_ACTIONS[ action ],
				data,
				target
			);
		},
		onSuccess: ( result, { network } ) => {
			queryClient.setQueryData< LicenseInfo >(
				licenseQueryKey,
				( current ) => {
					if ( ! current || ! result?.license ) {
						return current;
					}
					return network
						? { ...current, network: result.license }
						: { ...current, site: result.license };
				}
			);
			notify.success(
				result?.message || __( 'Success', 'userfeedback' ),
				{ id: LICENSE_NOTICE }
			);
			reloadSoon();
		},
		onError: ( error, { action } ) => {
			const reason = errorText(
				error,
				__( 'The license could not be checked.', 'userfeedback' )
			);
			notify.error(
				action === 'validate'
					? sprintf(
							/* translators: %s: the reason the licence store gave. */
							__(
								'There was an error refreshing your license: %s',
								'userfeedback'
							),
							reason
						)
					: reason,
				{ id: LICENSE_NOTICE }
			);
		},
	} );
}

/** The one notice a stored licence calls for, checked in the spec's order. */
export type LicenseProblem = 'expired' | 'disabled' | 'invalid';

export function licenseProblem( license: LicenseState ): LicenseProblem | null {
	if ( license.is_expired ) {
		return 'expired';
	}
	if ( license.is_disabled ) {
		return 'disabled';
	}
	if ( license.is_invalid ) {
		return 'invalid';
	}
	return null;
}

export function licenseTypeLabel( type: LicenseType ): string {
	switch ( type ) {
		case 'plus':
			return __( 'Plus', 'userfeedback' );
		case 'pro':
			return __( 'Pro', 'userfeedback' );
		case 'elite':
			return __( 'Elite', 'userfeedback' );
	}
}

/** userfeedback_validate_settings_blurb: whether the Lite upgrade blurb shows. */
export function useSettingsBlurb( enabled: boolean ) {
	const { ajax: target } = useConfig();
	return useQuery( {
		queryKey: blurbQueryKey,
		queryFn: () =>
			ajaxData< SettingsBlurbState >(
				'userfeedback_validate_settings_blurb',
				{},
				target
			),
		enabled,
		retry: retryUnanswered,
	} );
}

/** userfeedback_dismiss_settings_blurb: hides the blurb at once and for good. */
export function useDismissSettingsBlurb() {
	const { ajax: target } = useConfig();
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: () =>
			ajaxData< SettingsBlurbState >(
				'userfeedback_dismiss_settings_blurb',
				{},
				target
			),
		onMutate: () => {
			queryClient.setQueryData< SettingsBlurbState >( blurbQueryKey, {
				show: false,
			} );
		},
		onError: ( error ) => {
			notify.error(
				errorText(
					error,
					__( 'The message could not be dismissed.', 'userfeedback' )
				)
			);
		},
	} );
}
