/**
 * The words for the settings' values, shared by the settings step and the publish
 * step's summary.
 */
import { __ } from '@wordpress/i18n';

import type { Device, SurveySettings } from '../../../../shared/types';

type Behavior = SurveySettings[ 'behavior' ];

export const DEVICES: Device[] = [ 'desktop', 'tablet', 'mobile' ];

export function deviceLabel( device: Device ): string {
	switch ( device ) {
		case 'desktop':
			return __( 'Desktop', 'userfeedback' );
		case 'tablet':
			return __( 'Tablet', 'userfeedback' );
		case 'mobile':
			return __( 'Mobile', 'userfeedback' );
	}
}

export function timingLabel( timing: Behavior[ 'timing' ] ): string {
	switch ( timing ) {
		case 'immediate':
			return __( 'Immediately', 'userfeedback' );
		case 'delay':
			return __( 'After a delay', 'userfeedback' );
		case 'before_abandon':
			return __( 'When the visitor is about to leave', 'userfeedback' );
		case 'half_page':
			return __( 'After scrolling half the page', 'userfeedback' );
		case 'event':
			return __( 'When a custom event fires', 'userfeedback' );
		case 'click':
			return __( 'When a visitor clicks an element', 'userfeedback' );
	}
}

export function displayLengthLabel(
	length: Behavior[ 'display_length' ]
): string {
	switch ( length ) {
		case 'until_response':
			return __( 'Until the visitor responds', 'userfeedback' );
		case 'once':
			return __( 'Only once', 'userfeedback' );
		case 'repeatedly':
			return __( 'Repeatedly', 'userfeedback' );
	}
}

/** Month names, January first; index + 1 is the month number stored in expire_at. */
export function monthNames(): string[] {
	return [
		__( 'January', 'userfeedback' ),
		__( 'February', 'userfeedback' ),
		__( 'March', 'userfeedback' ),
		__( 'April', 'userfeedback' ),
		__( 'May', 'userfeedback' ),
		__( 'June', 'userfeedback' ),
		__( 'July', 'userfeedback' ),
		__( 'August', 'userfeedback' ),
		__( 'September', 'userfeedback' ),
		__( 'October', 'userfeedback' ),
		__( 'November', 'userfeedback' ),
		__( 'December', 'userfeedback' ),
	];
}

/** Days in each month; February counts 29 because the expiry date has no year. */
export const DAYS_IN_MONTH = [ 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 ];
