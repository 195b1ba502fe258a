/**
 * Dates shown the way the site shows them: its date_format and time_format (PHP
 * date() letters) in its time zone, with month and day names in the user's locale.
 * The config carries them (config.site), so no date library ships with the admin.
 */
import type { AppConfig } from './types';

export type SiteDateSettings = Pick<
	AppConfig[ 'site' ],
	'timezone' | 'gmt_offset' | 'locale'
>;

interface Parts {
	year: number;
	/** 1-12 */
	month: number;
	day: number;
	hours: number;
	minutes: number;
	seconds: number;
	/** 0 (Sunday) - 6 */
	weekday: number;
	/** Minutes east of UTC at that moment. */
	offset: number;
	zone: string;
}

/** '+05:30' style zones (what wp_timezone_string() gives for a manual offset), in minutes. */
function parseOffset( zone: string ): number | null {
	const match = /^([+-])(\d{1,2}):?(\d{2})$/.exec( zone.trim() );
	if ( ! match ) {
		return null;
	}
	const minutes = Number( match[ 2 ] ) * 60 + Number( match[ 3 ] );
	return match[ 1 ] === '-' ? -minutes : minutes;
}

function formatOffset( minutes: number, colon: boolean ): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs( minutes );
	const hours = String( Math.floor( absolute / 60 ) ).padStart( 2, '0' );
	const rest = String( absolute % 60 ).padStart( 2, '0' );
	return `${ sign }${ hours }${ colon ? ':' : '' }${ rest }`;
}

function utcParts( date: Date, offset: number, zone: string ): Parts {
	const shifted = new Date( date.getTime() + offset * 60_000 );
	return {
		year: shifted.getUTCFullYear(),
		month: shifted.getUTCMonth() + 1,
		day: shifted.getUTCDate(),
		hours: shifted.getUTCHours(),
		minutes: shifted.getUTCMinutes(),
		seconds: shifted.getUTCSeconds(),
		weekday: shifted.getUTCDay(),
		offset,
		zone,
	};
}

function zoneParts( date: Date, timeZone: string ): Parts {
	const formatter = new Intl.DateTimeFormat( 'en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
		timeZoneName: 'short',
	} );
	const parts: Record< string, string > = {};
	for ( const part of formatter.formatToParts( date ) ) {
		parts[ part.type ] = part.value;
	}
	const year = Number( parts.year );
	const month = Number( parts.month );
	const day = Number( parts.day );
	const hours = Number( parts.hour ) % 24;
	const minutes = Number( parts.minute );
	const seconds = Number( parts.second );
	const wall = Date.UTC( year, month - 1, day, hours, minutes, seconds );
	const offset = Math.round(
		( wall - Math.floor( date.getTime() / 1000 ) * 1000 ) / 60_000
	);
	return {
		year,
		month,
		day,
		hours,
		minutes,
		seconds,
		weekday: new Date( wall ).getUTCDay(),
		offset,
		zone: parts.timeZoneName ?? timeZone,
	};
}

function partsFor( date: Date, site: SiteDateSettings ): Parts {
	const fixed = parseOffset( site.timezone ?? '' );
	if ( fixed !== null ) {
		return utcParts( date, fixed, formatOffset( fixed, true ) );
	}
	if ( site.timezone ) {
		try {
			return zoneParts( date, site.timezone );
		} catch {
			// Not a zone this browser knows: fall back to the numeric offset.
		}
	}
	const offset = Math.round( ( site.gmt_offset ?? 0 ) * 60 );
	return utcParts(
		date,
		offset,
		offset === 0 ? 'UTC' : formatOffset( offset, true )
	);
}

function names( locale: string ) {
	let tag = locale.replace( '_', '-' );
	try {
		new Intl.DateTimeFormat( tag );
	} catch {
		tag = 'en-US';
	}
	const name = ( options: Intl.DateTimeFormatOptions, date: Date ) =>
		new Intl.DateTimeFormat( tag, { ...options, timeZone: 'UTC' } ).format(
			date
		);
	return {
		month: ( month: number, style: 'long' | 'short' ) =>
			name(
				{ month: style },
				new Date( Date.UTC( 2001, month - 1, 1 ) )
			),
		// 2001-01-07 was a Sunday.
		weekday: ( weekday: number, style: 'long' | 'short' ) =>
			name(
				{ weekday: style },
				new Date( Date.UTC( 2001, 0, 7 + weekday ) )
			),
	};
}

function ordinal( day: number ): string {
	if ( day % 100 >= 11 && day % 100 <= 13 ) {
		return 'th';
	}
	return [ 'th', 'st', 'nd', 'rd' ][ day % 10 ] ?? 'th';
}

