import { useState } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import {
	ChoiceChart,
	paletteColor,
	type ChoiceChartKind,
} from '../../shared/components/charts';
import { findQuestionType } from '../../shared/questionTypes';
import type { OptionCount, QuestionStats } from '../../shared/types';
import { SurveyIcon } from '../../shared/SurveyIcon';
import { share, useNumberFormats } from '../../shared/format';

function OptionLabel( { option }: { option: OptionCount } ) {
	const label = option.label || option.value;
	if ( option.image ) {
		return (
			<span className="userfeedback-question__option">
				<img
					className="userfeedback-question__thumbnail"
					src={ option.image }
					alt=""
					width={ 40 }
					height={ 40 }
					loading="lazy"
				/>
				{ label }
			</span>
		);
	}
	if ( option.icon ) {
		return (
			<span className="userfeedback-question__option">
				<SurveyIcon
					name={ option.icon }
					color={ option.icon_color ?? undefined }
				/>
				{ label }
			</span>
		);
	}
	return <span className="userfeedback-question__option">{ label }</span>;
}

/**
 * A choice question (radio, checkbox, image and icon choice): a bar or pie chart and
 * a table of options with their counts and shares of the answers. Checkbox answers
 * may tick several options, so a bar chart is its default (its shares add up past 100%).
 *
 * @param props             The card body's props.
 * @param props.question    The question's stats.
 * @param props.defaultKind The chart shown first.
 */
export function ChoiceStats( {
	question,
	defaultKind,
}: {
	question: QuestionStats;
	defaultKind?: ChoiceChartKind;
} ) {
	const format = useNumberFormats();
	const [ kind, setKind ] = useState< ChoiceChartKind >(
		defaultKind ??
			( findQuestionType( question.type )?.multiple ? 'bar' : 'pie' )
	);
	const labels = question.options.map(
		( option ) => option.label || option.value
	);
	const values = question.options.map( ( option ) => option.count );
	const percent = ( count: number ) =>
		format.percent( share( count, question.total_answers ) );

	if ( question.options.length === 0 ) {
		return (
			<p className="userfeedback-question__empty">
				{ __( 'This question has no options.', 'userfeedback' ) }
			</p>
		);
	}

	return (
		<div className="userfeedback-question__body userfeedback-question__body--choice">
			<div className="userfeedback-question__chart">
				<div
					className="userfeedback-question__chart-kind"
					role="group"
					aria-label={ __( 'Chart type', 'userfeedback' ) }
				>
					<Button
						size="small"
						variant={ kind === 'bar' ? 'primary' : 'secondary' }
						aria-pressed={ kind === 'bar' }
						onClick={ () => setKind( 'bar' ) }
					>
						{ __( 'Bar', 'userfeedback' ) }
					</Button>
					<Button
						size="small"
						variant={ kind === 'pie' ? 'primary' : 'secondary' }
						aria-pressed={ kind === 'pie' }
						onClick={ () => setKind( 'pie' ) }
					>
						{ __( 'Pie', 'userfeedback' ) }
					</Button>
				</div>
				{ question.total_answers > 0 ? (
					<ChoiceChart
						kind={ kind }
						label={ sprintf(
							/* translators: %s: question title. */
							__( 'Answers to “%s”', 'userfeedback' ),
							question.title
						) }
						labels={ labels }
						values={ values }
						formatValue={ ( value ) =>
							`${ format.count( value ) } (${ percent( value ) })`
						}
					/>
				) : (
					<p className="userfeedback-question__empty">
						{ __( 'No answers in this period.', 'userfeedback' ) }
					</p>
				) }
			</div>
			<table className="widefat striped userfeedback-question__table">
				<thead>
					<tr>
						<th scope="col">{ __( 'Option', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Count', 'userfeedback' ) }</th>
						<th scope="col">{ __( 'Percent', 'userfeedback' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ question.options.map( ( option, index ) => (
						<tr key={ `${ option.value }-${ index }` }>
							<th scope="row">
								<span
									className="userfeedback-question__swatch"
									style={ {
										background: paletteColor( index ),
									} }
									aria-hidden="true"
								/>
								<OptionLabel option={ option } />
							</th>
							<td>{ format.count( option.count ) }</td>
							<td>{ percent( option.count ) }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}
