/**
 * Why a feature is locked, in one sentence, with the one action that unlocks it: the upgrade
 * dialog (Lite, or a licence type below the one needed), the licence settings (Pro without a
 * valid licence), or the Addons page (the addon is not active). Inline prompts in any screen
 * render it in their own frame (a notice, a line under a control).
 */
import type { ReactNode } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { addonLabel } from '../addons';
import { adminUrl } from '../config';
import { useConfig } from '../context';
import type { FeatureGate } from '../gating';

export function useGateMessage(
	gate: FeatureGate,
	medium?: string
): { text: string; action: ReactNode } | null {
	const config = useConfig();
	if ( gate.allowed ) {
		return null;
	}
	if ( gate.reason === 'addon' ) {
		return {
			text: gate.addon
				? sprintf(
						/* translators: 1: feature name, 2: addon name. */
						__(
							'%1$s needs the %2$s addon to be active.',
							'userfeedback'
						),
						gate.label,
						addonLabel( gate.addon )
					)
				: sprintf(
						/* translators: %s: feature name, e.g. "Behavioral Targeting". */
						__(
							'%s needs its addon to be active.',
							'userfeedback'
						),
						gate.label
					),
			action: (
				<a
					href={ adminUrl(
						config,
						config.urls.pages.addons ??
							'admin.php?page=userfeedback_addons'
					) }
				>
					{ __( 'Activate Addon', 'userfeedback' ) }
				</a>
			),
		};
	}
	if ( gate.reason === 'license' ) {
		return {
			text: sprintf(
				/* translators: %s: feature name, e.g. "Scheduling". */
				__(
					'Please enter a valid license key to use %s.',
					'userfeedback'
				),
				gate.label
			),
			action: (
				<a href={ adminUrl( config, config.urls.settings ) }>
					{ __( 'Enter License Key', 'userfeedback' ) }
				</a>
			),
		};
	}
	const elite = gate.plan === 'elite';
	return {
		text: elite
			? sprintf(
					/* translators: %s: feature name, e.g. "AI Summary". */
					__( '%s is an Elite feature.', 'userfeedback' ),
					gate.label
				)
			: sprintf(
					/* translators: %s: feature name, e.g. "Scheduling". */
					__( '%s is a Pro feature.', 'userfeedback' ),
					gate.label
				),
		action: (
			<Button variant="link" onClick={ () => gate.guard( medium ) }>
				{ elite
					? __( 'Upgrade to Elite', 'userfeedback' )
					: __( 'Upgrade to Pro', 'userfeedback' ) }
			</Button>
		),
	};
}
