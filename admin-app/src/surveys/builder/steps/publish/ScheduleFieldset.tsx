/**
 * The date, hour, minutes and AM/PM of a schedule, in the site's time zone.
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { Period, ScheduleFields } from './schedule';

const HOURS = Array.from( { length: 12 }, ( _v, i ) => String( i + 1 ) );
const MINUTES = Array.from( { length: 60 }, ( _v, i ) =>
	String( i ).padStart( 2, '0' )
);

export function ScheduleFieldset( {
	legend,
	fields,
	timeZone,
	disabled,
	onChange,
}: {
	/** What the moment is for (read by screen readers); 'Publish on' by default. */
	legend?: string;
	fields: ScheduleFields;
	timeZone: string;
	disabled: boolean;
	onChange: ( next: ScheduleFields ) => void;
} ) {
	const [ hour = '', minute = '' ] = fields.time.split( ':' );
	const setTime = ( nextHour: string, nextMinute: string ) =>
		onChange( {
			...fields,
			time: nextHour || nextMinute ? `${ nextHour }:${ nextMinute }` : '',
		} );

	return (
		<fieldset className="userfeedback-schedule">
			<legend className="screen-reader-text">
				{ legend ?? __( 'Publish on', 'userfeedback' ) }
			</legend>
			<div className="userfeedback-schedule__fields">
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Date', 'userfeedback' ) }
					type="date"
					disabled={ disabled }
					value={ fields.date }
					onChange={ ( date ) => onChange( { ...fields, date } ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Hour', 'userfeedback' ) }
					disabled={ disabled }
					value={ hour }
					options={ [
						{ value: '', label: '--', disabled: true },
						...HOURS.map( ( h ) => ( { value: h, label: h } ) ),
					] }
					onChange={ ( next ) => setTime( next, minute ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Minutes', 'userfeedback' ) }
					disabled={ disabled }
					value={ minute }
					options={ [
						{ value: '', label: '--', disabled: true },
						...MINUTES.map( ( m ) => ( { value: m, label: m } ) ),
					] }
					onChange={ ( next ) => setTime( hour, next ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'AM/PM', 'userfeedback' ) }
					disabled={ disabled }
					value={ fields.period }
					options={ [
						{ value: '', label: '--', disabled: true },
						{ value: 'am', label: __( 'AM', 'userfeedback' ) },
						{ value: 'pm', label: __( 'PM', 'userfeedback' ) },
					] }
					onChange={ ( period ) =>
						onChange( { ...fields, period: period as Period } )
					}
				/>
			</div>
			<p className="userfeedback-schedule__zone">
				{ sprintf(
					/* translators: %s: time zone name, e.g. America/New_York. */
					__(
						'Times are in the site’s time zone (%s).',
						'userfeedback'
					),
					timeZone
				) }
			</p>
		</fieldset>
	);
}
