/**
 * What an addon card offers, as pure functions of the addon and the site (spec 4,
 * "Addon button"), so every state is tested without rendering.
 */
import type { Addon, Entitlements } from '../shared/types';

export type AddonButtonKind =
	/** The addon has an outside page: link there. */
	| 'redirect'
	/** Active: offer to deactivate. */
	| 'deactivate'
	/** Installed, inactive, and the site may use it: activate. */
	| 'activate'
	/** Installed and inactive on a Pro build without a valid licence: go enter one. */
	| 'activate-license'
	/** Not installed and the licence may download it: install, then activate. */
	| 'install'
	/** Not installed and the licence (or the Lite edition) does not cover it. */
	| 'upgrade'
	/** Nothing this user can do here (no capability to install or activate). */
	| 'none';

export type AddonBusy = 'installing' | 'activating' | 'deactivating';

export interface AddonSite {
	entitlements: Pick<
		Entitlements,
		'is_pro' | 'is_licensed' | 'license_type'
	>;
	can_install: boolean;
	can_activate: boolean;
}

/**
 * The button an addon card shows.
 *
 * @param addon The addon, as userfeedback_get_addons lists it.
 * @param site  Edition, licence and the user's capabilities.
 */
export function addonButton( addon: Addon, site: AddonSite ): AddonButtonKind {
	const { is_pro: isPro, is_licensed: isLicensed } = site.entitlements;

	if ( addon.redirect ) {
		return 'redirect';
	}
	if ( addon.active ) {
		return site.can_activate ? 'deactivate' : 'none';
	}
	if ( addon.installed ) {
		if ( ! isPro ) {
			return 'upgrade';
		}
		if ( ! isLicensed ) {
			return 'activate-license';
		}
		return site.can_activate ? 'activate' : 'none';
	}
	if (
		! isPro ||
		addon.type !== 'licensed' ||
		site.entitlements.license_type === 'plus'
	) {
		return 'upgrade';
	}
	return site.can_install && addon.url ? 'install' : 'none';
}

export type AddonStatus =
	'active' | 'not-active' | 'not-installed' | 'upgrade-required';

/**
 * The status line of a card.
 *
 * @param addon  The addon.
 * @param button What addonButton() offers for it.
 */
export function addonStatus(
	addon: Addon,
	button: AddonButtonKind
): AddonStatus {
	if ( addon.active ) {
		return 'active';
	}
	if ( addon.installed ) {
		return 'not-active';
	}
	return button === 'upgrade' ? 'upgrade-required' : 'not-installed';
}

/**
 * The first busy state of an action: install goes on to activating by itself.
 *
 * @param button The action started.
 */
export function busyFor( button: AddonButtonKind ): AddonBusy | null {
	switch ( button ) {
		case 'install':
			return 'installing';
		case 'activate':
			return 'activating';
		case 'deactivate':
			return 'deactivating';
		default:
			return null;
	}
}

/**
 * Addons whose title contains the search text, case-insensitively.
 *
 * @param addons All addons.
 * @param search What the admin typed.
 */
export function filterAddons( addons: Addon[], search: string ): Addon[] {
	const needle = search.trim().toLocaleLowerCase();
	if ( ! needle ) {
		return addons;
	}
	return addons.filter( ( addon ) =>
		addon.title.toLocaleLowerCase().includes( needle )
	);
}
