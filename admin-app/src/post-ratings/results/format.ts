/**
 * Numbers, dates and times of the ratings screens: numbers in the user's locale
 * (config.site.locale), dates and times in the site's formats and time zone.
 */
import { useMemo } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import type { AppConfig } from '../../shared/types';

export interface RatingFormats {
	count: ( value: number ) => string;
	/** One decimal: 4.25 → '4.3', 5 → '5.0'. */
	average: ( value: number ) => string;
	/** '4.3' → '4.3 out of 5'. */
	outOfFive: ( rating: string ) => string;
	date: ( iso: string ) => string;
	time: ( iso: string ) => string;
}

function localeTag( locale: string ): string {
	const tag = ( locale || 'en_US' ).replace( '_', '-' );
	try {
		new Intl.NumberFormat( tag );
		return tag;
	} catch {
		return 'en-US';
	}
}

export function ratingFormats( site: AppConfig[ 'site' ] ): RatingFormats {
	const tag = localeTag( site.locale );
	const count = new Intl.NumberFormat( tag, { maximumFractionDigits: 0 } );
	const decimal = new Intl.NumberFormat( tag, {
		minimumFractionDigits: 1,
		maximumFractionDigits: 1,
	} );
	return {
		count: ( value ) => count.format( value ),
		average: ( value ) => decimal.format( value ),
		outOfFive: ( rating ) =>
			sprintf(
				/* translators: %s: a rating, e.g. 4.3. */
				__( '%s out of 5', 'userfeedback' ),
				rating
			),
		date: ( iso ) => formatDate( iso, site.date_format || 'F j, Y', site ),
		time: ( iso ) => formatDate( iso, site.time_format || 'g:i a', site ),
	};
}

export function useRatingFormats(): RatingFormats {
	const { site } = useConfig();
	return useMemo( () => ratingFormats( site ), [ site ] );
}
