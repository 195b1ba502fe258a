/**
 * When the survey closes (settings.close, PHP Surveys\Closing): after a number of
 * completed responses and/or on a date and time entered in the site's time zone
 * (the Publish step's schedule fields and conversions) and sent in UTC. The
 * scheduling feature; a closed survey is no longer shown and refuses answers.
 */
import { useState } from 'react';
import {
	Card,
	CardBody,
	CardHeader,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { useFeature } from '../../../../shared/gating';
import type { SurveyClose } from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import { ScheduleFieldset } from '../publish/ScheduleFieldset';
import {
	EMPTY_SCHEDULE,
	fieldsToLocal,
	localToDate,
	localToFields,
	utcToLocal,
	type ScheduleFields,
} from '../publish/schedule';
import { GatePrompt } from './GatePrompt';

import './close-card.scss';

/** The largest quota the server takes (SurveySettingsSchema::QUOTA_MAX). */
export const QUOTA_MAX = 1000000;

/** What "Close after a number of responses" starts with. */
export const QUOTA_DEFAULT = 100;

/**
 * Whether the server takes a quota (a whole number from 1 to QUOTA_MAX).
 *
 * @param count The number.
 */
export function isQuota( count: number ): boolean {
	return Number.isInteger( count ) && count >= 1 && count <= QUOTA_MAX;
}

/**
 * A naive date-time in the site's time zone as end_at is stored: UTC, 'Z', no
 * fraction ('2026-12-01T14:00:00Z').
 *
 * @param local    'YYYY-MM-DDTHH:MM:SS' in the time zone.
 * @param timeZone The site's time zone.
 */
export function localToEndAt( local: string, timeZone: string ): string {
	return localToDate( local, timeZone )
		.toISOString()
		.replace( /\.\d{3}Z$/, 'Z' );
}

/**
 * end_at in the site's time zone, or null when it cannot be read.
 *
 * @param endAt    RFC 3339 moment.
 * @param timeZone The site's time zone.
 */
export function endAtToLocal( endAt: string, timeZone: string ): string | null {
	try {
		return utcToLocal( endAt, timeZone );
	} catch {
		return null;
	}
}

/**
 * @param props          Component props.
 * @param props.close    settings.close. end_at '' while the date fields are incomplete.
 * @param props.errors   Field errors keyed as the settings step keys them ('close.end_at').
 * @param props.onChange Called with the whole new settings.close.
 */
export function CloseCard( {
	close,
	errors,
	onChange,
}: {
	close: SurveyClose;
	errors: Record< string, string >;
	onChange: ( next: SurveyClose ) => void;
} ) {
	const timeZone = useConfig().site.timezone;
	const gate = useFeature( 'scheduling' );
	const [ text, setText ] = useState(
		String( close.after_responses ?? QUOTA_DEFAULT )
	);
	// Fields chosen so far while they do not yet make a date-time ('' in end_at).
	const [ partial, setPartial ] =
		useState< ScheduleFields >( EMPTY_SCHEDULE );

	const byQuota = close.after_responses !== null;
	const byDate = close.end_at !== null;
	const local = close.end_at ? endAtToLocal( close.end_at, timeZone ) : null;
	let fields = EMPTY_SCHEDULE;
	if ( close.end_at === '' ) {
		fields = partial;
	} else if ( local ) {
		fields = localToFields( local );
	}
	const typed = Number( text );
	const quotaInvalid =
		byQuota && ( text.trim() === '' || ! isQuota( typed ) );
	const inPast = !! close.end_at && Date.parse( close.end_at ) <= Date.now();

	// Turning a closing rule on needs the feature (Lite: the upgrade dialog);
	// turning one off is always possible.
	const allowOn = ( on: boolean ) => {
		if ( on && ! gate.allowed ) {
			useUpgradeDialog.getState().open( 'scheduling', 'survey-builder' );
			return false;
		}
		return true;
	};

	const setFields = ( next: ScheduleFields ) => {
		const value = fieldsToLocal( next );
		if ( value === null ) {
			setPartial( next );
		}
		onChange( {
			...close,
			end_at: value === null ? '' : localToEndAt( value, timeZone ),
		} );
	};

	return (
		<Card className="userfeedback-builder-card userfeedback-close">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Close the survey', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<GatePrompt gate={ gate } />
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Close after N responses', 'userfeedback' ) }
					help={ __(
						'Counts completed responses; responses you move to the trash do not count.',
						'userfeedback'
					) }
					checked={ byQuota }
					onChange={ ( on ) => {
						if ( ! allowOn( on ) ) {
							return;
						}
						if ( ! on ) {
							onChange( { ...close, after_responses: null } );
							return;
						}
						const next = isQuota( typed ) ? typed : QUOTA_DEFAULT;
						setText( String( next ) );
						onChange( { ...close, after_responses: next } );
					} }
				/>
				{ byQuota && (
					<div className="userfeedback-close__quota">
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							type="number"
							min={ 1 }
							max={ QUOTA_MAX }
							label={ __( 'Responses', 'userfeedback' ) }
							disabled={ ! gate.allowed }
							value={ text }
							onChange={ ( value ) => {
								setText( value );
								const next = Number( value );
								if ( value.trim() !== '' && isQuota( next ) ) {
									onChange( {
										...close,
										after_responses: next,
									} );
								}
							} }
							aria-invalid={ quotaInvalid || undefined }
						/>
						{ ( quotaInvalid ||
							errors[ 'close.after_responses' ] ) && (
							<p
								className="userfeedback-field-error"
								role="alert"
							>
								{ quotaInvalid
									? sprintf(
											/* translators: %s: the largest number of responses. */
											__(
												'Enter a whole number of responses from 1 to %s.',
												'userfeedback'
											),
											QUOTA_MAX.toLocaleString()
										)
									: errors[ 'close.after_responses' ] }
							</p>
						) }
					</div>
				) }
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Close on a date', 'userfeedback' ) }
					help={ __(
						'Stop showing the survey and taking answers at this date and time.',
						'userfeedback'
					) }
					checked={ byDate }
					onChange={ ( on ) => {
						if ( ! allowOn( on ) ) {
							return;
						}
						if ( on ) {
							setPartial( EMPTY_SCHEDULE );
						}
						onChange( { ...close, end_at: on ? '' : null } );
					} }
				/>
				{ byDate && (
					<ScheduleFieldset
						legend={ __( 'Close on', 'userfeedback' ) }
						fields={ fields }
						timeZone={ timeZone }
						disabled={ ! gate.allowed }
						onChange={ setFields }
					/>
				) }
				{ byDate && errors[ 'close.end_at' ] && (
					<p className="userfeedback-field-error" role="alert">
						{ errors[ 'close.end_at' ] }
					</p>
				) }
				{ inPast && (
					<p className="userfeedback-schedule__past">
						{ __(
							'This time has passed: the survey is closed.',
							'userfeedback'
						) }
					</p>
				) }
				<p className="components-base-control__help">
					{ __(
						'A closed survey is no longer shown to visitors and takes no more answers; the surveys list shows it as Closed. The yearly stop date under Behavior still applies.',
						'userfeedback'
					) }
				</p>
			</CardBody>
		</Card>
	);
}
