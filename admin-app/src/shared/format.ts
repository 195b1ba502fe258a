/**
 * Numbers in the user's locale (config.site.locale is get_user_locale()), for the
 * results and post-ratings screens.
 */
import { useMemo } from 'react';

import { useConfig } from './context';

/**
 * The BCP 47 tag of a WordPress locale ('en_US' -> 'en-US'), or 'en-US' where Intl does not know it.
 *
 * @param locale The WordPress locale.
 */
export function localeTag( locale: string ): string {
	const tag = ( locale || 'en_US' ).replace( '_', '-' );
	try {
		new Intl.NumberFormat( tag );
		return tag;
	} catch {
		return 'en-US';
	}
}

export interface NumberFormats {
	count: ( value: number ) => string;
	/** 12.5 → '12.5%'. */
	percent: ( value: number ) => string;
	/** One decimal: 4.25 → '4.3'. */
	decimal: ( value: number ) => string;
}

export function numberFormats( locale: string ): NumberFormats {
	const tag = localeTag( locale );
	const count = new Intl.NumberFormat( tag, { maximumFractionDigits: 0 } );
	const percent = new Intl.NumberFormat( tag, {
		style: 'percent',
		maximumFractionDigits: 1,
	} );
	const decimal = new Intl.NumberFormat( tag, {
		minimumFractionDigits: 1,
		maximumFractionDigits: 1,
	} );
	return {
		count: ( value ) => count.format( value ),
		percent: ( value ) => percent.format( value / 100 ),
		decimal: ( value ) => decimal.format( value ),
	};
}

export function useNumberFormats(): NumberFormats {
	const { site } = useConfig();
	return useMemo( () => numberFormats( site.locale ), [ site.locale ] );
}

/**
 * A share of a total in percent (0 when the total is 0).
 *
 * @param count Part.
 * @param total Whole.
 */
export function share( count: number, total: number ): number {
	return total > 0 ? ( count / total ) * 100 : 0;
}
