/**
 * Numbers, dates and times of the ratings screens: numbers in the user's locale
 * (config.site.locale), dates and times in the site's formats and time zone.
 */
import { useMemo } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import { numberFormats } from '../../shared/format';
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

export function ratingFormats( site: AppConfig[ 'site' ] ): RatingFormats {
	const { count, decimal } = numberFormats( site.locale );
	return {
		count,
		average: decimal,
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
