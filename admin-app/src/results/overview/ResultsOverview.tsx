import { useMemo } from 'react';
import {
	keepPreviousData,
	useQuery,
	type UseQueryResult,
} from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { useFeature } from '../../shared/gating';
import { Page } from '../../shared/components/Page';
import { LoadingState, QueryError } from '../../shared/components/States';
import { DataTable } from '../../shared/components/table/DataTable';
import { DEFAULT_VIEW, useUrlView } from '../../shared/components/table/view';
import type { Column, View } from '../../shared/components/table/types';
import { LineChart } from '../../shared/components/charts';
import {
	formatDay,
	lastDays,
	siteToday,
} from '../../shared/components/DateRangePicker';
import type { OverviewSurvey, ResponsesOverview } from '../../shared/types';
import { PAGE_SIZE, fetchOverview, resultsKeys } from '../api';
import { useNumberFormats } from '../../shared/format';
import { SurveySwitcher } from '../survey/SurveySwitcher';
import { overviewColumns } from './columns';
import { OverviewSurveyCards } from './OverviewSurveyCards';

/** Spec 2, section 9: the overview's ranges. */
export const OVERVIEW_RANGES = [ 7, 30 ] as const;
export type OverviewRange = ( typeof OVERVIEW_RANGES )[ number ];

export const OVERVIEW_VIEW: View = { ...DEFAULT_VIEW, perPage: PAGE_SIZE };

const URL_OPTIONS = {
	sortFields: [
		'id',
		'title',
		'status',
		'created_at',
		'responses_count',
		'range_responses_count',
		'completion_rate',
	],
};

function rangeLabel( days: OverviewRange ): string {
	return days === 30
		? __( 'Past 30 Days', 'userfeedback' )
		: __( 'Past 7 Days', 'userfeedback' );
}

/**
 * The results overview (index route): the survey dropdown (All Surveys), the response
 * total, Past 7 / Past 30 Days (30 is gated), the responses-per-day chart and the
 * surveys table.
 */
export function ResultsOverview() {
	const config = useConfig();
	const navigate = useNavigate();
	const format = useNumberFormats();
	const longRange = useFeature( 'results_30_days' );
	const [ params, setParams ] = useSearchParams();
	const [ view, setView ] = useUrlView( OVERVIEW_VIEW, URL_OPTIONS );
	const days: OverviewRange =
		params.get( 'range' ) === '30' && longRange.allowed ? 30 : 7;
	const today = siteToday( config.site );
	const range = useMemo( () => lastDays( today, days ), [ today, days ] );

	// A survey chosen in the dropdown (spec 2.1): its cards show here, in place.
	const chosenParam = Number( params.get( 'survey' ) );
	const chosen =
		Number.isInteger( chosenParam ) && chosenParam > 0 ? chosenParam : null;

	const overview = useQuery( {
		queryKey: resultsKeys.overview( range, view ),
		queryFn: () => fetchOverview( range, view ),
		placeholderData: keepPreviousData,
		enabled: chosen === null,
	} );
	const data = overview.data;
	const columns = useMemo(
		() => overviewColumns( config, format, rangeLabel( days ) ),
		[ config, format, days ]
	);

	const chooseSurvey = ( survey: OverviewSurvey | null ) => {
		if ( survey?.type === 'nps' ) {
			navigate( `/survey/${ survey.id }` );
			return;
		}
		setParams( ( current ) => {
			const updated = new URLSearchParams( current );
			if ( survey ) {
				updated.set( 'survey', String( survey.id ) );
			} else {
				updated.delete( 'survey' );
			}
			return updated;
		} );
	};

	const chooseRange = ( next: OverviewRange ) => {
		if ( next === 30 && ! longRange.guard( 'results-overview' ) ) {
			return;
		}
		setParams( ( current ) => {
			const updated = new URLSearchParams( current );
			if ( next === 7 ) {
				updated.delete( 'range' );
			} else {
				updated.set( 'range', String( next ) );
			}
			updated.delete( 'paged' );
			return updated;
		} );
	};

	return (
		<Page title={ __( 'Results', 'userfeedback' ) }>
			<div className="userfeedback-results userfeedback-results--overview">
				<div className="userfeedback-results__toolbar">
					<SurveySwitcher
						withAll
						value={ chosen }
						onSelect={ chooseSurvey }
					/>
					<div
						className="userfeedback-results__ranges"
						role="group"
						aria-label={ __( 'Range', 'userfeedback' ) }
					>
						{ OVERVIEW_RANGES.map( ( option ) => (
							<Button
								key={ option }
								variant={
									option === days ? 'primary' : 'secondary'
								}
								aria-pressed={ option === days }
								onClick={ () => chooseRange( option ) }
							>
								{ rangeLabel( option ) }
							</Button>
						) ) }
					</div>
				</div>
				{ chosen !== null && (
					<OverviewSurveyCards surveyId={ chosen } range={ range } />
				) }
				{ chosen === null && (
					<AllSurveys
						data={ data }
						overview={ overview }
						rangeTitle={ rangeLabel( days ) }
						columns={ columns }
						view={ view }
						onChangeView={ setView }
					/>
				) }
			</div>
		</Page>
	);
}

