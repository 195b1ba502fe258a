/**
 * One-line summaries of a survey's targeting and behavior for the publish step.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import type { SurveySettings } from '../../../../shared/types';
import { countryName } from '../settings/countries';
import {
	DEVICES,
	deviceLabel,
	displayLengthLabel,
	monthNames,
	timingLabel,
} from '../settings/labels';

/** Countries named before "and N more". */
const COUNTRIES_SHOWN = 3;

export interface SummaryLine {
	label: string;
	value: string;
}

export function targetingSummary(
	settings: SurveySettings,
	locale = 'en_US'
): SummaryLine[] {
	const { devices, pages, page_rules: rules } = settings.targeting;
	const { target, countries } = settings.geo_targeting;

	let devicesText: string = DEVICES.filter( ( d ) => devices.includes( d ) )
		.map( deviceLabel )
		.join( ', ' );
	if ( devices.length === DEVICES.length ) {
		devicesText = __( 'All devices', 'userfeedback' );
	} else if ( devices.length === 0 ) {
		devicesText = __( 'None', 'userfeedback' );
	}

	const pagesText =
		pages === 'all'
			? __( 'All pages', 'userfeedback' )
			: sprintf(
					/* translators: %d: number of page rules. */
					_n(
						'Pages matching %d rule',
						'Pages matching %d rules',
						rules.length,
						'userfeedback'
					),
					rules.length
				);

	let countriesText: string = __( 'All countries', 'userfeedback' );
	if ( target === 'select' ) {
		const names = countries
			.slice( 0, COUNTRIES_SHOWN )
			.map( ( code ) => countryName( code, locale ) )
			.join( ', ' );
		const more = countries.length - COUNTRIES_SHOWN;
		countriesText =
			more > 0
				? sprintf(
						/* translators: 1: country names, 2: how many more countries. */
						__( '%1$s and %2$d more', 'userfeedback' ),
						names,
						more
					)
				: names || __( 'None', 'userfeedback' );
	}

	return [
		{ label: __( 'Devices', 'userfeedback' ), value: devicesText },
		{ label: __( 'Pages', 'userfeedback' ), value: pagesText },
		{ label: __( 'Countries', 'userfeedback' ), value: countriesText },
	];
}

/**
 * @param settings            The survey's settings.
 * @param siteStartsMinimized Settings > Widget's start minimised: what a survey that
 *                            follows the site's look gets (theming.source 'site').
 */
export function behaviorSummary(
	settings: SurveySettings,
	siteStartsMinimized = false
): SummaryLine[] {
	const behavior = settings.behavior;
	const minimized =
		( settings.theming as { source?: string } | undefined )?.source ===
		'custom'
			? behavior.start_minimized
			: siteStartsMinimized;
	const start =
		behavior.timing === 'delay'
			? sprintf(
					/* translators: %d: number of seconds. */
					_n(
						'After %d second',
						'After %d seconds',
						behavior.timing_delay,
						'userfeedback'
					),
					behavior.timing_delay
				)
			: timingLabel( behavior.timing );

	const { month, day } = behavior.expire_at;
	const runs =
		behavior.run_time === 'expire' && month && day
			? sprintf(
					/* translators: 1: month name, 2: day of the month. */
					__( 'Until %1$s %2$d', 'userfeedback' ),
					monthNames()[ month - 1 ] ?? '',
					day
				)
			: __( 'Indefinitely', 'userfeedback' );

	return [
		{ label: __( 'Starts', 'userfeedback' ), value: start },
		{
			label: __( 'Shown', 'userfeedback' ),
			value: displayLengthLabel( behavior.display_length ),
		},
		{ label: __( 'Runs', 'userfeedback' ), value: runs },
		{
			label: __( 'Widget', 'userfeedback' ),
			value: minimized
				? __( 'Starts minimized', 'userfeedback' )
				: __( 'Starts open', 'userfeedback' ),
		},
	];
}
