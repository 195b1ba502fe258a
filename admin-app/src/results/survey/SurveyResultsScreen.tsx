import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ApiError } from '../../shared/api';
import { Page } from '../../shared/components/Page';
import {
	EmptyState,
	LoadingState,
	QueryError,
} from '../../shared/components/States';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { AiSummaryBlock } from '../ai/AiSummaryBlock';
import { fetchSurveyResults, resultsKeys } from '../api';
import { DropOffCard } from '../funnel/DropOffCard';
import { NpsLayout } from '../nps/NpsLayout';
import { QuestionCard } from '../stats/QuestionCard';
import { useResultsRange } from '../useResultsRange';
import { CountCards } from './CountCards';
import { ExportControl } from './ExportControl';
import { SurveySwitcher, surveyTitle } from './SurveySwitcher';

/**
 * The results of one survey (route survey-results, /survey/:id): the survey dropdown,
 * a link to its responses, the export, the four counts, the date range, the drop-off,
 * the AI summary and one card per question; NPS surveys get their own layout.
 */
export function SurveyResultsScreen() {
	const params = useParams();
	const id = Number( params.id );
	const navigate = useNavigate();
	const { search } = useLocation();
	const [ range, setRange ] = useResultsRange();
	const valid = Number.isInteger( id ) && id > 0;
	const results = useQuery( {
		queryKey: resultsKeys.survey( id, range ),
		queryFn: () => fetchSurveyResults( id, range ),
		enabled: valid,
		placeholderData: keepPreviousData,
	} );
	const data =
		results.data && results.data.survey.id === id
			? results.data
			: undefined;

	const switcher = (
		<SurveySwitcher
			value={ valid ? id : null }
			onSelect={ ( survey ) =>
				survey
					? navigate( { pathname: `/survey/${ survey.id }`, search } )
					: navigate( '/' )
			}
		/>
	);
	const actions = valid && (
		<>
			<Link
				className="components-button is-secondary"
				to={ `/survey/${ id }/responses` }
			>
				{ __( 'View Responses', 'userfeedback' ) }
			</Link>
			{ data?.survey.type !== 'nps' && (
				<ExportControl surveyId={ id } range={ range } />
			) }
		</>
	);
	const title = data
		? surveyTitle( data.survey )
		: __( 'Survey Results', 'userfeedback' );

	let content;
	if (
		! valid ||
		( results.error instanceof ApiError && results.error.status === 404 )
	) {
		content = (
			<EmptyState
				title={ __( 'Survey not found', 'userfeedback' ) }
				action={
					<Link to="/">
						{ __( 'Back to all results', 'userfeedback' ) }
					</Link>
				}
			>
				{ __(
					'This survey does not exist or was deleted permanently.',
					'userfeedback'
				) }
			</EmptyState>
		);
	} else if ( ! data ) {
		content = results.error ? (
			<QueryError
				error={ results.error }
				onRetry={ () => results.refetch() }
			/>
		) : (
			<LoadingState label={ __( 'Loading results…', 'userfeedback' ) } />
		);
	} else if ( data.survey.type === 'nps' ) {
		content = (
			<NpsLayout
				results={ data }
				range={ range }
				onChangeRange={ setRange }
			/>
		);
	} else {
		content = (
			<div
				className="userfeedback-results__survey"
				aria-busy={ results.isFetching }
			>
				{ results.error && (
					<QueryError
						error={ results.error }
						onRetry={ () => results.refetch() }
					/>
				) }
				<CountCards results={ data } />
				<div className="userfeedback-results__toolbar">
					<DateRangePicker
						value={ range }
						onChange={ setRange }
						gate="results_30_days"
						maxDays={ 7 }
					/>
				</div>
				<DropOffCard
					surveyId={ id }
					funnel={ data.funnel }
					partial={ data.partial }
					busy={ results.isFetching }
				/>
				<AiSummaryBlock surveyId={ id } />
				{ data.question_stats.length === 0 && (
					<EmptyState
						title={ __( 'No questions yet', 'userfeedback' ) }
					>
						{ __(
							'This survey has no questions, so there is nothing to show here yet.',
							'userfeedback'
						) }
					</EmptyState>
				) }
				{ data.question_stats.length > 0 &&
					data.responses_count === 0 && (
						<EmptyState
							title={ __( 'No responses yet', 'userfeedback' ) }
						>
							{ __(
								'Results appear here as soon as visitors answer this survey.',
								'userfeedback'
							) }
						</EmptyState>
					) }
				{ data.question_stats.map( ( question, index ) => (
					<QuestionCard
						key={ `${ question.id }:${ range.from }:${ range.to }` }
						surveyId={ id }
						question={ question }
						index={ index }
						range={ range }
					/>
				) ) }
			</div>
		);
	}

	return (
		<Page title={ title } actions={ actions }>
			<div className="userfeedback-results">
				{ switcher }
				{ content }
			</div>
		</Page>
	);
}
