/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned), which geo
 * targeting stores. Names come from the browser in the site's language.
 */
import type { LogicTypeOption } from '../../../../shared/types';

export const COUNTRY_CODES: readonly string[] = (
	'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
	'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
	'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
	'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
	'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
	'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
	'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM ' +
	'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
	'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
	'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
	'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG ' +
	'PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
	'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ' +
	'ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
	'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
	'VN VU WF WS YE YT ZA ZM ZW '
)
	.trim()
	.split( ' ' );

/** 'en_US' (WordPress) to 'en-US' (BCP 47). */
function bcp47( locale: string ): string {
	const match = /^([a-z]{2,3})(?:_([A-Z]{2}))?/.exec( locale );
	return match
		? [ match[ 1 ], match[ 2 ] ].filter( Boolean ).join( '-' )
		: 'en';
}

/**
 * The country's name in the given language, or its code when the browser has no name.
 *
 * @param code   ISO 3166-1 alpha-2 code.
 * @param locale WordPress locale, e.g. 'de_DE'.
 */
export function countryName( code: string, locale = 'en_US' ): string {
	try {
		return (
			new Intl.DisplayNames( [ bcp47( locale ), 'en' ], {
				type: 'region',
			} ).of( code ) ?? code
		);
	} catch {
		return code;
	}
}

/**
 * Every country as a choice, sorted by name.
 *
 * @param locale WordPress locale.
 */
export function countryOptions( locale = 'en_US' ): LogicTypeOption[] {
	let names: Intl.DisplayNames | null = null;
	try {
		names = new Intl.DisplayNames( [ bcp47( locale ), 'en' ], {
			type: 'region',
		} );
	} catch {
		// Older browsers: codes only.
	}
	return COUNTRY_CODES.map( ( code ) => ( {
		id: code,
		label: names?.of( code ) ?? code,
	} ) ).sort( ( a, b ) => a.label.localeCompare( b.label, bcp47( locale ) ) );
}
