/**
 * When the settings step can be left (spec 1, section 5 "Step continue rules" and
 * "Behavior inputs"). Pure: the frame calls these to lock the later steps.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { SurveySettings } from '../../../../shared/types';
import { DAYS_IN_MONTH, monthNames } from './labels';
import { pageRuleError } from './pageRules';

export const DELAY_MIN = 0;
export const DELAY_MAX = 60;

/**
 * The delay's rule in the words the server refuses it with (Rest\FieldErrors), so
 * the sentence is the same before and after a save.
 *
 * @param delay The delay in seconds.
 */
export function delayError( delay: number ): string | null {
	if ( ! Number.isInteger( delay ) ) {
		return __( 'Delay must be a whole number.', 'userfeedback' );
	}
	return delay >= DELAY_MIN && delay <= DELAY_MAX
		? null
		: sprintf(
				/* translators: 1: smallest delay, 2: largest delay, in seconds. */
				__(
					'Delay must be between %1$d and %2$d seconds.',
					'userfeedback'
				),
				DELAY_MIN,
				DELAY_MAX
			);
}

export function expiryError(
	expire: SurveySettings[ 'behavior' ][ 'expire_at' ]
): string | null {
	const { month, day } = expire;
	if ( ! month || ! day ) {
		return __( 'Choose the month and day to stop on.', 'userfeedback' );
	}
	if ( month < 1 || month > 12 || day < 1 ) {
		return __( 'Choose a valid date.', 'userfeedback' );
	}
	if ( day > DAYS_IN_MONTH[ month - 1 ] ) {
		return sprintf(
			/* translators: 1: month name, 2: number of days. */
			__( '%1$s has only %2$d days.', 'userfeedback' ),
			monthNames()[ month - 1 ],
			DAYS_IN_MONTH[ month - 1 ]
		);
	}
	return null;
}

/**
 * Every error of the settings step, keyed by field path:
 * 'targeting.devices', 'targeting.page_rules', 'targeting.page_rules.{index}',
 * 'geo_targeting.countries', 'behavior.timing_delay', 'behavior.expire_at'.
 * Page rules count only when targeting pages is 'select'.
 *
 * @param settings The survey settings.
 */
export function settingsErrors(
	settings: SurveySettings
): Record< string, string > {
	const errors: Record< string, string > = {};
	const { targeting, geo_targeting: geo, behavior } = settings;

	if ( targeting.devices.length === 0 ) {
		errors[ 'targeting.devices' ] = __(
			'Choose at least one device.',
			'userfeedback'
		);
	}
	if ( targeting.pages === 'select' ) {
		if ( targeting.page_rules.length === 0 ) {
			errors[ 'targeting.page_rules' ] = __(
				'Add at least one page rule.',
				'userfeedback'
			);
		}
		targeting.page_rules.forEach( ( rule, index ) => {
			const error = pageRuleError( rule );
			if ( error ) {
				errors[ `targeting.page_rules.${ index }` ] = error;
			}
		} );
	}
	if ( geo.target === 'select' && geo.countries.length === 0 ) {
		errors[ 'geo_targeting.countries' ] = __(
			'Choose at least one country.',
			'userfeedback'
		);
	}
	if ( behavior.timing === 'delay' ) {
		const error = delayError( behavior.timing_delay );
		if ( error ) {
			errors[ 'behavior.timing_delay' ] = error;
		}
	}
	if ( behavior.run_time === 'expire' ) {
		const error = expiryError( behavior.expire_at );
		if ( error ) {
			errors[ 'behavior.expire_at' ] = error;
		}
	}
	return errors;
}

export function canContinueSettings( settings: SurveySettings ): boolean {
	return Object.keys( settingsErrors( settings ) ).length === 0;
}
