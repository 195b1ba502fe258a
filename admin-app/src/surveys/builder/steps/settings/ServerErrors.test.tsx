/**
 * Issue 17 item 8: a save the server refused shows its sentence next to the field
 * in the settings step (data.fields of the 400, keyed settings.behavior.timing_delay).
 */
import { useEffect } from 'react';
import { screen } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../../shared/api';
import { queryKeys } from '../../../../shared/query';
import { defaultSettings } from '../../../../shared/surveyDefaults';
import { SettingsStep } from './SettingsStep';
import { renderControlled } from './testing';

const SENTENCE = 'Delay must be between 0 and 60 seconds.';

/** Stands in for the builder's save: one call, refused as the server refuses it. */
function RefusedSave( { fields }: { fields: Record< string, string > } ) {
	const save = useMutation( {
		mutationKey: queryKeys.mutations.saveSurvey,
		mutationFn: () =>
			Promise.reject(
				new ApiError( {
					code: 'userfeedback_invalid_params',
					message: Object.values( fields ).join( ' ' ),
					data: { status: 400, fields },
				} )
			),
	} );
	const { mutate } = save;
	useEffect( () => mutate(), [ mutate ] );
	return null;
}

describe( 'Settings step and a refused save', () => {
	it( 'shows the server\u2019s sentence under the delay field', async () => {
		const settings = defaultSettings();
		settings.behavior = { ...settings.behavior, timing: 'delay' };
		renderControlled( settings, ( value, onChange ) => (
			<>
				<RefusedSave
					fields={ { 'settings.behavior.timing_delay': SENTENCE } }
				/>
				<SettingsStep
					settings={ value }
					onChange={ onChange }
					questions={ [] }
				/>
			</>
		) );
		const delay = await screen.findByRole( 'spinbutton', {
			name: 'Delay in seconds',
		} );
		expect( await screen.findByText( SENTENCE, {} ) ).toBeInTheDocument();
		expect( delay ).toHaveAccessibleDescription( SENTENCE );
	} );

	it( 'says nothing about fields the refusal does not name', async () => {
		const settings = defaultSettings();
		settings.behavior = { ...settings.behavior, timing: 'delay' };
		renderControlled( settings, ( value, onChange ) => (
			<>
				<RefusedSave
					fields={ { title: 'Survey title is required.' } }
				/>
				<SettingsStep
					settings={ value }
					onChange={ onChange }
					questions={ [] }
				/>
			</>
		) );
		const delay = await screen.findByRole( 'spinbutton', {
			name: 'Delay in seconds',
		} );
		expect( delay ).toBeValid();
		expect(
			screen.queryByText( 'Survey title is required.' )
		).not.toBeInTheDocument();
	} );
} );
