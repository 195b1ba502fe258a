/**
 * /results: the rated posts in the range, 10 a page, sorted on the server by name,
 * number of ratings or average; the date picker and the Excel/CSV export.
 */
import { useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { Page } from '../../shared/components';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { DataTable } from '../../shared/components/table/DataTable';
import { DEFAULT_VIEW, useUrlView } from '../../shared/components/table/view';
import type { View } from '../../shared/components/table/types';
import type { PostRatingRow } from '../../shared/types';
import { PAGE_SIZE, fetchRatedPosts, postRatingsKeys } from '../api';
import { postColumns } from './columns';
import { RatingsExport } from './RatingsExport';
import { useRatingFormats } from './format';
import { useListSearch } from './listSearch';
import { useRatingsRange } from './useRatingsRange';

/** The route's default sort: most ratings first. */
export const POSTS_VIEW: View = {
	...DEFAULT_VIEW,
	perPage: PAGE_SIZE,
	sort: { field: 'total_ratings', direction: 'desc' },
};

const URL_OPTIONS = {
	sortFields: [ 'post_title', 'total_ratings', 'average_rating' ],
};

export function PostRatingsResults() {
	const format = useRatingFormats();
	const { search } = useLocation();
	const remember = useListSearch( ( state ) => state.remember );
	const [ range, setRange ] = useRatingsRange();
	const [ view, setView ] = useUrlView( POSTS_VIEW, URL_OPTIONS );
	const posts = useQuery( {
		queryKey: postRatingsKeys.list( range, view ),
		queryFn: () => fetchRatedPosts( range, view ),
		placeholderData: keepPreviousData,
	} );
	useEffect( () => remember( search ), [ remember, search ] );

	const linkSearch = `?from=${ range.from }&to=${ range.to }`;
	const columns = useMemo(
		() => postColumns( format, linkSearch ),
		[ format, linkSearch ]
	);

	return (
		<Page
			title={ __( 'Post Ratings Results', 'userfeedback' ) }
			actions={
				<RatingsExport
					menuLabel={ __( 'Export the rated posts', 'userfeedback' ) }
					options={ {
						from: range.from,
						to: range.to,
						orderby: view.sort.field,
						order: view.sort.direction,
					} }
				/>
			}
		>
			<div className="userfeedback-pr-results__toolbar">
				<DateRangePicker value={ range } onChange={ setRange } />
			</div>
			<DataTable< PostRatingRow >
				label={ __( 'Rated posts', 'userfeedback' ) }
				columns={ columns }
				items={ posts.data?.items }
				getItemId={ ( post ) => post.post_id }
				view={ view }
				onChangeView={ setView }
				paginationInfo={ {
					totalItems: posts.data?.pagination.total ?? 0,
					totalPages: posts.data?.pagination.pages ?? 0,
				} }
				query={ posts }
				empty={ __( 'No Results Found', 'userfeedback' ) }
			/>
		</Page>
	);
}
