/**
 * Calendar days ('YYYY-MM-DD') in the site's time zone, and the picker's intervals.
 * Days are computed as calendar dates (UTC arithmetic on Y-M-D), so a DST change in
 * the site's zone never skips or repeats a day; only "today" depends on the clock.
 */
import { formatDate, type SiteDateSettings } from '../../date';

export type Day = string;

export interface DateRange {
	from: Day;
	to: Day;
}

/** Spec 2, section 9: the earliest day the picker offers. */
export const EARLIEST_DAY: Day = '2005-01-01';

export type IntervalId =
	| 'today'
	| 'yesterday'
	| 'last_week'
	| 'last_month'
	| 'last_7_days'
	| 'last_30_days'
	| 'last_90_days';

export const INTERVAL_IDS: readonly IntervalId[] = [
	'today',
	'yesterday',
	'last_week',
	'last_month',
	'last_7_days',
	'last_30_days',
	'last_90_days',
];

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether a string is a real calendar day in 'YYYY-MM-DD' form.
 *
 * @param value The string.
 */
export function isDay( value: unknown ): value is Day {
	if ( typeof value !== 'string' ) {
		return false;
	}
	const match = DAY_PATTERN.exec( value );
	if ( ! match ) {
		return false;
	}
	const date = new Date(
		Date.UTC( +match[ 1 ], +match[ 2 ] - 1, +match[ 3 ] )
	);
	return (
		date.getUTCFullYear() === +match[ 1 ] &&
		date.getUTCMonth() === +match[ 2 ] - 1 &&
		date.getUTCDate() === +match[ 3 ]
	);
}

function toUtc( day: Day ): Date {
	const [ year, month, date ] = day.split( '-' ).map( Number );
	return new Date( Date.UTC( year, month - 1, date ) );
}

function fromUtc( date: Date ): Day {
	return date.toISOString().slice( 0, 10 );
}

/**
 * The day a number of days after (or before, when negative) another.
 *
 * @param day  A day.
 * @param days Days to add.
 */
export function addDays( day: Day, days: number ): Day {
	const date = toUtc( day );
	date.setUTCDate( date.getUTCDate() + days );
	return fromUtc( date );
}

/**
 * Days in a range, both ends included (1 for a single day).
 *
 * @param range The range.
 */
export function rangeLength( range: DateRange ): number {
	return (
		Math.round(
			( toUtc( range.to ).getTime() - toUtc( range.from ).getTime() ) /
				86_400_000
		) + 1
	);
}

/**
 * Today in the site's time zone.
 *
 * @param site The site's time zone settings (config.site).
 * @param now  The current moment (tests pass their own).
 */
export function siteToday(
	site: SiteDateSettings,
	now: Date = new Date()
): Day {
	return formatDate( now, 'Y-m-d', site );
}

/**
 * The last `days` days up to today: 7 gives today and the 6 days before.
 *
 * @param today Today (site time).
 * @param days  How many days.
 */
export function lastDays( today: Day, days: number ): DateRange {
	return { from: addDays( today, -( days - 1 ) ), to: today };
}

/**
 * The range an interval stands for on a given day.
 * "Last Week" is the previous whole week starting on `weekStartsOn` (0 Sunday - 6
 * Saturday; WordPress's start_of_week, Monday by default); "Last Month" is the
 * previous calendar month.
 *
 * @param id           The interval.
 * @param today        Today (site time).
 * @param weekStartsOn First day of the week.
 */
export function intervalRange(
	id: IntervalId,
	today: Day,
	weekStartsOn = 1
): DateRange {
	switch ( id ) {
		case 'today':
			return { from: today, to: today };
		case 'yesterday': {
			const yesterday = addDays( today, -1 );
			return { from: yesterday, to: yesterday };
		}
		case 'last_week': {
			const weekday = toUtc( today ).getUTCDay();
			const sinceStart = ( weekday - weekStartsOn + 7 ) % 7;
			const thisWeek = addDays( today, -sinceStart );
			return {
				from: addDays( thisWeek, -7 ),
				to: addDays( thisWeek, -1 ),
			};
		}
		case 'last_month': {
			const date = toUtc( today );
			const first = new Date(
				Date.UTC( date.getUTCFullYear(), date.getUTCMonth() - 1, 1 )
			);
			const last = new Date(
				Date.UTC( date.getUTCFullYear(), date.getUTCMonth(), 0 )
			);
			return { from: fromUtc( first ), to: fromUtc( last ) };
		}
		case 'last_7_days':
			return lastDays( today, 7 );
		case 'last_30_days':
			return lastDays( today, 30 );
		case 'last_90_days':
			return lastDays( today, 90 );
	}
}

/**
 * The interval a range matches exactly on a given day, or null for a custom range.
 *
 * @param range        The range.
 * @param today        Today (site time).
 * @param ids          The intervals offered.
 * @param weekStartsOn First day of the week.
 */
export function matchInterval(
	range: DateRange,
	today: Day,
	ids: readonly IntervalId[] = INTERVAL_IDS,
	weekStartsOn = 1
): IntervalId | null {
	for ( const id of ids ) {
		const candidate = intervalRange( id, today, weekStartsOn );
		if ( candidate.from === range.from && candidate.to === range.to ) {
			return id;
		}
	}
	return null;
}

export type RangeProblem =
	'invalid' | 'before_earliest' | 'after_today' | 'reversed';

/**
 * What is wrong with a range, or null: both ends real days, from 2005-01-01 up to
 * today, from not after to.
 *
 * @param range The range.
 * @param today Today (site time).
 */
export function rangeProblem(
	range: DateRange,
	today: Day
): RangeProblem | null {
	if ( ! isDay( range.from ) || ! isDay( range.to ) ) {
		return 'invalid';
	}
	// 'YYYY-MM-DD' strings compare in calendar order.
	if ( range.from < EARLIEST_DAY || range.to < EARLIEST_DAY ) {
		return 'before_earliest';
	}
	if ( range.from > today || range.to > today ) {
		return 'after_today';
	}
	if ( range.from > range.to ) {
		return 'reversed';
	}
	return null;
}

/**
 * A range brought inside 2005-01-01..today (ends swapped when reversed); for values
 * read from a URL.
 *
 * @param range    The range.
 * @param today    Today (site time).
 * @param fallback What to use when an end is not a day.
 */
export function clampRange(
	range: Partial< DateRange >,
	today: Day,
	fallback: DateRange
): DateRange {
	if ( ! isDay( range.from ) || ! isDay( range.to ) ) {
		return fallback;
	}
	const clamp = ( day: Day ) => {
		if ( day < EARLIEST_DAY ) {
			return EARLIEST_DAY;
		}
		return day > today ? today : day;
	};
	const from = clamp( range.from );
	const to = clamp( range.to );
	return from <= to ? { from, to } : { from: to, to: from };
}

/**
 * A calendar day in the site's date format ('F j, Y' gives 'November 21, 2026').
 * The day is already site-local, so it is formatted without shifting zones.
 *
 * @param day    The day.
 * @param format PHP date format.
 * @param site   The site's settings (for the locale's month names).
 */
export function formatDay(
	day: Day,
	format: string,
	site: SiteDateSettings
): string {
	return formatDate( `${ day }T12:00:00Z`, format, {
		...site,
		timezone: 'UTC',
		gmt_offset: 0,
	} );
}
