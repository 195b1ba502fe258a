import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { __ } from '@wordpress/i18n';

import { Pagination } from '../../shared/components/table/Pagination';
import { SearchBox } from '../../shared/components/table/SearchBox';
import { LoadingState, QueryError } from '../../shared/components/States';
import type { DateRange } from '../../shared/components/DateRangePicker';
import { fetchNpsComments, resultsKeys } from '../api';
import { AnswerItem } from '../stats/AnswerItem';
import { SearchCount, searchedWords } from '../stats/SearchCount';
import { useNumberFormats } from '../../shared/format';
import { listIdentity, withPageCursor } from '../../shared/pageCursors';

/**
 * The NPS answers that carry a comment, 10 per page, searchable in the comment text (every
 * word, any case; the words are marked, and past 1,000 matches the count reads "1,000+").
 * The page never goes below 1 or past the last page.
 *
 * @param props            The list's props.
 * @param props.surveyId   The survey.
 * @param props.questionId The NPS question.
 * @param props.range      The range shown.
 */
export function NpsComments( {
	surveyId,
	questionId,
	range,
}: {
	surveyId: number;
	questionId: number | undefined;
	range: DateRange;
} ) {
	const format = useNumberFormats();
	const [ page, setPage ] = useState( 1 );
	const [ search, setSearch ] = useState( '' );
	const comments = useQuery( {
		queryKey: resultsKeys.npsComments(
			surveyId,
			questionId,
			range,
			page,
			search
		),
		queryFn: withPageCursor(
			listIdentity( 'nps-comments', surveyId, questionId, range, search ),
			page,
			( cursor ) =>
				fetchNpsComments(
					surveyId,
					questionId,
					range,
					page,
					search,
					cursor
				)
		),
		placeholderData: keepPreviousData,
	} );
	const list = comments.data;
	const pages = Math.max( 1, list?.pagination.pages ?? 1 );
	const goTo = ( next: number ) =>
		setPage( Math.min( Math.max( 1, next ), pages ) );

	let body;
	if ( ! list ) {
		body = comments.error ? (
			<QueryError
				error={ comments.error }
				onRetry={ () => comments.refetch() }
			/>
		) : (
			<LoadingState />
		);
	} else if ( list.items.length === 0 ) {
		body = (
			<p className="userfeedback-question__empty">
				{ search
					? __( 'No comments match your search.', 'userfeedback' )
					: __( 'No comments in this period.', 'userfeedback' ) }
			</p>
		);
	} else {
		body = (
			<>
				<SearchCount list={ list } comments />
				<ul
					className="userfeedback-answers"
					aria-busy={ comments.isFetching }
				>
					{ list.items.map( ( answer, index ) => (
						<AnswerItem
							key={ `${ answer.response_id }-${ index }` }
							surveyId={ surveyId }
							answer={ answer }
							words={ searchedWords( list ) }
							value={
								typeof answer.value === 'string'
									? format.count( Number( answer.value ) )
									: undefined
							}
						/>
					) ) }
				</ul>
				<Pagination
					page={ Math.min( page, pages ) }
					totalPages={ list.pagination.pages }
					totalItems={ list.pagination.total }
					onChange={ goTo }
					label={ __( 'Comments pagination', 'userfeedback' ) }
				/>
			</>
		);
	}

	return (
		<section
			className="userfeedback-results__card userfeedback-nps-comments"
			aria-labelledby="userfeedback-nps-comments-title"
		>
			<header className="userfeedback-question__header">
				<h3
					id="userfeedback-nps-comments-title"
					className="userfeedback-question__title"
				>
					{ __( 'Comments', 'userfeedback' ) }
				</h3>
				<SearchBox
					label={ __( 'Search Comments', 'userfeedback' ) }
					value={ search }
					onSearch={ ( next ) => {
						setSearch( next );
						setPage( 1 );
					} }
				/>
			</header>
			{ comments.error && list && (
				<QueryError
					error={ comments.error }
					onRetry={ () => comments.refetch() }
				/>
			) }
			{ body }
		</section>
	);
}
