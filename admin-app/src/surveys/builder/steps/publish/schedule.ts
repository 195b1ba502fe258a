/**
 * The schedule fields (date, time h:mm, am/pm) and the value they stand for: a naive
 * 'YYYY-MM-DDTHH:MM:SS' in the site's time zone, which is what the builder sends as
 * publish_at and the server reads in that time zone.
 *
 * In the draft, publish_at is:
 * - null: not scheduled;
 * - a naive local string: scheduled by the user in this session;
 * - RFC 3339 with Z or an offset: scheduled, as the server sent it (publish_at_local
 *   holds the same moment in the site's time zone);
 * - '' (empty): scheduling is on but its fields are incomplete. Never saved: the frame
 *   disables Save while scheduleComplete( draft.publish_at ) is false.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

import type { Survey } from '../../../../shared/types';

export type Period = 'am' | 'pm';

export interface ScheduleFields {
	/** 'YYYY-MM-DD', or '' while not chosen. */
	date: string;
	/** 'h:mm' on a 12-hour clock (1:00 to 12:59); ':mm' or 'h:' while partly chosen. */
	time: string;
	period: Period | '';
}

export const EMPTY_SCHEDULE: ScheduleFields = {
	date: '',
	time: '',
	period: '',
};

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const TIME = /^(\d{1,2}):(\d{2})$/;

/**
 * Whether 'YYYY-MM-DD' is a day of the calendar.
 *
 * @param date The date.
 */
export function isValidDate( date: string ): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec( date );
	if ( ! match ) {
		return false;
	}
	const [ year, month, day ] = match.slice( 1 ).map( Number );
	const parsed = new Date( Date.UTC( year, month - 1, day ) );
	return (
		parsed.getUTCFullYear() === year &&
		parsed.getUTCMonth() === month - 1 &&
		parsed.getUTCDate() === day
	);
}

function parseTime( time: string ): { hour: number; minute: number } | null {
	const match = TIME.exec( time );
	if ( ! match ) {
		return null;
	}
	const hour = Number( match[ 1 ] );
	const minute = Number( match[ 2 ] );
	return hour >= 1 && hour <= 12 && minute <= 59 ? { hour, minute } : null;
}

/**
 * Whether a string is a naive local date-time ('YYYY-MM-DDTHH:MM' with optional
 * seconds, no offset) of a real day and time.
 *
 * @param value The string.
 */
export function isNaiveLocal( value: string ): boolean {
	const match = NAIVE.exec( value );
	if ( ! match ) {
		return false;
	}
	const [ hour, minute, second = 0 ] = match
		.slice( 4 )
		.map( ( part ) => ( part === undefined ? 0 : Number( part ) ) );
	return (
		isValidDate( value.slice( 0, 10 ) ) &&
		hour <= 23 &&
		minute <= 59 &&
		second <= 59
	);
}

/**
 * Whether a schedule can be saved. Takes the fields, or the draft's publish_at:
 * null (not scheduled: nothing to complete) and full date-times are complete; ''
 * (scheduling on, fields incomplete) and anything unparsable are not.
 *
 * @param schedule The fields or the publish_at value.
 */
export function scheduleComplete(
	schedule: ScheduleFields | string | null
): boolean {
	if ( schedule === null ) {
		return true;
	}
	if ( typeof schedule === 'string' ) {
		if ( OFFSET.test( schedule ) ) {
			return ! Number.isNaN( Date.parse( schedule ) );
		}
		return isNaiveLocal( schedule );
	}
	return (
		isValidDate( schedule.date ) &&
		parseTime( schedule.time ) !== null &&
		( schedule.period === 'am' || schedule.period === 'pm' )
	);
}

const pad = ( n: number ) => String( n ).padStart( 2, '0' );

/**
 * The naive local date-time of complete fields, or null when they are incomplete.
 * 12 am is 00 h, 12 pm is 12 h.
 *
 * @param fields Date, time and period.
 */
export function fieldsToLocal( fields: ScheduleFields ): string | null {
	if ( ! scheduleComplete( fields ) ) {
		return null;
	}
	const { hour, minute } = parseTime( fields.time ) as {
		hour: number;
		minute: number;
	};
	const hour24 = ( hour % 12 ) + ( fields.period === 'pm' ? 12 : 0 );
	return `${ fields.date }T${ pad( hour24 ) }:${ pad( minute ) }:00`;
}

/**
 * The fields of a naive local date-time (seconds are dropped). 00 h is 12 am,
 * 12 h is 12 pm.
 *
 * @param local 'YYYY-MM-DDTHH:MM[:SS]'.
 */
export function localToFields( local: string ): ScheduleFields {
	if ( ! isNaiveLocal( local ) ) {
		return EMPTY_SCHEDULE;
	}
	const hour24 = Number( local.slice( 11, 13 ) );
	return {
		date: local.slice( 0, 10 ),
		time: `${ hour24 % 12 || 12 }:${ local.slice( 14, 16 ) }`,
		period: hour24 < 12 ? 'am' : 'pm',
	};
}

/**
 * An RFC 3339 moment as a naive date-time in the time zone.
 *
 * @param moment   e.g. '2026-12-01T14:00:00Z'.
 * @param timeZone IANA name, e.g. 'America/New_York'.
 */
export function utcToLocal( moment: string, timeZone: string ): string {
	return formatInTimeZone( moment, timeZone, "yyyy-MM-dd'T'HH:mm:ss" );
}

/**
 * The moment a naive date-time in the time zone stands for.
 *
 * @param local    'YYYY-MM-DDTHH:MM:SS'.
 * @param timeZone IANA name.
 */
export function localToDate( local: string, timeZone: string ): Date {
	return fromZonedTime( local, timeZone );
}

/**
 * The naive local date-time the draft is scheduled for, or null when it is not
 * scheduled or its schedule is incomplete.
 *
 * @param survey   The draft.
 * @param timeZone The site's time zone (used when publish_at_local is missing).
 */
export function scheduledLocal(
	survey: Pick< Survey, 'publish_at' | 'publish_at_local' >,
	timeZone: string
): string | null {
	const { publish_at: publishAt } = survey;
	if ( ! publishAt ) {
		return null;
	}
	if ( isNaiveLocal( publishAt ) ) {
		return publishAt;
	}
	if ( survey.publish_at_local && isNaiveLocal( survey.publish_at_local ) ) {
		return survey.publish_at_local;
	}
	try {
		return utcToLocal( publishAt, timeZone );
	} catch {
		return null;
	}
}
