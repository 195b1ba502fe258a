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

/** Most characters of a click selector (SurveySettingsSchema: behavior.click_selector maxLength). */
export const SELECTOR_MAX = 300;
export const SAMPLE_MIN = 1;
export const SAMPLE_MAX = 100;

/**
 * Why a click selector cannot start the survey: empty, too long, or not a CSS selector
 * the browser reads (document.querySelector throws on it; the visitor's browser would
 * never start the survey).
 *
 * @param selector The selector typed.
 * @param doc      The document that parses it.
 */
export function selectorError(
	selector: string,
	doc: Document = document
): string | null {
	if ( selector.trim() === '' ) {
		return __(
			'Enter the CSS selector of the elements whose click starts the survey.',
			'userfeedback'
		);
	}
	if ( selector.length > SELECTOR_MAX ) {
		return sprintf(
			/* translators: %d: most characters. */
			__(
				'CSS selector must be at most %d characters long.',
				'userfeedback'
			),
			SELECTOR_MAX
		);
	}
	try {
		doc.querySelector( selector );
	} catch {
		return __( 'This is not a valid CSS selector.', 'userfeedback' );
	}
	return null;
}

/**
 * An event name left empty (its pattern is the server's: its sentence shows after a save).
 *
 * @param name The event name typed.
 */
export function eventNameError( name: string ): string | null {
	return name.trim() === ''
		? __(
				'Enter the name of the event that starts the survey.',
				'userfeedback'
			)
		: null;
}

/**
 * The sampling share's rule in the server's words (Rest\FieldErrors).
 *
 * @param percent The share typed.
 */
export function sampleError( percent: number ): string | null {
	return Number.isInteger( percent ) &&
		percent >= SAMPLE_MIN &&
		percent <= SAMPLE_MAX
		? null
		: sprintf(
				/* translators: 1: smallest share, 2: largest share, in percent. */
				__(
					'Share of matching visitors must be between %1$d and %2$d percent.',
					'userfeedback'
				),
				SAMPLE_MIN,
				SAMPLE_MAX
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
 * 'geo_targeting.countries', 'behavior.timing_delay', 'behavior.expire_at',
 * 'behavior.event_name', 'behavior.click_selector', 'behavior.sample_percent'.
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
	const behaviorChecks: Array< [ string, string | null ] > = [
		[
			'behavior.event_name',
			behavior.timing === 'event'
				? eventNameError( behavior.event_name ?? '' )
				: null,
		],
		[
			'behavior.click_selector',
			behavior.timing === 'click'
				? selectorError( behavior.click_selector ?? '' )
				: null,
		],
		[
			'behavior.sample_percent',
			sampleError( behavior.sample_percent ?? 100 ),
		],
	];
	for ( const [ key, error ] of behaviorChecks ) {
		if ( error ) {
			errors[ key ] = error;
		}
	}
	if ( behavior.run_time === 'expire' ) {
		const error = expiryError( behavior.expire_at );
		if ( error ) {
			errors[ 'behavior.expire_at' ] = error;
		}
	}
	// '' while the close date's fields are incomplete (CloseCard).
	if ( settings.close?.end_at === '' ) {
		errors[ 'close.end_at' ] = __(
			'Choose a date, hour, minutes and AM or PM to close the survey.',
			'userfeedback'
		);
	}
	return errors;
}

export function canContinueSettings( settings: SurveySettings ): boolean {
	return Object.keys( settingsErrors( settings ) ).length === 0;
}
