/**
 * The ratings screens' date range in the URL query, so the links between the two
 * screens keep it too. The default is the last 30 days (spec 2, section 9); a new range
 * goes back to the first page.
 */
import { useUrlRange } from '../../shared/useUrlRange';
import type { DateRange } from '../../shared/components/DateRangePicker';

/** Spec 2, section 9: the date picker's default range. */
export const DEFAULT_DAYS = 30;

export function useRatingsRange(): [ DateRange, ( range: DateRange ) => void ] {
	return useUrlRange( { defaultDays: DEFAULT_DAYS, resetPage: true } );
}
