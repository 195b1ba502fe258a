import { __, sprintf } from '@wordpress/i18n';

import { scaleOf } from '../../shared/questionTypes';
import type { QuestionStats } from '../../shared/types';
import { share, useNumberFormats } from '../../shared/format';

/**
 * A row of stars filled to a value (4.5 of 5 fills four and a half).
 *
 * @param props       The stars' props.
 * @param props.value The rating, 0 to `count`.
 * @param props.count How many stars the scale has.
 * @param props.label The accessible text.
 */
export function Stars( {
	value,
	count,
	label,
}: {
	value: number;
	count: number;
	label: string;
} ) {
	return (
		<span className="userfeedback-stars" role="img" aria-label={ label }>
			{ Array.from( { length: count }, ( _star, index ) => {
				const fill = Math.max( 0, Math.min( 1, value - index ) );
				return (
					<span
						key={ index }
						className="userfeedback-stars__star"
						aria-hidden="true"
					>
						<span className="userfeedback-stars__empty">★</span>
						<span
							className="userfeedback-stars__full"
							style={ { width: `${ fill * 100 }%` } }
						>
							★
						</span>
					</span>
				);
			} ) }
		</span>
	);
}

/**
 * A star-rating question: the average with stars, then how many answers gave each
 * number of stars, from the top of the type's scale (5) down to its bottom (1).
 *
 * @param props          The card body's props.
 * @param props.question The question's stats.
 */
export function StarStats( { question }: { question: QuestionStats } ) {
	const format = useNumberFormats();
	const scale = scaleOf( question.type ) ?? { min: 1, max: 5 };
	const average = question.average ?? null;
	const counts = new Map(
		question.options.map( ( option ) => [ option.value, option.count ] )
	);
	const rows = Array.from(
		{ length: scale.max - scale.min + 1 },
		( _row, index ) => {
			const stars = scale.max - index;
			return { stars, count: counts.get( String( stars ) ) ?? 0 };
		}
	);

	return (
		<div className="userfeedback-question__body userfeedback-question__body--stars">
			<div className="userfeedback-question__average">
				{ average === null ? (
					<p className="userfeedback-question__empty">
						{ __( 'No ratings in this period.', 'userfeedback' ) }
					</p>
				) : (
					<>
						<span className="userfeedback-question__average-value">
							{ format.decimal( average ) }
						</span>
						<Stars
							value={ average }
							count={ scale.max }
							label={ sprintf(
								/* translators: 1: average rating, e.g. 4.3; 2: the most stars, e.g. 5. */
								__(
									'Average rating %1$s out of %2$d',
									'userfeedback'
								),
								format.decimal( average ),
								scale.max
							) }
						/>
					</>
				) }
			</div>
			<table className="widefat striped userfeedback-question__table">
				<caption className="screen-reader-text">
					{ __( 'Ratings by number of stars', 'userfeedback' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'Rating', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Count', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Percent', 'userfeedback' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ rows.map( ( row ) => {
						const percent = share(
							row.count,
							question.total_answers
						);
						return (
							<tr key={ row.stars }>
								<th scope="row">
									<Stars
										value={ row.stars }
										count={ scale.max }
										label={ sprintf(
											/* translators: %d: number of stars. */
											__( '%d stars', 'userfeedback' ),
											row.stars
										) }
									/>
								</th>
								<td>
									<span className="userfeedback-question__bar">
										<span
											style={ { width: `${ percent }%` } }
										/>
									</span>
									{ format.count( row.count ) }
								</td>
								<td>{ format.percent( percent ) }</td>
							</tr>
						);
					} ) }
				</tbody>
			</table>
		</div>
	);
}
