/**
 * What a locked control says about why it is locked, with the one action that
 * unlocks it: the upgrade dialog (Lite, or a licence type below the one needed),
 * the Addons page (the addon is not active), or the licence settings (Pro without a
 * valid licence). Shared by the settings, workflow and publish steps.
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../../../../shared/config';
import { useConfig } from '../../../../shared/context';
import type { FeatureGate } from '../../../../shared/gating';
import type { AddonSlug } from '../../../../shared/types';

function addonName( slug: AddonSlug ): string {
	const names: Record< AddonSlug, string > = {
		behavior: __( 'Behavior', 'userfeedback' ),
		branding: __( 'Branding', 'userfeedback' ),
		targeting: __( 'Targeting', 'userfeedback' ),
		templates: __( 'Additional Templates', 'userfeedback' ),
		'question-types': __( 'Question Types', 'userfeedback' ),
		heatmaps: __( 'Heatmaps', 'userfeedback' ),
		'geo-restrictions': __( 'Geo Restrictions', 'userfeedback' ),
		'post-ratings': __( 'Post Ratings', 'userfeedback' ),
	};
	return names[ slug ];
}

export function GatePrompt( {
	gate,
	message,
}: {
	gate: FeatureGate;
	/** Replaces the default sentence (the geo addon has its own wording). */
	message?: string;
} ) {
	const config = useConfig();
	if ( gate.allowed ) {
		return null;
	}
	const plan =
		gate.plan === 'elite'
			? __( 'Elite', 'userfeedback' )
			: __( 'Pro', 'userfeedback' );

	let text: string;
	let action;
	if ( gate.reason === 'addon' ) {
		text = gate.addon
			? sprintf(
					/* translators: 1: feature name, 2: addon name. */
					__(
						'%1$s needs the %2$s addon to be active.',
						'userfeedback'
					),
					gate.label,
					addonName( gate.addon )
				)
			: sprintf(
					/* translators: %s: feature name, e.g. "Behavioral Targeting". */
					__( '%s needs its addon to be active.', 'userfeedback' ),
					gate.label
				);
		action = (
			<a
				href={ adminUrl(
					config,
					config.urls.pages.addons ??
						'admin.php?page=userfeedback_addons'
				) }
			>
				{ __( 'Activate Addon', 'userfeedback' ) }
			</a>
		);
	} else if ( gate.reason === 'license' ) {
		text = sprintf(
			/* translators: %s: feature name, e.g. "Scheduling". */
			__( 'Please enter a valid license key to use %s.', 'userfeedback' ),
			gate.label
		);
		action = (
			<a href={ adminUrl( config, config.urls.settings ) }>
				{ __( 'Enter License Key', 'userfeedback' ) }
			</a>
		);
	} else {
		text =
			gate.plan === 'elite'
				? sprintf(
						/* translators: %s: feature name, e.g. "AI Summary". */
						__( '%s is an Elite feature.', 'userfeedback' ),
						gate.label
					)
				: sprintf(
						/* translators: %s: feature name, e.g. "Scheduling". */
						__( '%s is a Pro feature.', 'userfeedback' ),
						gate.label
					);
		action = (
			<Button
				variant="link"
				onClick={ () => gate.guard( 'survey-builder' ) }
			>
				{ sprintf(
					/* translators: %s: plan name, e.g. "Pro". */
					__( 'Upgrade to %s', 'userfeedback' ),
					plan
				) }
			</Button>
		);
	}

	return (
		<p className="userfeedback-gate">
			<span className="userfeedback-gate__text">{ message ?? text }</span>{ ' ' }
			{ action }
		</p>
	);
}
