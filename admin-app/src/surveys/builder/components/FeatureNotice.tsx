/**
 * Why a feature is locked, with the one way to unlock it: upgrade (Lite), enter a
 * licence key (unlicensed Pro) or activate the addon (licensed Pro).
 */
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../../../shared/config';
import { useConfig } from '../../../shared/context';
import type { FeatureGate } from '../../../shared/gating';
import { addonLabel } from '../labels';

export function FeatureNotice( {
	gate,
	medium,
}: {
	gate: FeatureGate;
	medium?: string;
} ) {
	const config = useConfig();
	if ( gate.allowed ) {
		return null;
	}
	if ( gate.reason === 'addon' && gate.addon ) {
		return (
			<Notice
				status="warning"
				isDismissible={ false }
				className="userfeedback-feature-notice"
			>
				{ sprintf(
					/* translators: 1: feature name, 2: addon name. */
					__( '%1$s needs the %2$s addon.', 'userfeedback' ),
					gate.label,
					addonLabel( gate.addon )
				) }{ ' ' }
				<a
					href={ adminUrl(
						config,
						config.urls.pages.addons ??
							'admin.php?page=userfeedback_addons'
					) }
				>
					{ __( 'Activate Addon', 'userfeedback' ) }
				</a>
			</Notice>
		);
	}
	if ( gate.reason === 'license' ) {
		return (
			<Notice
				status="warning"
				isDismissible={ false }
				className="userfeedback-feature-notice"
			>
				{ sprintf(
					/* translators: %s: feature name. */
					__( '%s needs a valid license key.', 'userfeedback' ),
					gate.label
				) }{ ' ' }
				<a href={ adminUrl( config, config.urls.settings ) }>
					{ __( 'Enter License Key', 'userfeedback' ) }
				</a>
			</Notice>
		);
	}
	return (
		<Notice
			status="info"
			isDismissible={ false }
			className="userfeedback-feature-notice"
		>
			{ gate.plan === 'elite'
				? sprintf(
						/* translators: %s: feature name. */
						__( '%s is an Elite feature.', 'userfeedback' ),
						gate.label
					)
				: sprintf(
						/* translators: %s: feature name. */
						__( '%s is a Pro feature.', 'userfeedback' ),
						gate.label
					) }{ ' ' }
			<Button variant="link" onClick={ () => gate.guard( medium ) }>
				{ gate.plan === 'elite'
					? __( 'Upgrade to Elite', 'userfeedback' )
					: __( 'Upgrade to Pro', 'userfeedback' ) }
			</Button>
		</Notice>
	);
}
