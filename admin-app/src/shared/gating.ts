/**
 * What this site may use. The server computes it (one Entitlements class) and sends
 * it in the page config; these hooks only read it. The server enforces it too.
 */
import { useCallback } from 'react';

import { useConfig } from './context';
import { useUpgradeDialog } from './upgrade';
import type { Entitlements, Feature, FeatureKey } from './types';

export function useEntitlements(): Entitlements {
	return useConfig().entitlements;
}

/**
 * A feature the config does not mention is treated as locked: showing an upgrade
 * prompt by mistake is cheaper than offering something the server will refuse.
 *
 * @param entitlements The page's entitlements.
 * @param key          Feature key.
 */
export function getFeature(
	entitlements: Entitlements,
	key: FeatureKey
): Feature {
	return (
		entitlements.features[ key ] ?? {
			allowed: false,
			label: key
				.split( '_' )
				.map(
					( word ) => word.charAt( 0 ).toUpperCase() + word.slice( 1 )
				)
				.join( ' ' ),
			plan: 'pro',
			addon: null,
			reason: 'upgrade',
		}
	);
}

export interface FeatureGate extends Feature {
	key: FeatureKey;
	/** Opens the upgrade dialog for this feature; returns whether the feature is allowed. */
	guard: ( medium?: string ) => boolean;
}

/**
 * @param key Feature key.
 * @example
 * const scheduling = useFeature( 'scheduling' );
 * <Button onClick={ () => scheduling.guard() && openScheduler() } />
 */
export function useFeature( key: FeatureKey ): FeatureGate {
	const feature = getFeature( useEntitlements(), key );
	const open = useUpgradeDialog( ( state ) => state.open );
	const guard = useCallback(
		( medium?: string ) => {
			if ( ! feature.allowed ) {
				open( key, medium );
			}
			return feature.allowed;
		},
		[ feature.allowed, key, open ]
	);
	return { ...feature, key, guard };
}