function isLeap( year: number ): boolean {
	return ( year % 4 === 0 && year % 100 !== 0 ) || year % 400 === 0;
}

function dayOfYear( p: Parts ): number {
	return Math.round(
		( Date.UTC( p.year, p.month - 1, p.day ) - Date.UTC( p.year, 0, 1 ) ) /
			86_400_000
	);
}

/** ISO-8601 week number and its year (PHP W and o). */
function isoWeek( p: Parts ): { week: number; year: number } {
	const date = new Date( Date.UTC( p.year, p.month - 1, p.day ) );
	const weekday = p.weekday === 0 ? 7 : p.weekday;
	date.setUTCDate( date.getUTCDate() + 4 - weekday );
	const year = date.getUTCFullYear();
	const week = Math.ceil(
		( ( date.getTime() - Date.UTC( year, 0, 1 ) ) / 86_400_000 + 1 ) / 7
	);
	return { week, year };
}

const pad = ( value: number, length = 2 ) =>
	String( value ).padStart( length, '0' );

/**
 * Formats a moment with PHP date() letters, as WordPress's date_i18n() would on the site.
 *
 * @param value  A Date, or an ISO 8601 / RFC 3339 string ('2026-12-01T14:00:00Z').
 * @param format PHP date format, e.g. config.site.date_format ('F j, Y').
 * @param site   The site's time zone, offset and locale (config.site).
 * @return The formatted date, or '' when value is not a valid date.
 */
export function formatDate(
	value: Date | string,
	format: string,
	site: SiteDateSettings
): string {
	const date = value instanceof Date ? value : new Date( value );
	if ( Number.isNaN( date.getTime() ) ) {
		return '';
	}
	const p = partsFor( date, site );
	const local = names( site.locale || 'en_US' );
	const hours12 = p.hours % 12 === 0 ? 12 : p.hours % 12;

	let out = '';
	for ( let index = 0; index < format.length; index++ ) {
		const letter = format[ index ];
		switch ( letter ) {
			case '\\':
				index++;
				out += format[ index ] ?? '';
				break;
			case 'd':
				out += pad( p.day );
				break;
			case 'D':
				out += local.weekday( p.weekday, 'short' );
				break;
			case 'j':
				out += p.day;
				break;
			case 'l':
				out += local.weekday( p.weekday, 'long' );
				break;
			case 'N':
				out += p.weekday === 0 ? 7 : p.weekday;
				break;
			case 'S':
				out += ordinal( p.day );
				break;
			case 'w':
				out += p.weekday;
				break;
			case 'z':
				out += dayOfYear( p );
				break;
			case 'W':
				out += pad( isoWeek( p ).week );
				break;
			case 'F':
				out += local.month( p.month, 'long' );
				break;
			case 'M':
				out += local.month( p.month, 'short' );
				break;
			case 'm':
				out += pad( p.month );
				break;
			case 'n':
				out += p.month;
				break;
			case 't':
				out += new Date( Date.UTC( p.year, p.month, 0 ) ).getUTCDate();
				break;
			case 'L':
				out += isLeap( p.year ) ? 1 : 0;
				break;
			case 'o':
				out += isoWeek( p ).year;
				break;
			case 'Y':
				out += p.year;
				break;
			case 'y':
				out += pad( p.year % 100 );
				break;
			case 'a':
				out += p.hours < 12 ? 'am' : 'pm';
				break;
			case 'A':
				out += p.hours < 12 ? 'AM' : 'PM';
				break;
			case 'g':
				out += hours12;
				break;
			case 'G':
				out += p.hours;
				break;
			case 'h':
				out += pad( hours12 );
				break;
			case 'H':
				out += pad( p.hours );
				break;
			case 'i':
				out += pad( p.minutes );
				break;
			case 's':
				out += pad( p.seconds );
				break;
			case 'u':
				out += '000000';
				break;
			case 'v':
				out += '000';
				break;
			case 'e':
				out += site.timezone || 'UTC';
				break;
			case 'T':
				out += p.zone;
				break;
			case 'O':
				out += formatOffset( p.offset, false );
				break;
			case 'P':
				out += formatOffset( p.offset, true );
				break;
			case 'Z':
				out += p.offset * 60;
				break;
			case 'c':
				out += `${ p.year }-${ pad( p.month ) }-${ pad( p.day ) }T${ pad(
					p.hours
				) }:${ pad( p.minutes ) }:${ pad( p.seconds ) }${ formatOffset(
					p.offset,
					true
				) }`;
				break;
			case 'U':
				out += Math.floor( date.getTime() / 1000 );
				break;
			default:
				out += letter;
		}
	}
	return out;
}
