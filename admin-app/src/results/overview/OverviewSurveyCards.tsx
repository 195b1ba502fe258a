import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import {
	EmptyState,
	LoadingState,
	QueryError,
} from '../../shared/components/States';
import type { DateRange } from '../../shared/components/DateRangePicker';
import { fetchSurveyResults, resultsKeys } from '../api';
import { QuestionCard } from '../stats/QuestionCard';
import { CountCards } from '../survey/CountCards';
import { surveyTitle } from '../survey/SurveySwitcher';

/**
 * What the overview shows in place of the all-surveys chart and table when its
 * dropdown names a survey (spec 2, section 2.1): the past 7 days, past 30 days, total
 * responses and impressions cards, then one stats card per question, for the
 * overview's range. An nps survey has a layout of its own: it goes to its route.
 *
 * @param props          The cards' props.
 * @param props.surveyId The chosen survey.
 * @param props.range    The overview's range (past 7 or 30 days).
 */
export function OverviewSurveyCards( {
	surveyId,
	range,
}: {
	surveyId: number;
	range: DateRange;
} ) {
	const navigate = useNavigate();
	const results = useQuery( {
		queryKey: resultsKeys.survey( surveyId, range ),
		queryFn: () => fetchSurveyResults( surveyId, range ),
		placeholderData: keepPreviousData,
	} );
	const data =
		results.data && results.data.survey.id === surveyId
			? results.data
			: undefined;
	const isNps = data?.survey.type === 'nps';

	// An address that names an nps survey (typed, or from history) goes to its route too.
	useEffect( () => {
		if ( isNps ) {
			navigate( `/survey/${ surveyId }`, { replace: true } );
		}
	}, [ isNps, navigate, surveyId ] );

	if ( ! data || isNps ) {
		return results.error && ! data ? (
			<QueryError
				error={ results.error }
				onRetry={ () => results.refetch() }
			/>
		) : (
			<LoadingState label={ __( 'Loading results…', 'userfeedback' ) } />
		);
	}

	return (
		<section
			className="userfeedback-results__survey userfeedback-results__chosen"
			aria-labelledby="userfeedback-overview-chosen"
			aria-busy={ results.isFetching }
		>
			<div className="userfeedback-results__chosen-header">
				<h3 id="userfeedback-overview-chosen">
					{ surveyTitle( data.survey ) }
				</h3>
				<div className="userfeedback-results__chosen-links">
					<Link
						className="components-button is-secondary"
						to={ `/survey/${ surveyId }` }
					>
						{ __( 'View Full Results', 'userfeedback' ) }
					</Link>
					<Link
						className="components-button is-tertiary"
						to={ `/survey/${ surveyId }/responses` }
					>
						{ __( 'View Responses', 'userfeedback' ) }
					</Link>
				</div>
			</div>
			<CountCards results={ data } />
			{ data.question_stats.length === 0 && (
				<EmptyState title={ __( 'No questions yet', 'userfeedback' ) }>
					{ __(
						'This survey has no questions, so there is nothing to show here yet.',
						'userfeedback'
					) }
				</EmptyState>
			) }
			{ data.question_stats.map( ( question, index ) => (
				<QuestionCard
					key={ `${ question.id }:${ range.from }:${ range.to }` }
					surveyId={ surveyId }
					question={ question }
					index={ index }
					range={ range }
				/>
			) ) }
		</section>
	);
}
