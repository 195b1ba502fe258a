/**
 * Settings > Misc > Data retention: "Delete responses older than N days" (the site's
 * retention_days; 0 keeps responses forever). Off by default.
 */
import { useState } from 'react';
import { CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

/** The longest retention the server takes (SettingsSchema::RETENTION_MAX). */
export const RETENTION_MAX = 3650;

/** What "Delete old responses" starts with when it is switched on. */
export const RETENTION_DEFAULT = 365;

/**
 * Whether a number of days is one the server takes for a rule that deletes (1 to 3650).
 *
 * @param days The days.
 */
export function isRetentionDays( days: number ): boolean {
	return Number.isInteger( days ) && days >= 1 && days <= RETENTION_MAX;
}

/**
 * @param props          Component props.
 * @param props.days     The setting: 0 for off, else the days (NaN while what is typed is not a number).
 * @param props.onChange Called with the new setting.
 */
export function RetentionSection( {
	days,
	onChange,
}: {
	days: number;
	onChange: ( days: number ) => void;
} ) {
	const enabled = days !== 0;
	const [ text, setText ] = useState(
		String( enabled ? days : RETENTION_DEFAULT )
	);
	const invalid = enabled && ! isRetentionDays( days );

	return (
		<div className="userfeedback-card">
			<h3 className="userfeedback-card__title">
				{ __( 'Data retention', 'userfeedback' ) }
			</h3>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Delete old responses', 'userfeedback' ) }
				help={ __(
					'Off: responses are kept until you delete them.',
					'userfeedback'
				) }
				checked={ enabled }
				onChange={ ( checked ) => {
					if ( ! checked ) {
						onChange( 0 );
						return;
					}
					const typed = Number( text );
					const next = isRetentionDays( typed )
						? typed
						: RETENTION_DEFAULT;
					setText( String( next ) );
					onChange( next );
				} }
			/>
			{ enabled && (
				<div className="userfeedback-retention">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="number"
						min={ 1 }
						max={ RETENTION_MAX }
						label={ __(
							'Delete responses older than (days)',
							'userfeedback'
						) }
						help={ __(
							'A daily task permanently deletes completed, partial and trashed responses older than this, with their answers; the results no longer count them. This cannot be undone. A survey may keep its responses for another period in its Settings step.',
							'userfeedback'
						) }
						value={ text }
						onChange={ ( value ) => {
							setText( value );
							// 0 is "off", which is the checkbox's to say: typed, it is invalid.
							const typed = Number( value );
							onChange(
								value.trim() === '' || typed === 0 ? NaN : typed
							);
						} }
						aria-invalid={ invalid || undefined }
					/>
					{ invalid && (
						<p className="userfeedback-field-error" role="alert">
							{ sprintf(
								/* translators: %s: the largest number of days. */
								__(
									'Enter a whole number of days from 1 to %s.',
									'userfeedback'
								),
								RETENTION_MAX.toLocaleString()
							) }
						</p>
					) }
				</div>
			) }
		</div>
	);
}
