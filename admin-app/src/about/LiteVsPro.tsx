/**
 * Lite vs Pro (Lite sites only): what Pro adds, its price and the Lite discount
 * (spec 3, section 1), and the upgrade link.
 */
import { Button, VisuallyHidden } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { Page } from '../shared/components';
import { useConfig } from '../shared/context';
import { upgradeUrl } from '../shared/upgrade';

/** Spec 3, section 9. */
export const PRO_PRICE_PER_YEAR = 199;
export const LITE_DISCOUNT_PERCENT = 50;

interface Row {
	feature: string;
	lite: string;
	pro: string;
}

function rows(): Row[] {
	const included = __( 'Included', 'userfeedback' );
	const missing = __( 'Not included', 'userfeedback' );
	const proOnly = ( feature: string ): Row => ( {
		feature,
		lite: missing,
		pro: included,
	} );
	return [
		{
			feature: __( 'Surveys and responses', 'userfeedback' ),
			lite: __( 'Unlimited', 'userfeedback' ),
			pro: __( 'Unlimited', 'userfeedback' ),
		},
		{
			feature: __( 'Question types', 'userfeedback' ),
			lite: __( 'Basic (multiple choice, text)', 'userfeedback' ),
			pro: __(
				'All (also rating, NPS, email, comment box…)',
				'userfeedback'
			),
		},
		{
			feature: __( 'Templates', 'userfeedback' ),
			lite: __( 'A few', 'userfeedback' ),
			pro: __( '20+', 'userfeedback' ),
		},
		proOnly( __( 'Comment boxes', 'userfeedback' ) ),
		proOnly( __( 'Logo and branding', 'userfeedback' ) ),
		proOnly( __( 'Device targeting', 'userfeedback' ) ),
		proOnly( __( 'Page targeting', 'userfeedback' ) ),
		proOnly( __( 'Behavioral targeting', 'userfeedback' ) ),
		proOnly( __( 'Randomized answers', 'userfeedback' ) ),
		proOnly( __( 'Scheduling', 'userfeedback' ) ),
		proOnly( __( 'Enhanced notifications', 'userfeedback' ) ),
		proOnly( __( 'CSV and XLSX export', 'userfeedback' ) ),
	];
}

export function LiteVsPro() {
	const config = useConfig();
	const href = upgradeUrl(
		{ medium: 'about-lite-vs-pro', campaign: 'lite-vs-pro' },
		config
	);
	return (
		<Page title={ __( 'Lite vs Pro', 'userfeedback' ) }>
			<p className="userfeedback-about__lead">
				{ __(
					'Get the most out of UserFeedback by upgrading to Pro and unlocking every feature.',
					'userfeedback'
				) }
			</p>
			<table className="widefat striped userfeedback-about__compare">
				<caption>
					{ __( 'Lite and Pro features compared', 'userfeedback' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'Feature', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Lite', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Pro', 'userfeedback' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ rows().map( ( row ) => (
						<tr key={ row.feature }>
							<th scope="row">{ row.feature }</th>
							<td>{ row.lite }</td>
							<td>{ row.pro }</td>
						</tr>
					) ) }
				</tbody>
			</table>
			<div className="userfeedback-about__pricing">
				<p className="userfeedback-about__price">
					{ sprintf(
						/* translators: %d: price in US dollars. */
						__( 'Pro: $%d per year', 'userfeedback' ),
						PRO_PRICE_PER_YEAR
					) }
				</p>
				<p>
					{ sprintf(
						/* translators: %d: discount in percent. */
						__(
							'Bonus: UserFeedback Lite users get %d%% off the regular price.',
							'userfeedback'
						),
						LITE_DISCOUNT_PERCENT
					) }
				</p>
				<Button
					variant="primary"
					href={ href }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ __( 'Upgrade to Pro', 'userfeedback' ) }
					<VisuallyHidden as="span">
						{
							/* translators: accessibility text. */
							__( '(opens in a new tab)', 'userfeedback' )
						}
					</VisuallyHidden>
				</Button>
			</div>
		</Page>
	);
}
