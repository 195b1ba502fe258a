import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { Pagination } from '../../shared/components/table/Pagination';
import { SearchBox } from '../../shared/components/table/SearchBox';
import { LoadingState, QueryError } from '../../shared/components/States';
import type { DateRange } from '../../shared/components/DateRangePicker';
import { listIdentity, withPageCursor } from '../../shared/pageCursors';
import type { QuestionStats } from '../../shared/types';
import { fetchAnswers, resultsKeys } from '../api';
import { AnswerItem } from './AnswerItem';
import { SearchCount, searchedWords } from './SearchCount';

/**
 * A text, comment-box or email question: its answers, newest first, 10 per page, with a
 * search box (every word, any case; the words are marked in the list and, past 1,000
 * matches, the count reads "1,000+"). The first page without a search comes with the
 * results; the others from the answers route.
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
	const [ search, setSearch ] = useState( '' );
	const preloaded = page === 1 && ! search ? question.answers : undefined;
	const answers = useQuery( {
		queryKey: resultsKeys.answers(
			surveyId,
			question.id,
			range,
			page,
			search
		),
		queryFn: withPageCursor(
			listIdentity( 'answers', surveyId, question.id, range, search ),
			page,
			( cursor ) =>
				fetchAnswers(
					surveyId,
					question.id,
					range,
					page,
					search,
					cursor
				)
		),
		enabled: ! preloaded,
		placeholderData: keepPreviousData,
	} );
	const list = preloaded ?? answers.data;
	const searchBox = (
		<SearchBox
			label={ __( 'Search Answers', 'userfeedback' ) }
			value={ search }
			onSearch={ ( next ) => {
				setSearch( next );
				setPage( 1 );
			} }
		/>
	);

	if ( ! list ) {
		return (
			<div className="userfeedback-question__body userfeedback-question__body--text">
				{ searchBox }
				{ answers.error ? (
					<QueryError
						error={ answers.error }
						onRetry={ () => answers.refetch() }
					/>
				) : (
					<LoadingState />
				) }
			</div>
		);
	}
	if ( list.items.length === 0 ) {
		return (
			<div className="userfeedback-question__body userfeedback-question__body--text">
				{ searchBox }
				{ answers.error && (
					<QueryError
						error={ answers.error }
						onRetry={ () => answers.refetch() }
					/>
				) }
				<p className="userfeedback-question__empty">
					{ search
						? __( 'No answers match your search.', 'userfeedback' )
						: __( 'No answers in this period.', 'userfeedback' ) }
				</p>
			</div>
		);
	}
	const words = searchedWords( list );
	return (
		<div className="userfeedback-question__body userfeedback-question__body--text">
			{ searchBox }
			{ answers.error && ( page > 1 || search ) && (
				<QueryError
					error={ answers.error }
					onRetry={ () => answers.refetch() }
				/>
			) }
			<SearchCount list={ list } />
			<ul
				className="userfeedback-answers"
				aria-busy={ answers.isFetching }
			>
				{ list.items.map( ( answer, index ) => (
					<AnswerItem
						key={ `${ answer.response_id }-${ index }` }
						surveyId={ surveyId }
						answer={ answer }
						words={ words }
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
