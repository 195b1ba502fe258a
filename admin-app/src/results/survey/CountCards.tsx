import { __ } from '@wordpress/i18n';

import type { SurveyResults } from '../../shared/types';
import { useNumberFormats } from '../../shared/format';

/**
 * The four count cards: past 7 days, past 30 days, total responses (all time) and
 * impressions (in the range).
 *
 * @param props         The cards' props.
 * @param props.results The survey's results.
 */
export function CountCards( { results }: { results: SurveyResults } ) {
	const format = useNumberFormats();
	const cards = [
		{
			key: '7',
			label: __( 'Past 7 days', 'userfeedback' ),
			value: results.responses_count_7_days,
		},
		{
			key: '30',
			label: __( 'Past 30 days', 'userfeedback' ),
			value: results.responses_count_30_days,
		},
		{
			key: 'total',
			label: __( 'Total responses', 'userfeedback' ),
			value: results.responses_count,
		},
		{
			key: 'impressions',
			label: __( 'Impressions', 'userfeedback' ),
			value: results.impressions,
		},
	];
	return (
		<ul
			className="userfeedback-results__counts"
			aria-label={ __( 'Response counts', 'userfeedback' ) }
		>
			{ cards.map( ( card ) => (
				<li key={ card.key } className="userfeedback-results__count">
					<span className="userfeedback-results__count-label">
						{ card.label }
					</span>
					<span className="userfeedback-results__count-value">
						{ format.count( card.value ) }
					</span>
				</li>
			) ) }
		</ul>
	);
}
