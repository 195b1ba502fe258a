/**
 * /results/:postId: one post's ratings in the range, newest first, 10 a page, with the
 * post's figures, Go Back, the date picker and the export of its ratings.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { ApiError } from '../../shared/api';
import { EmptyState, Page } from '../../shared/components';
import {
	DateRangePicker,
	type DateRange,
} from '../../shared/components/DateRangePicker';
import { DataTable } from '../../shared/components/table/DataTable';
import { DEFAULT_VIEW, useUrlView } from '../../shared/components/table/view';
import type { View } from '../../shared/components/table/types';
import type { PostRatingItem, PostRatingRow } from '../../shared/types';
import { PAGE_SIZE, fetchPostRatings, postRatingsKeys } from '../api';
import { AverageRating, postTitle, ratingColumns } from './columns';
import { RatingsExport } from './RatingsExport';
import { useRatingFormats, type RatingFormats } from './format';
import { backSearch, useListSearch } from './listSearch';
import { useRatingsRange } from './useRatingsRange';

/** Spec 2, section 2.2: newest first. */
export const RATINGS_VIEW: View = {
	...DEFAULT_VIEW,
	perPage: PAGE_SIZE,
	sort: { field: 'created_at', direction: 'desc' },
};

const URL_OPTIONS = { sortFields: [ 'created_at', 'rating' ] };

function GoBack( { range }: { range: DateRange } ) {
	const listSearch = useListSearch( ( state ) => state.search );
	return (
		<Link
			className="userfeedback-pr-details__back"
			to={ {
				pathname: '/results',
				search: backSearch( listSearch, range ),
			} }
		>
			{ __( 'Go Back', 'userfeedback' ) }
		</Link>
	);
}

function PostSummary( {
	post,
	format,
}: {
	post: PostRatingRow;
	format: RatingFormats;
} ) {
	return (
		<p className="userfeedback-pr-details__summary">
			<span>
				{ sprintf(
					/* translators: %s: number of ratings. */
					__( 'Number of Ratings: %s', 'userfeedback' ),
					format.count( post.total_ratings )
				) }
			</span>
			<span>
				{ __( 'Average Rating:', 'userfeedback' ) }{ ' ' }
				<AverageRating
					value={ post.average_rating }
					format={ format }
				/>
			</span>
		</p>
	);
}

export function PostRatingDetails() {
	const { postId: rawId } = useParams();
	const postId = /^\d+$/.test( rawId ?? '' ) ? Number( rawId ) : 0;
	const format = useRatingFormats();
	const [ range, setRange ] = useRatingsRange();
	const [ view, setView ] = useUrlView( RATINGS_VIEW, URL_OPTIONS );
	const ratings = useQuery( {
		queryKey: postRatingsKeys.post( postId, range, view ),
		queryFn: () => fetchPostRatings( postId, range, view ),
		placeholderData: keepPreviousData,
		enabled: postId > 0,
	} );
	const post = ratings.data?.post;
	const missing =
		postId === 0 ||
		( ratings.error instanceof ApiError && ratings.error.status === 404 );

	if ( missing ) {
		return (
			<Page title={ __( 'Post not found', 'userfeedback' ) }>
				<EmptyState
					title={ __(
						'This post does not exist, or it was deleted.',
						'userfeedback'
					) }
					action={ <GoBack range={ range } /> }
				/>
			</Page>
		);
	}

	return (
		<Page
			title={
				post ? postTitle( post ) : __( 'Post Ratings', 'userfeedback' )
			}
			actions={
				<RatingsExport
					menuLabel={ __(
						'Export the ratings of this post',
						'userfeedback'
					) }
					options={ {
						postId,
						from: range.from,
						to: range.to,
						orderby: view.sort.field,
						order: view.sort.direction,
					} }
				/>
			}
		>
			<div className="userfeedback-pr-details__nav">
				<GoBack range={ range } />
				{ post?.post_url && (
					<a href={ post.post_url }>
						{ __( 'View Post', 'userfeedback' ) }
					</a>
				) }
			</div>
			<div className="userfeedback-pr-results__toolbar">
				<DateRangePicker value={ range } onChange={ setRange } />
				{ post && <PostSummary post={ post } format={ format } /> }
			</div>
			<DataTable< PostRatingItem >
				label={ __( 'Ratings', 'userfeedback' ) }
				columns={ ratingColumns( format ) }
				items={ ratings.data?.items }
				getItemId={ ( item ) => item.id }
				view={ view }
				onChangeView={ setView }
				paginationInfo={ {
					totalItems: ratings.data?.pagination.total ?? 0,
					totalPages: ratings.data?.pagination.pages ?? 0,
				} }
				query={ ratings }
				empty={ __( 'No Results Found', 'userfeedback' ) }
			/>
		</Page>
	);
}
