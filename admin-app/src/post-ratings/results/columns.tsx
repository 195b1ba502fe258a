/**
 * The columns of the two ratings tables; the keys of the sortable ones are the routes'
 * orderby values.
 */
import { Link } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import type { Column } from '../../shared/components/table/types';
import type { PostRatingItem, PostRatingRow } from '../../shared/types';
import type { RatingFormats } from './format';
import { Stars } from './Stars';

export function postTitle(
	post: Pick< PostRatingRow, 'post_id' | 'post_title' >
) {
	return post.post_title || __( '(no title)', 'userfeedback' );
}

export function AverageRating( {
	value,
	format,
}: {
	value: number;
	format: RatingFormats;
} ) {
	const text = format.average( value );
	return (
		<span className="userfeedback-pr-average">
			<Stars value={ value } label={ format.outOfFive( text ) } />
			<span aria-hidden="true">{ text }</span>
		</span>
	);
}

/**
 * Post/Page Name (a link to the post's ratings), Number of Ratings, Average Rating.
 *
 * @param format The formats.
 * @param search The query the post links carry (the range).
 */
export function postColumns(
	format: RatingFormats,
	search: string
): Column< PostRatingRow >[] {
	return [
		{
			key: 'post_title',
			title: __( 'Post/Page Name', 'userfeedback' ),
			sortable: true,
			isRowTitle: true,
			render: ( post ) => (
				<strong>
					<Link
						className="row-title"
						to={ {
							pathname: `/results/${ post.post_id }`,
							search,
						} }
					>
						{ postTitle( post ) }
					</Link>
				</strong>
			),
		},
		{
			key: 'total_ratings',
			title: __( 'Number of Ratings', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( post ) => format.count( post.total_ratings ),
		},
		{
			key: 'average_rating',
			title: __( 'Average Rating', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( post ) => (
				<AverageRating
					value={ post.average_rating }
					format={ format }
				/>
			),
		},
	];
}

/**
 * Date and Time (site time zone) and Rating.
 *
 * @param format The formats.
 */
export function ratingColumns(
	format: RatingFormats
): Column< PostRatingItem >[] {
	return [
		{
			key: 'created_at',
			title: __( 'Date', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( item ) => (
				<time dateTime={ item.created_at }>
					{ format.date( item.created_at ) }
				</time>
			),
		},
		{
			title: __( 'Time', 'userfeedback' ),
			render: ( item ) => format.time( item.created_at ),
		},
		{
			key: 'rating',
			title: __( 'Rating', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( item ) => (
				<Stars
					value={ item.rating }
					label={ format.outOfFive( format.count( item.rating ) ) }
				/>
			),
		},
	];
}
