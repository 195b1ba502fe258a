/**
 * A screen's date range in the URL query (?from=YYYY-MM-DD&to=YYYY-MM-DD), so reload,
 * back/forward and links keep it. A missing or broken range gives the last
 * `defaultDays` days, and so does one longer than `maxDays` (an old link on a site whose
 * server now refuses long ranges).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useConfig } from './context';
import {
	clampRange,
	lastDays,
	rangeLength,
	siteToday,
	type DateRange,
} from './components/DateRangePicker';

/**
 * @param options             The screen's range policy.
 * @param options.defaultDays Length of the default range, ending today (site time).
 * @param options.maxDays     The longest range allowed; none when undefined.
 * @param options.resetPage   Whether a new range goes back to the first page (?paged=).
 */
export function useUrlRange( {
	defaultDays,
	maxDays,
	resetPage = false,
}: {
	defaultDays: number;
	maxDays?: number;
	resetPage?: boolean;
} ): [ DateRange, ( range: DateRange ) => void ] {
	const config = useConfig();
	const [ params, setParams ] = useSearchParams();
	const today = siteToday( config.site );
	const fromParam = params.get( 'from' ) ?? undefined;
	const toParam = params.get( 'to' ) ?? undefined;

	const range = useMemo( () => {
		const fallback = lastDays( today, defaultDays );
		const read = clampRange(
			{ from: fromParam, to: toParam },
			today,
			fallback
		);
		return maxDays !== undefined && rangeLength( read ) > maxDays
			? fallback
			: read;
	}, [ today, defaultDays, maxDays, fromParam, toParam ] );

	const setRange = useCallback(
		( next: DateRange ) => {
			setParams( ( current ) => {
				const updated = new URLSearchParams( current );
				updated.set( 'from', next.from );
				updated.set( 'to', next.to );
				if ( resetPage ) {
					updated.delete( 'paged' );
				}
				return updated;
			} );
		},
		[ setParams, resetPage ]
	);

	return [ range, setRange ];
}
