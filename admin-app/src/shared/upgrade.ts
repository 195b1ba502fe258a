/**
 * Upgrade prompts: the one builder of upgrade links, and the store that opens the
 * upgrade dialog from anywhere.
 */
import { create } from 'zustand';

import type { AppConfig, FeatureKey } from './types';

export interface UpgradeLinkOptions {
	/** Where the link sits, e.g. 'upgrade-dialog', 'settings-general'. */
	medium: string;
	/** What it promotes, usually a feature key. */
	campaign: string;
}

type UpgradeLinkConfig = Pick< AppConfig, 'version' > & {
	urls: Pick< AppConfig[ 'urls' ], 'upgrade' >;
	entitlements: Pick< AppConfig[ 'entitlements' ], 'is_pro' >;
};

/**
 * The upgrade URL with its tracking parameters; every upgrade link in the admin is
 * built here so the parameters stay the same everywhere.
 *
 * @param options          Medium and campaign.
 * @param options.medium   utm_medium.
 * @param options.campaign utm_campaign.
 * @param config           The page config (version, upgrade URL, edition).
 */
export function upgradeUrl(
	{ medium, campaign }: UpgradeLinkOptions,
	config: UpgradeLinkConfig
): string {
	const url = new URL( config.urls.upgrade );
	url.searchParams.set(
		'utm_source',
		config.entitlements.is_pro ? 'proplugin' : 'liteplugin'
	);
	url.searchParams.set( 'utm_medium', medium );
	url.searchParams.set( 'utm_campaign', campaign );
	url.searchParams.set( 'utm_content', config.version );
	return url.toString();
}

interface UpgradeDialogState {
	/** The locked feature the dialog is about; null when closed. */
	feature: FeatureKey | null;
	/** Where it was opened from, for utm_medium. */
	medium: string;
	open: ( feature: FeatureKey, medium?: string ) => void;
	close: () => void;
}

/** Opens the upgrade dialog from any component: `useUpgradeDialog.getState().open( 'scheduling' )`. */
export const useUpgradeDialog = create< UpgradeDialogState >()( ( set ) => ( {
	feature: null,
	medium: 'upgrade-dialog',
	open: ( feature, medium = 'upgrade-dialog' ) => set( { feature, medium } ),
	close: () => set( { feature: null } ),
} ) );
