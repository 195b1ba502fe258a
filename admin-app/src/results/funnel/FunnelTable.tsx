import { __, sprintf } from '@wordpress/i18n';

import type { Funnel, FunnelQuestion } from '../../shared/types';
import { share, useNumberFormats } from '../../shared/format';

/** The bar's parts, in the order they are drawn; each column header carries its swatch. */
const PARTS = [ 'answered', 'skipped', 'left' ] as const;
type Part = ( typeof PARTS )[ number ];

function partLabel( part: Part ): string {
	switch ( part ) {
		case 'answered':
			return __( 'Answered', 'userfeedback' );
		case 'skipped':
			return __( 'Skipped', 'userfeedback' );
		default:
			return __( 'Left', 'userfeedback' );
	}
}

/**
 * A question's bar: its length is how many reached it (out of the most that reached any
 * question, or started), split into answered, skipped and left. The numbers are the
 * row's cells, so the bar is hidden from assistive technology.
 *
 * @param props          Component props.
 * @param props.question The question's counts.
 * @param props.scale    What a full-width bar stands for.
 */
function Bar( {
	question,
	scale,
}: {
	question: FunnelQuestion;
	scale: number;
} ) {
	return (
		<span className="userfeedback-funnel__bar" aria-hidden="true">
			{ PARTS.map( ( part ) =>
				question[ part ] > 0 ? (
					<span
						key={ part }
						className={ `userfeedback-funnel__segment is-${ part }` }
						style={ {
							width: `${ share( question[ part ], scale ) }%`,
						} }
					/>
				) : null
			) }
		</span>
	);
}

/**
 * Each question in the survey's order with how many visitors reached, answered, skipped
 * and left it: a table (what screen readers and keyboards read) whose first column also
 * draws a horizontal bar per question.
 *
 * @param props        Component props.
 * @param props.funnel The funnel.
 */
export function FunnelTable( { funnel }: { funnel: Funnel } ) {
	const format = useNumberFormats();
	const scale = Math.max(
		funnel.started,
		...funnel.questions.map( ( question ) => question.reached ),
		1
	);
	if ( funnel.questions.length === 0 ) {
		return (
			<p className="userfeedback-question__empty">
				{ __( 'This survey has no questions.', 'userfeedback' ) }
			</p>
		);
	}
	return (
		<div className="userfeedback-funnel">
			<table className="widefat striped userfeedback-funnel__table">
				<caption>
					{ __( 'Drop-off by question', 'userfeedback' ) }
				</caption>
				<thead>
					<tr>
						<th scope="col">
							{ __( 'Question', 'userfeedback' ) }
						</th>
						<th scope="col" className="userfeedback-funnel__number">
							{ __( 'Reached', 'userfeedback' ) }
						</th>
						{ PARTS.map( ( part ) => (
							<th
								key={ part }
								scope="col"
								className="userfeedback-funnel__number"
							>
								<span
									className={ `userfeedback-funnel__swatch is-${ part }` }
									aria-hidden="true"
								/>
								{ partLabel( part ) }
							</th>
						) ) }
					</tr>
				</thead>
				<tbody>
					{ funnel.questions.map( ( question, index ) => (
						<tr key={ question.question_id }>
							<th
								scope="row"
								className="userfeedback-funnel__question"
							>
								<span className="userfeedback-funnel__title">
									{ sprintf(
										/* translators: 1: question number, 2: question title. */
										__( '%1$d. %2$s', 'userfeedback' ),
										index + 1,
										question.title ||
											__( '(no title)', 'userfeedback' )
									) }
								</span>
								<Bar question={ question } scale={ scale } />
							</th>
							<td className="userfeedback-funnel__number">
								{ format.count( question.reached ) }
								{ funnel.started > 0 && (
									<span className="userfeedback-funnel__share">
										{ ' ' }
										{ sprintf(
											/* translators: %s: share of the started responses, e.g. "80%". */
											__( '(%s)', 'userfeedback' ),
											format.percent(
												share(
													question.reached,
													funnel.started
												)
											)
										) }
									</span>
								) }
							</td>
							{ PARTS.map( ( part ) => (
								<td
									key={ part }
									className="userfeedback-funnel__number"
								>
									{ format.count( question[ part ] ) }
								</td>
							) ) }
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}