/**
 * Every survey: the responses total of the range, the responses-per-day chart and the
 * surveys table.
 *
 * @param props              The section's props.
 * @param props.data         The overview, once loaded.
 * @param props.overview     Its query.
 * @param props.rangeTitle   'Past 7 Days' or 'Past 30 Days'.
 * @param props.columns      The table's columns.
 * @param props.view         The table's view.
 * @param props.onChangeView Changes the view.
 */
function AllSurveys( {
	data,
	overview,
	rangeTitle,
	columns,
	view,
	onChangeView,
}: {
	data: ResponsesOverview | undefined;
	overview: UseQueryResult< ResponsesOverview >;
	rangeTitle: string;
	columns: Column< OverviewSurvey >[];
	view: View;
	onChangeView: ( view: View ) => void;
} ) {
	const config = useConfig();
	const format = useNumberFormats();
	return (
		<>
			<section
				className="userfeedback-results__card userfeedback-results__summary"
				aria-labelledby="userfeedback-overview-total"
				aria-busy={ overview.isFetching }
			>
				<h3 id="userfeedback-overview-total">
					{ __( 'Responses', 'userfeedback' ) }
				</h3>
				{ overview.error && ! data && (
					<QueryError
						error={ overview.error }
						onRetry={ () => overview.refetch() }
					/>
				) }
				<p className="userfeedback-results__total">
					<span className="userfeedback-results__total-value">
						{ data ? format.count( data.total_responses ) : '–' }
					</span>{ ' ' }
					<span className="userfeedback-results__total-label">
						{ rangeTitle }
					</span>
				</p>
				{ ! data && ! overview.error && (
					<LoadingState
						label={ __( 'Loading results…', 'userfeedback' ) }
					/>
				) }
				{ data && (
					<LineChart
						label={ __( 'Responses per day', 'userfeedback' ) }
						seriesLabel={ __( 'Responses', 'userfeedback' ) }
						labels={ data.data_points.map( ( point ) =>
							formatDay( point.date, 'M j', config.site )
						) }
						values={ data.data_points.map(
							( point ) => point.count
						) }
						formatValue={ format.count }
						height={ 300 }
					/>
				) }
			</section>
			<DataTable< OverviewSurvey >
				label={ __( 'Surveys', 'userfeedback' ) }
				columns={ columns }
				items={ data?.surveys }
				getItemId={ ( survey ) => survey.id }
				view={ view }
				onChangeView={ onChangeView }
				paginationInfo={ {
					totalItems: data?.pagination.total ?? 0,
					totalPages: data?.pagination.pages ?? 0,
				} }
				query={ overview }
				empty={ __( 'No Results Found', 'userfeedback' ) }
			/>
		</>
	);
}
