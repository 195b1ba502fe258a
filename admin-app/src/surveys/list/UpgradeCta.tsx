import { useId } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { upgradeUrl } from '../../shared/upgrade';

/** Spec 1, section 1: what Pro adds over Lite. */
function proFeatures(): string[] {
	return [
		__( 'Comment boxes', 'userfeedback' ),
		__( 'Your logo on surveys', 'userfeedback' ),
		__( 'Custom branding', 'userfeedback' ),
		__( 'Device targeting', 'userfeedback' ),
		__( 'Randomized answers', 'userfeedback' ),
		__( 'Page targeting', 'userfeedback' ),
		__( 'Behavioral targeting', 'userfeedback' ),
		__( 'Survey scheduling', 'userfeedback' ),
		__( 'Enhanced email notifications', 'userfeedback' ),
		__( 'CSV and XLSX export', 'userfeedback' ),
	];
}

/** The Lite surveys list's call to action: what Pro adds, and the upgrade link. */
export function UpgradeCta() {
	const config = useConfig();
	const headingId = useId();
	return (
		<section
			className="userfeedback-card userfeedback-upgrade-cta"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ __(
					'Get more from your surveys with UserFeedback Pro',
					'userfeedback'
				) }
			</h3>
			<p>
				{ __(
					'Unlimited surveys and responses are yours in Lite. Upgrade to Pro for:',
					'userfeedback'
				) }
			</p>
			<ul className="userfeedback-upgrade-cta__features">
				{ proFeatures().map( ( feature ) => (
					<li key={ feature }>{ feature }</li>
				) ) }
			</ul>
			<p className="userfeedback-upgrade-cta__bonus">
				<strong>{ __( 'Bonus:', 'userfeedback' ) }</strong>{ ' ' }
				{ __(
					'UserFeedback Lite users get 50% off regular price, automatically applied at checkout.',
					'userfeedback'
				) }
			</p>
			<Button
				variant="primary"
				href={ upgradeUrl(
					{ medium: 'surveys-list', campaign: 'surveys-list-cta' },
					config
				) }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ __( 'Upgrade to Pro', 'userfeedback' ) }
			</Button>
		</section>
	);
}
