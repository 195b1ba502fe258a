/**
 * A results screen's date range in the URL query. The default is the last 30 days
 * (spec 2, section 9) where the 30-day range is allowed, the last 7 days otherwise (the
 * server refuses longer ranges without it).
 */
import { useFeature } from '../shared/gating';
import { useUrlRange } from '../shared/useUrlRange';
import type { DateRange } from '../shared/components/DateRangePicker';

export function useResultsRange(): [ DateRange, ( range: DateRange ) => void ] {
	const longRanges = useFeature( 'results_30_days' ).allowed;
	return useUrlRange( {
		defaultDays: longRanges ? 30 : 7,
		maxDays: longRanges ? undefined : 7,
	} );
}
