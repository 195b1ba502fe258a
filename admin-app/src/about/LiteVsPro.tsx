/**
 * Lite vs Pro (Lite sites only): what Lite allows and what Pro adds, its price, the
 * Lite discount with its coupon code (spec 3, section 1), and the upgrade link.
 *
 * The table is read from the boot config, the statements of PHP: the question types
 * (QuestionTypes: which need the question-types addon) and every gated feature
 * (Licensing\Entitlements: its label, the plan it needs and its addon), so that it
 * says what this site's Lite actually allows. The offer is BootConfig's lite_offer.
 */
import { Button, VisuallyHidden } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { Page } from '../shared/components';
import { addonLabel } from '../shared/addons';
import { useConfig } from '../shared/context';
import type { AppConfig, Feature } from '../shared/types';
import { upgradeUrl } from '../shared/upgrade';

/** Spec 3, section 9: what BootConfig sends unless a filter changed it. */
export const DEFAULT_OFFER = {
	price_per_year: 199,
	discount_percent: 50,
	coupon: 'LITEUPGRADE',
};

export interface CompareRow {
	feature: string;
	lite: string;
	pro: string;
}

function proCell( feature: Feature ): string {
	if ( feature.plan === 'elite' ) {
		return __( 'Included with Elite', 'userfeedback' );
	}
	if ( feature.addon ) {
		return sprintf(
			/* translators: %s: addon name, e.g. "Targeting". */
			__( 'Included (%s addon)', 'userfeedback' ),
			addonLabel( feature.addon )
		);
	}
	return __( 'Included', 'userfeedback' );
}

/**
 * The rows of the table, from the page config.
 *
 * @param config The page config.
 */
export function compareRows( config: AppConfig ): CompareRow[] {
	const included = __( 'Included', 'userfeedback' );
	const missing = __( 'Not included', 'userfeedback' );
	const types = config.question_types ?? [];
	const basic = types.filter( ( type ) => ! type.advanced );
	const rows: CompareRow[] = [
		{
			feature: __( 'Surveys and responses', 'userfeedback' ),
			lite: __( 'Unlimited', 'userfeedback' ),
			pro: __( 'Unlimited', 'userfeedback' ),
		},
	];
	if ( types.length > 0 ) {
		rows.push( {
			feature: __( 'Question types', 'userfeedback' ),
			lite: basic.map( ( type ) => type.label ).join( ', ' ),
			pro: sprintf(
				/* translators: %s: comma-separated question types. */
				__( 'All: %s', 'userfeedback' ),
				types.map( ( type ) => type.label ).join( ', ' )
			),
		} );
	}
	for ( const feature of Object.values(
		config.entitlements.features
	) as Feature[] ) {
		rows.push( {
			feature: feature.label,
			lite: feature.allowed ? included : missing,
			pro: proCell( feature ),
		} );
	}
	return rows;
}

export function LiteVsPro() {
	const config = useConfig();
	const offer = config.lite_offer ?? DEFAULT_OFFER;
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
					{ compareRows( config ).map( ( row ) => (
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
						offer.price_per_year
					) }
				</p>
				<p>
					{ sprintf(
						/* translators: %d: discount in percent. */
						__(
							'Bonus: UserFeedback Lite users get %d%% off the regular price.',
							'userfeedback'
						),
						offer.discount_percent
					) }
				</p>
				{ offer.coupon && (
					<p className="userfeedback-about__coupon">
						{ __(
							'Use this coupon code at checkout:',
							'userfeedback'
						) }{ ' ' }
						<code>{ offer.coupon }</code>
					</p>
				) }
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
