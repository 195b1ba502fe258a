import { useQuery } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { LineChart } from '../../shared/components/charts';
import {
	DateRangePicker,
	formatDay,
	type DateRange,
} from '../../shared/components/DateRangePicker';
import { LoadingState, QueryError } from '../../shared/components/States';
import type { SurveyResults } from '../../shared/types';
import { fetchNps, resultsKeys } from '../api';
import { DropOffCard } from '../funnel/DropOffCard';
import { useNumberFormats } from '../../shared/format';
import { NpsSummary } from '../stats/NpsSummary';
import { NpsExportButton } from '../survey/ExportControl';
import { NpsComments } from './NpsComments';

/** Spec 2, section 9: the NPS chart's axis. */
export const NPS_MIN = -100;
export const NPS_MAX = 100;
export const NPS_STEP = 10;

/**
 * The results of an NPS survey: promoters, passives, detractors, the score, the total,
 * a daily NPS chart, the drop-off, the date range, the Excel export and the comments.
 *
 * @param props               The layout's props.
 * @param props.results       The survey's results (for the title and counts).
 * @param props.range         The range shown.
 * @param props.onChangeRange Sets the range.
 */
export function NpsLayout( {
	results,
	range,
	onChangeRange,
}: {
	results: SurveyResults;
	range: DateRange;
	onChangeRange: ( range: DateRange ) => void;
} ) {
	const config = useConfig();
	const format = useNumberFormats();
	const surveyId = results.survey.id;
	const nps = useQuery( {
		queryKey: resultsKeys.nps( surveyId, range ),
		queryFn: () => fetchNps( surveyId, range ),
	} );

	const toolbar = (
		<div className="userfeedback-results__toolbar">
			<DateRangePicker
				value={ range }
				onChange={ onChangeRange }
				gate="results_30_days"
				maxDays={ 7 }
			/>
			{ nps.data && (
				<NpsExportButton
					surveyId={ surveyId }
					questionId={ nps.data.question_id }
					range={ range }
				/>
			) }
		</div>
	);

	if ( ! nps.data ) {
		return (
			<>
				{ toolbar }
				{ nps.error ? (
					<QueryError
						error={ nps.error }
						onRetry={ () => nps.refetch() }
					/>
				) : (
					<LoadingState
						label={ __( 'Loading NPS results…', 'userfeedback' ) }
					/>
				) }
			</>
		);
	}

	const { overview, series } = nps.data;
	const dateFormat = 'M j';
	return (
		<div className="userfeedback-nps" aria-busy={ nps.isFetching }>
			{ toolbar }
			<div className="userfeedback-results__card userfeedback-nps__overview">
				<NpsSummary overview={ overview } />
				<div className="userfeedback-nps__total">
					<span>{ __( 'Total responses', 'userfeedback' ) }</span>
					<strong>{ format.count( overview.total ) }</strong>
				</div>
			</div>
			<section
				className="userfeedback-results__card"
				aria-labelledby="userfeedback-nps-chart-title"
			>
				<h3
					id="userfeedback-nps-chart-title"
					className="userfeedback-question__title"
				>
					{ __( 'NPS over time', 'userfeedback' ) }
				</h3>
				<LineChart
					label={ __( 'Daily NPS score', 'userfeedback' ) }
					seriesLabel={ __( 'NPS', 'userfeedback' ) }
					labels={ series.map( ( point ) =>
						formatDay( point.date, dateFormat, config.site )
					) }
					values={ series.map( ( point ) => point.score ) }
					yMin={ NPS_MIN }
					yMax={ NPS_MAX }
					stepSize={ NPS_STEP }
					formatValue={ format.count }
				/>
			</section>
			<DropOffCard
				surveyId={ surveyId }
				funnel={ results.funnel }
				partial={ results.partial }
			/>
			<NpsComments
				key={ `${ range.from }:${ range.to }` }
				surveyId={ surveyId }
				questionId={ nps.data.question_id }
				range={ range }
			/>
		</div>
	);
}
