/**
 * Issue 17 item 8: the sentences of a refused save by field, shown next to the field;
 * one notice per event; no raw HTML entities in a notice or a message.
 */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { AjaxError, ApiError } from './api';
import { FieldError } from './components/FieldError';
import { Notices } from './components/Notices';
import {
	dotPath,
	fieldErrorAt,
	fieldErrors,
	fieldErrorsUnder,
} from './fieldErrors';
import { notify, useNotices } from './notices';
import { plainText } from './plainText';

const refused = ( data: Record< string, unknown > ) =>
	new ApiError( {
		code: 'userfeedback_invalid_params',
		message: 'Delay must be between 0 and 60 seconds.',
		data: { status: 400, ...data },
	} );

describe( 'fieldErrors', () => {
	it( 'reads data.fields of a 400 by dot path', () => {
		const errors = fieldErrors(
			refused( {
				fields: {
					'settings.behavior.timing_delay':
						'Delay must be between 0 and 60 seconds.',
				},
				params: {
					settings: 'Delay must be between 0 and 60 seconds.',
				},
			} )
		);
		expect( errors ).toEqual( {
			'settings.behavior.timing_delay':
				'Delay must be between 0 and 60 seconds.',
		} );
		expect( fieldErrorsUnder( errors, 'settings' ) ).toEqual( {
			'behavior.timing_delay': 'Delay must be between 0 and 60 seconds.',
		} );
	} );

	it( 'falls back to data.params, bracket keys made dot paths', () => {
		expect(
			fieldErrors(
				refused( { params: { 'answers[2]': 'Pick an option.' } } )
			)
		).toEqual( { 'answers.2': 'Pick an option.' } );
		expect( dotPath( 'questions[1][logic][conditions][0]' ) ).toBe(
			'questions.1.logic.conditions.0'
		);
	} );

	it( 'is empty for anything but a refused save', () => {
		expect( fieldErrors( new Error( 'network' ) ) ).toEqual( {} );
		expect(
			fieldErrors(
				new ApiError( {
					code: 'rest_forbidden',
					message: 'No.',
					data: { status: 403, fields: { a: 'b' } },
				} )
			)
		).toEqual( {} );
		expect( fieldErrors( null ) ).toEqual( {} );
	} );

	it( 'joins a field\u2019s sentence with those of its items', () => {
		const errors = {
			'targeting.devices.1': 'Devices must be one of: desktop, mobile.',
			'targeting.devices_extra': 'Not this one.',
		};
		expect( fieldErrorAt( errors, 'targeting.devices' ) ).toBe(
			'Devices must be one of: desktop, mobile.'
		);
		expect( fieldErrorAt( errors, 'targeting.pages' ) ).toBeUndefined();
	} );
} );

describe( 'FieldError', () => {
	it( 'shows the sentence of its field and nothing otherwise', () => {
		const { rerender } = render(
			<FieldError
				path="ai_base_url"
				id="base-error"
				errors={ {
					ai_base_url: 'Base URL must be an http or https URL.',
				} }
			/>
		);
		expect(
			screen.getByText( 'Base URL must be an http or https URL.' )
		).toHaveAttribute( 'id', 'base-error' );
		rerender(
			<FieldError path="ai_model" errors={ { ai_base_url: 'x' } } />
		);
		expect( screen.queryByText( 'x' ) ).not.toBeInTheDocument();
	} );
} );

describe( 'text without raw entities', () => {
	beforeEach( () => useNotices.getState().clear() );

	it( 'decodes entities and drops tags', () => {
		expect(
			plainText( 'The key doesn&#8217;t match &amp; <b>stops</b>' )
		).toBe( 'The key doesn\u2019t match & stops' );
		expect( plainText( 'Plain text' ) ).toBe( 'Plain text' );
	} );

	it( 'in REST and ajax errors', () => {
		expect(
			new ApiError( { code: 'x', message: 'It&#039;s gone.' } ).message
		).toBe( "It's gone." );
		expect(
			new AjaxError( {
				success: false,
				data: { error: 'Your license key doesn&#8217;t match.' },
			} ).message
		).toBe( 'Your license key doesn\u2019t match.' );
	} );

	it( 'in notices', () => {
		render( <Notices /> );
		act( () => {
			notify.error( 'Could not reach the store&#8230;' );
		} );
		expect(
			screen.getAllByText( 'Could not reach the store\u2026' ).length
		).toBeGreaterThan( 0 );
		expect( screen.queryByText( /&#8230;/ ) ).not.toBeInTheDocument();
	} );
} );

describe( 'one notice per event', () => {
	beforeEach( () => useNotices.getState().clear() );

	it( 'the same words again replace the notice that says them', () => {
		notify.error( 'The license key is invalid.' );
		notify.error( 'The license key is invalid.' );
		expect( useNotices.getState().notices ).toHaveLength( 1 );
		// Other words, or another status, are another notice.
		notify.success( 'The license key is invalid.' );
		notify.error( 'Something else.' );
		expect( useNotices.getState().notices ).toHaveLength( 3 );
	} );
} );
