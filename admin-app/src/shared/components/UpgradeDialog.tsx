import { Button, Modal } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../config';
import { useConfig } from '../context';
import { getFeature } from '../gating';
import { addonLabel } from '../addons';
import type { Feature, Plan } from '../types';
import { upgradeUrl, useUpgradeDialog } from '../upgrade';

function planLabel( plan: Plan ): string {
	return plan === 'elite'
		? __( 'Elite', 'userfeedback' )
		: __( 'Pro', 'userfeedback' );
}

function dialogTitle( feature: Feature ): string {
	if ( feature.reason === 'license' ) {
		return sprintf(
			/* translators: %s: feature name, e.g. "Scheduling". */
			__( '%s needs a valid license key', 'userfeedback' ),
			feature.label
		);
	}
	if ( feature.reason === 'addon' && feature.addon ) {
		return sprintf(
			/* translators: 1: feature name, 2: addon name. */
			__( '%1$s needs the %2$s addon', 'userfeedback' ),
			feature.label,
			addonLabel( feature.addon )
		);
	}
	// One string per plan: the article differs ("a Pro", "an Elite").
	return feature.plan === 'elite'
		? sprintf(
				/* translators: %s: feature name, e.g. "AI Summary". */
				__( '%s is an Elite feature', 'userfeedback' ),
				feature.label
			)
		: sprintf(
				/* translators: %s: feature name, e.g. "Scheduling". */
				__( '%s is a Pro feature', 'userfeedback' ),
				feature.label
			);
}

/**
 * The upgrade prompt for a locked feature, opened with `useUpgradeDialog`. What it
 * offers depends on why the feature is locked: an upgrade, a licence key, or an addon.
 */
export function UpgradeDialog() {
	const config = useConfig();
	const key = useUpgradeDialog( ( state ) => state.feature );
	const medium = useUpgradeDialog( ( state ) => state.medium );
	const close = useUpgradeDialog( ( state ) => state.close );

	if ( ! key ) {
		return null;
	}
	const feature = getFeature( config.entitlements, key );
	if ( feature.allowed ) {
		return null;
	}
	const plan = planLabel( feature.plan );
	const settingsUrl = adminUrl( config, config.urls.settings );
	const isLite = config.entitlements.edition === 'lite';

	let body;
	if ( feature.reason === 'license' ) {
		body = (
			<>
				<p>
					{ sprintf(
						/* translators: 1: feature name, 2: plan name. */
						__(
							'The %1$s needs a valid %2$s license key. Please enter your license key in the UserFeedback settings to unlock it.',
							'userfeedback'
						),
						feature.label,
						plan
					) }
				</p>
				<div className="userfeedback-upgrade-dialog__actions">
					<Button variant="primary" href={ settingsUrl }>
						{ __( 'Enter License Key', 'userfeedback' ) }
					</Button>
				</div>
			</>
		);
	} else if ( feature.reason === 'addon' && feature.addon ) {
		const addonsUrl = adminUrl(
			config,
			config.urls.pages.addons ?? 'admin.php?page=userfeedback_addons'
		);
		body = (
			<>
				<p>
					{ sprintf(
						/* translators: 1: feature name, 2: addon name. */
						__(
							'The %1$s is part of the %2$s addon. Install and activate the addon to use it.',
							'userfeedback'
						),
						feature.label,
						addonLabel( feature.addon )
					) }
				</p>
				<div className="userfeedback-upgrade-dialog__actions">
					<Button variant="primary" href={ addonsUrl }>
						{ __( 'Activate Addon', 'userfeedback' ) }
					</Button>
				</div>
			</>
		);
	} else {
		body = (
			<>
				<p>
					{ sprintf(
						/* translators: 1: feature name, 2: plan name. */
						__(
							"We're sorry, the %1$s is not available on your plan. Please upgrade to the %2$s plan to unlock all these awesome features.",
							'userfeedback'
						),
						feature.label,
						plan
					) }
				</p>
				{ isLite && (
					<p className="userfeedback-upgrade-dialog__bonus">
						<strong>{ __( 'Bonus:', 'userfeedback' ) }</strong>{ ' ' }
						{ __(
							'UserFeedback Lite users get 50% off regular price, automatically applied at checkout.',
							'userfeedback'
						) }
					</p>
				) }
				<div className="userfeedback-upgrade-dialog__actions">
					<Button
						variant="primary"
						href={ upgradeUrl( { medium, campaign: key }, config ) }
						target="_blank"
						rel="noopener noreferrer"
					>
						{ sprintf(
							/* translators: %s: plan name, e.g. "Pro". */
							__( 'Upgrade to %s', 'userfeedback' ),
							plan
						) }
					</Button>
				</div>
				<p className="userfeedback-upgrade-dialog__settings">
					{ __( 'Already purchased?', 'userfeedback' ) }{ ' ' }
					<a href={ settingsUrl }>
						{ __(
							'Enter your license key in Settings',
							'userfeedback'
						) }
					</a>
				</p>
			</>
		);
	}

	return (
		<Modal
			title={ dialogTitle( feature ) }
			onRequestClose={ close }
			className="userfeedback-upgrade-dialog"
		>
			{ body }
		</Modal>
	);
}
