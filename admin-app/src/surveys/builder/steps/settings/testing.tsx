/**
 * Test helpers for the builder steps: a page config per licence tier (entitlements
 * worked out by the same rules as includes/Licensing/Entitlements.php), and a
 * harness that keeps a controlled step's value in state and records every change.
 * Only tests import this file.
 */
import { useState, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';

import { UpgradeDialog } from '../../../../shared/components/UpgradeDialog';
import { ConfigProvider } from '../../../../shared/context';
import { Notices } from '../../../../shared/components/Notices';
import { createQueryClient } from '../../../../shared/query';
import { makeConfig } from '../../../../shared/test/fixtures';
import type {
	AddonSlug,
	AppConfig,
	Feature,
	FeatureKey,
	LicenseType,
} from '../../../../shared/types';

export type Tier =
	'lite' | 'pro-unlicensed' | 'plus' | 'pro' | 'pro-no-addons' | 'elite';

const RANK: Record< LicenseType, number > = { plus: 1, pro: 2, elite: 3 };

/** The rows of Entitlements::FEATURES these steps use. */
const RULES: Partial<
	Record<
		FeatureKey,
		{ type: LicenseType; addon: AddonSlug | null; label: string }
	>
> = {
	behavior: {
		type: 'plus',
		addon: 'behavior',
		label: 'Behavioral Targeting',
	},
	device_targeting: {
		type: 'pro',
		addon: 'targeting',
		label: 'Device Targeting',
	},
	page_targeting: {
		type: 'plus',
		addon: 'targeting',
		label: 'Page Targeting',
	},
	geo_targeting: {
		type: 'plus',
		addon: 'geo-restrictions',
		label: 'Geo Targeting',
	},
	scheduling: { type: 'plus', addon: null, label: 'Scheduling' },
	email_logic: { type: 'pro', addon: null, label: 'Enhanced Notifications' },
	hidden_fields: { type: 'plus', addon: null, label: 'Hidden Fields' },
};

const ALL_ADDONS: AddonSlug[] = [
	'behavior',
	'branding',
	'targeting',
	'templates',
	'question-types',
	'geo-restrictions',
];

export function tierConfig( tier: Tier ): AppConfig {
	const isPro = tier !== 'lite';
	const licensed = isPro && tier !== 'pro-unlicensed';
	let type: LicenseType | null = null;
	if ( licensed ) {
		type = tier === 'plus' || tier === 'elite' ? tier : 'pro';
	}
	const active = tier === 'pro-no-addons' || ! licensed ? [] : ALL_ADDONS;

	const features: Partial< Record< FeatureKey, Feature > > = {};
	for ( const [ key, rule ] of Object.entries( RULES ) ) {
		let reason: Feature[ 'reason' ] = null;
		if ( ! isPro ) {
			reason = 'upgrade';
		} else if ( ! licensed || ! type ) {
			reason = 'license';
		} else if ( RANK[ type ] < RANK[ rule.type ] ) {
			reason = 'upgrade';
		} else if ( rule.addon && ! active.includes( rule.addon ) ) {
			reason = 'addon';
		}
		features[ key as FeatureKey ] = {
			allowed: reason === null,
			label: rule.label,
			plan: rule.type === 'plus' ? 'pro' : rule.type,
			addon: rule.addon,
			reason,
		};
	}

	return makeConfig( {
		entitlements: {
			edition: isPro ? 'pro' : 'lite',
			is_pro: isPro,
			is_licensed: licensed,
			license_type: type,
			addons: Object.fromEntries(
				ALL_ADDONS.map( ( slug ) => [ slug, active.includes( slug ) ] )
			),
		},
		features,
	} );
}

/**
 * Renders a controlled component with the app's providers, the upgrade dialog and
 * the notices area, keeping its value in state.
 *
 * @param initial The first value.
 * @param view    Renders the component for a value and its change handler.
 * @param config  Page config.
 */
export function renderControlled< T >(
	initial: T,
	view: ( value: T, onChange: ( next: T ) => void ) => ReactElement,
	config: AppConfig = tierConfig( 'elite' )
) {
	const changes: T[] = [];
	function Harness() {
		const [ value, setValue ] = useState( initial );
		return view( value, ( next ) => {
			changes.push( next );
			setValue( next );
		} );
	}
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	const result = render(
		<ConfigProvider config={ config }>
			<QueryClientProvider client={ queryClient }>
				<Notices />
				<Harness />
				<UpgradeDialog />
			</QueryClientProvider>
		</ConfigProvider>
	);
	return {
		...result,
		changes,
		latest: (): T =>
			changes.length ? changes[ changes.length - 1 ] : initial,
	};
}
