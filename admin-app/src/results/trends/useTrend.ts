import { useQuery } from '@tanstack/react-query';

import type { DateRange } from '../../shared/components/DateRangePicker';
import type { TrendInterval } from '../../shared/types';
import { fetchTrend, trendKey } from './api';

/**
 * A question's trend for an interval and range; a new interval or range is a new query.
 *
 * @param surveyId   Survey id.
 * @param questionId The question.
 * @param interval   day, week or month.
 * @param range      The range.
 */
export function useTrend(
	surveyId: number,
	questionId: number,
	interval: TrendInterval,
	range: DateRange
) {
	return useQuery( {
		queryKey: trendKey( surveyId, questionId, interval, range ),
		queryFn: () => fetchTrend( surveyId, questionId, interval, range ),
	} );
}
