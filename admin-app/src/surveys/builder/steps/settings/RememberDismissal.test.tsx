/**
 * The behaviour card's "Remember when a visitor closes the survey" (issue 17): on by
 * default (the key missing), written to settings.behavior.remember_dismissal, and kept
 * at its default where behaviour settings are not available.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import type { SurveySettings } from '../../../../shared/types';
import { SettingsStep } from './SettingsStep';
import { renderControlled, tierConfig, type Tier } from './testing';

function renderStep( settings: SurveySettings, tier: Tier ) {
	return renderControlled< SurveySettings >(
		settings,
		( value, onChange ) => (
			<SettingsStep
				settings={ value }
				onChange={ onChange }
				questions={ [] }
			/>
		),
		tierConfig( tier )
	);
}

const toggle = () =>
	screen.getByRole( 'checkbox', {
		name: 'Remember when a visitor closes the survey',
	} );

describe( 'Remember when a visitor closes the survey', () => {
	it( 'is on by default and can be turned off and on again', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( defaultSettings(), 'elite' );
		expect( toggle() ).toBeChecked();
		expect( toggle() ).toBeEnabled();
		await user.click( toggle() );
		expect( latest().behavior.remember_dismissal ).toBe( false );
		expect( toggle() ).not.toBeChecked();
		await user.click( toggle() );
		expect( latest().behavior.remember_dismissal ).toBe( true );
		// The rest of the behaviour is left as it was.
		expect( latest().behavior.timing ).toBe( 'immediate' );
	} );

	it( 'shows a survey’s stored choice', () => {
		const settings = defaultSettings();
		renderStep(
			{
				...settings,
				behavior: { ...settings.behavior, remember_dismissal: false },
			},
			'elite'
		);
		expect( toggle() ).not.toBeChecked();
	} );

	it( 'stays at its default without the behaviour addon', () => {
		renderStep( defaultSettings(), 'lite' );
		expect( toggle() ).toBeChecked();
		expect( toggle() ).toBeDisabled();
	} );
} );
