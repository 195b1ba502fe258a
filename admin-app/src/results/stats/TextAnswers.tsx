import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { Pagination } from '../../shared/components/table/Pagination';
import { LoadingState, QueryError } from '../../shared/components/States';
import type { DateRange } from '../../shared/components/DateRangePicker';
import type { QuestionStats } from '../../shared/types';
import { fetchAnswers, resultsKeys } from '../api';
import { AnswerItem } from './AnswerItem';

/**
 * A text, comment-box or email question: its answers, newest first, 10 per page. The
 * first page comes with the results; the others from the answers route.
 *
 * @param props          The card body's props.
 * @param props.surveyId The survey.
 * @param props.question The question's stats.
 * @param props.range    The range shown.
 */
export function TextAnswers( {
	surveyId,
	question,
	range,
}: {
	surveyId: number;
	question: QuestionStats;
	range: DateRange;
} ) {
	const [ page, setPage ] = useState( 1 );
	const preloaded = page === 1 ? question.answers : undefined;
	const answers = useQuery( {
		queryKey: resultsKeys.answers( surveyId, question.id, range, page ),
		queryFn: () => fetchAnswers( surveyId, question.id, range, page ),
		enabled: ! preloaded,
		placeholderData: keepPreviousData,
	} );
	const list = preloaded ?? answers.data;

	if ( ! list ) {
		return answers.error ? (
			<QueryError
				error={ answers.error }
				onRetry={ () => answers.refetch() }
			/>
		) : (
			<LoadingState />
		);
	}
	if ( list.items.length === 0 ) {
		return (
			<p className="userfeedback-question__empty">
				{ __( 'No answers in this period.', 'userfeedback' ) }
			</p>
		);
	}
	return (
		<div className="userfeedback-question__body userfeedback-question__body--text">
			{ answers.error && page > 1 && (
				<QueryError
					error={ answers.error }
					onRetry={ () => answers.refetch() }
				/>
			) }
			<ul
				className="userfeedback-answers"
				aria-busy={ answers.isFetching }
			>
				{ list.items.map( ( answer, index ) => (
					<AnswerItem
						key={ `${ answer.response_id }-${ index }` }
						surveyId={ surveyId }
						answer={ answer }
					/>
				) ) }
			</ul>
			<Pagination
				page={ page }
				totalPages={ list.pagination.pages }
				totalItems={ list.pagination.total }
				onChange={ ( next ) =>
					setPage(
						Math.min(
							Math.max( 1, next ),
							Math.max( 1, list.pagination.pages )
						)
					)
				}
				label={ __( 'Answers pagination', 'userfeedback' ) }
			/>
		</div>
	);
}
