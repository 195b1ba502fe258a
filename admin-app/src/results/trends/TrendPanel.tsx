import { useState } from 'react';
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { LoadingState, QueryError } from '../../shared/components/States';
import type { DateRange } from '../../shared/components/DateRangePicker';
import type { TrendInterval } from '../../shared/types';
import { TrendChart } from './TrendChart';
import { useTrend } from './useTrend';

/**
 * A question's trend over the results screen's range: an interval picker (day, week,
 * month; week by default) above the chart, with loading, error (the server's message)
 * and empty states.
 *
 * @param props            The panel's props.
 * @param props.surveyId   The survey.
 * @param props.questionId An nps, star-rating or choice question.
 * @param props.range      The range shown.
 */
export function TrendPanel( {
	surveyId,
	questionId,
	range,
}: {
	surveyId: number;
	questionId: number;
	range: DateRange;
} ) {
	const [ interval, setIntervalChoice ] = useState< TrendInterval >( 'week' );
	const trend = useTrend( surveyId, questionId, interval, range );

	let body;
	if ( trend.error ) {
		body = (
			<QueryError
				error={ trend.error }
				onRetry={ () => trend.refetch() }
			/>
		);
	} else if ( ! trend.data ) {
		body = (
			<LoadingState
				label={ __( 'Loading the trend…', 'userfeedback' ) }
			/>
		);
	} else if ( trend.data.points.every( ( point ) => point.count === 0 ) ) {
		body = (
			<p className="userfeedback-question__empty">
				{ __( 'No answers in this range.', 'userfeedback' ) }
			</p>
		);
	} else {
		body = <TrendChart trend={ trend.data } />;
	}

	return (
		<div className="userfeedback-trend">
			<SelectControl
				className="userfeedback-trend__interval"
				label={ __( 'Points by', 'userfeedback' ) }
				value={ interval }
				options={ [
					{ value: 'day', label: __( 'Day', 'userfeedback' ) },
					{ value: 'week', label: __( 'Week', 'userfeedback' ) },
					{ value: 'month', label: __( 'Month', 'userfeedback' ) },
				] }
				onChange={ ( value ) =>
					setIntervalChoice( value as TrendInterval )
				}
				__nextHasNoMarginBottom
				__next40pxDefaultSize
			/>
			{ body }
		</div>
	);
}
