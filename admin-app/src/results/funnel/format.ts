/**
 * How the drop-off figures read: a duration in minutes and seconds, a rate in percent
 * with one decimal, and '—' where there is nothing to measure.
 */
import { __, sprintf } from '@wordpress/i18n';

import { localeTag } from '../../shared/format';

/** What a figure that cannot be computed (no responses started or completed) shows. */
export const NO_VALUE = '—';

/**
 * A duration as '45 s', '1 min 20 s', '3 min' or '2 h 5 min' (seconds are dropped past
 * an hour); '—' for null.
 *
 * @param seconds Whole seconds, or null.
 */
export function formatDuration( seconds: number | null | undefined ): string {
	if ( seconds === null || seconds === undefined || ! ( seconds >= 0 ) ) {
		return NO_VALUE;
	}
	const total = Math.round( seconds );
	const hours = Math.floor( total / 3600 );
	const minutes = Math.floor( ( total % 3600 ) / 60 );
	const rest = total % 60;
	if ( hours > 0 ) {
		return minutes > 0
			? sprintf(
					/* translators: 1: hours, 2: minutes (a duration, e.g. "2 h 5 min"). */
					__( '%1$d h %2$d min', 'userfeedback' ),
					hours,
					minutes
				)
			: sprintf(
					/* translators: %d: hours (a duration, e.g. "2 h"). */
					__( '%d h', 'userfeedback' ),
					hours
				);
	}
	if ( minutes > 0 ) {
		return rest > 0
			? sprintf(
					/* translators: 1: minutes, 2: seconds (a duration, e.g. "1 min 20 s"). */
					__( '%1$d min %2$d s', 'userfeedback' ),
					minutes,
					rest
				)
			: sprintf(
					/* translators: %d: minutes (a duration, e.g. "3 min"). */
					__( '%d min', 'userfeedback' ),
					minutes
				);
	}
	return sprintf(
		/* translators: %d: seconds (a duration, e.g. "45 s"). */
		__( '%d s', 'userfeedback' ),
		rest
	);
}

/**
 * A formatter for rates (0..1) as percent with exactly one decimal ('66.7%', '50.0%'),
 * '—' for null.
 *
 * @param locale The user's locale (config.site.locale, e.g. 'de_DE').
 */
export function rateFormat(
	locale: string
): ( rate: number | null | undefined ) => string {
	const percent = new Intl.NumberFormat( localeTag( locale ), {
		style: 'percent',
		minimumFractionDigits: 1,
		maximumFractionDigits: 1,
	} );
	return ( rate ) =>
		rate === null || rate === undefined || Number.isNaN( rate )
			? NO_VALUE
			: percent.format( rate );
}
