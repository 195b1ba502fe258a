/**
 * GET surveys/{id}/trends (shared/types/results.ts, Trend) and its query key: under the
 * results' keys (queryKeys.results.all), so whatever forgets the results forgets the trends.
 */
import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query';
import type { DateRange } from '../../shared/components/DateRangePicker';
import type { Trend, TrendInterval } from '../../shared/types';

export const trendKey = (
	surveyId: number,
	questionId: number,
	interval: TrendInterval,
	range: DateRange
) =>
	[
		...queryKeys.results.all,
		'trend',
		surveyId,
		questionId,
		interval,
		range,
	] as const;

/**
 * A question's trend over the range.
 *
 * @param surveyId   Survey id.
 * @param questionId An nps, star-rating or choice question.
 * @param interval   day, week or month.
 * @param range      The results screen's range.
 */
export function fetchTrend(
	surveyId: number,
	questionId: number,
	interval: TrendInterval,
	range: DateRange
): Promise< Trend > {
	return apiGet< Trend >( `surveys/${ surveyId }/trends`, {
		question_id: questionId,
		interval,
		from: range.from,
		to: range.to,
	} );
}
