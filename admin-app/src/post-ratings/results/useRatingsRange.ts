/**
 * The ratings screens' date range in the URL query (?from=YYYY-MM-DD&to=YYYY-MM-DD), so
 * reload, back/forward and the links between the two screens keep it. The default is
 * the last 30 days (spec 2, section 9); a new range goes back to the first page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useConfig } from '../../shared/context';
import {
	clampRange,
	lastDays,
	siteToday,
	type DateRange,
} from '../../shared/components/DateRangePicker';

/** Spec 2, section 9: the date picker's default range. */
export const DEFAULT_DAYS = 30;

export function useRatingsRange(): [ DateRange, ( range: DateRange ) => void ] {
	const config = useConfig();
	const [ params, setParams ] = useSearchParams();
	const today = siteToday( config.site );
	const fromParam = params.get( 'from' ) ?? undefined;
	const toParam = params.get( 'to' ) ?? undefined;

	const range = useMemo(
		() =>
			clampRange(
				{ from: fromParam, to: toParam },
				today,
				lastDays( today, DEFAULT_DAYS )
			),
		[ today, fromParam, toParam ]
	);

	const setRange = useCallback(
		( next: DateRange ) => {
			setParams( ( current ) => {
				const updated = new URLSearchParams( current );
				updated.set( 'from', next.from );
				updated.set( 'to', next.to );
				updated.delete( 'paged' );
				return updated;
			} );
		},
		[ setParams ]
	);

	return [ range, setRange ];
}
