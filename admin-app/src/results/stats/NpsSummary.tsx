import { __ } from '@wordpress/i18n';

import type { NpsOverview } from '../../shared/types';
import { useNumberFormats } from '../../shared/format';

/**
 * Promoters, passives and detractors (their shares and counts) and the NPS score.
 *
 * @param props          The summary's props.
 * @param props.overview The NPS numbers.
 */
export function NpsSummary( { overview }: { overview: NpsOverview } ) {
	const format = useNumberFormats();
	const buckets = [
		{
			key: 'promoters',
			label: __( 'Promoters', 'userfeedback' ),
			percent: overview.promoters_percent,
			count: overview.promoters,
		},
		{
			key: 'passives',
			label: __( 'Passives', 'userfeedback' ),
			percent: overview.passives_percent,
			count: overview.passives,
		},
		{
			key: 'detractors',
			label: __( 'Detractors', 'userfeedback' ),
			percent: overview.detractors_percent,
			count: overview.detractors,
		},
	];
	return (
		<dl className="userfeedback-nps-summary">
			<div className="userfeedback-nps-summary__score">
				<dt>{ __( 'NPS Score', 'userfeedback' ) }</dt>
				<dd>
					{ overview.score === null
						? '–'
						: format.count( overview.score ) }
				</dd>
			</div>
			{ buckets.map( ( bucket ) => (
				<div
					key={ bucket.key }
					className={ `userfeedback-nps-summary__bucket is-${ bucket.key }` }
				>
					<dt>{ bucket.label }</dt>
					<dd>
						<span className="userfeedback-nps-summary__percent">
							{ format.percent( bucket.percent ) }
						</span>{ ' ' }
						<span className="userfeedback-nps-summary__count">
							({ format.count( bucket.count ) })
						</span>
					</dd>
				</div>
			) ) }
		</dl>
	);
}
