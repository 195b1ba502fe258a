/**
 * Settings > Widget > Frequency: how often one visitor is shown surveys, site-wide
 * (cooldown_days, one_survey_per_page; the loader applies them to floating surveys).
 */
import { useState } from 'react';
import { CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { Settings } from '../../shared/types';

/** The longest pause the server takes (SettingsSchema::COOLDOWN_MAX). */
export const COOLDOWN_MAX = 365;

export type FrequencyValues = Pick<
	Settings,
	'cooldown_days' | 'one_survey_per_page'
>;

/**
 * Whether the server takes a pause of this many days (0, off, to 365).
 *
 * @param days The days.
 */
export function isCooldownDays( days: number ): boolean {
	return Number.isInteger( days ) && days >= 0 && days <= COOLDOWN_MAX;
}

/**
 * The error of the pause as typed, or null.
 *
 * @param days The days (NaN while what is typed is not a number).
 */
export function cooldownError( days: number ): string | null {
	return isCooldownDays( days )
		? null
		: sprintf(
				/* translators: %d: the largest number of days. */
				__(
					'Enter a whole number of days from 0 to %d.',
					'userfeedback'
				),
				COOLDOWN_MAX
			);
}

/**
 * @param props          Component props.
 * @param props.values   The two settings (cooldown_days NaN while what is typed is not a number).
 * @param props.error    The error to show under the days (the form's or the server's).
 * @param props.onChange Called with the changed setting.
 */
export function FrequencySection( {
	values,
	error,
	onChange,
}: {
	values: FrequencyValues;
	error?: string | null;
	onChange: ( changes: Partial< FrequencyValues > ) => void;
} ) {
	const [ text, setText ] = useState(
		Number.isNaN( values.cooldown_days )
			? ''
			: String( values.cooldown_days )
	);
	return (
		<div className="userfeedback-card userfeedback-frequency">
			<h3 className="userfeedback-card__title">
				{ __( 'Frequency', 'userfeedback' ) }
			</h3>
			<p className="components-base-control__help">
				{ __(
					'Keep visitors from being asked too often. These apply to floating surveys; a survey can opt out of the pause in its Behavior settings.',
					'userfeedback'
				) }
			</p>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="number"
				min={ 0 }
				max={ COOLDOWN_MAX }
				label={ __( 'Days between surveys', 'userfeedback' ) }
				help={ __(
					'After a visitor sees any survey, no other survey starts for them for this many days. 0 turns the pause off.',
					'userfeedback'
				) }
				value={ text }
				onChange={ ( value ) => {
					setText( value );
					onChange( {
						cooldown_days:
							value.trim() === '' ? Number.NaN : Number( value ),
					} );
				} }
				aria-invalid={ !! error || undefined }
			/>
			{ error && (
				<p className="userfeedback-field-error" role="alert">
					{ error }
				</p>
			) }
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __(
					'Show at most one survey per page view',
					'userfeedback'
				) }
				help={ __(
					'Once a survey was shown on a page, no other survey starts on that page.',
					'userfeedback'
				) }
				checked={ values.one_survey_per_page }
				onChange={ ( checked ) =>
					onChange( { one_survey_per_page: checked } )
				}
			/>
		</div>
	);
}
