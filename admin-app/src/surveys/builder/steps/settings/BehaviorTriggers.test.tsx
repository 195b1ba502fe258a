/**
 * The behaviour card's issue 18 choices: "When a custom event fires" (event name),
 * "When a visitor clicks an element" (CSS selector, checked with document.querySelector),
 * "Show to N% of matching visitors" (sampling) and "Show even during the site-wide
 * cooldown". Event, click and sampling are the behavior feature; the opt-out is free.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import type { SurveySettings } from '../../../../shared/types';
import { SettingsStep } from './SettingsStep';
import { renderControlled, tierConfig, type Tier } from './testing';
import { sampleError, selectorError, settingsErrors } from './validation';

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

function withBehavior( behavior: Partial< SurveySettings[ 'behavior' ] > ) {
	const settings = defaultSettings();
	return { ...settings, behavior: { ...settings.behavior, ...behavior } };
}

describe( 'event and click timings', () => {
	it( 'a custom event: choose it, then name the event', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( defaultSettings(), 'elite' );
		await user.click(
			screen.getByRole( 'radio', { name: /When a custom event fires/ } )
		);
		expect( latest().behavior.timing ).toBe( 'event' );
		// Required: the field says so before anything is typed.
		expect(
			screen.getByText(
				'Enter the name of the event that starts the survey.'
			)
		).toBeInTheDocument();
		await user.type(
			screen.getByRole( 'textbox', { name: 'Event name' } ),
			'cart:added'
		);
		expect( latest().behavior.event_name ).toBe( 'cart:added' );
		expect(
			screen.queryByText(
				'Enter the name of the event that starts the survey.'
			)
		).not.toBeInTheDocument();
	} );

	it( 'a click: an invalid selector gets its error next to the field', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep(
			withBehavior( { timing: 'click' } ),
			'elite'
		);
		const field = screen.getByRole( 'textbox', { name: 'CSS selector' } );
		await user.click( field );
		await user.paste( '#' );
		expect( latest().behavior.click_selector ).toBe( '#' );
		const error = screen.getByText( 'This is not a valid CSS selector.' );
		expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
		// Next to the field: in the same wrapper.
		expect(
			field.closest( '.userfeedback-click-selector' )
		).toContainElement( error );
		await user.paste( 'plans' );
		expect(
			screen.queryByText( 'This is not a valid CSS selector.' )
		).not.toBeInTheDocument();
		expect( field ).not.toHaveAttribute( 'aria-invalid' );
	} );

	it( 'event and click are locked without the behavior feature', () => {
		renderStep( defaultSettings(), 'lite' );
		expect(
			screen.getByRole( 'radio', { name: /When a custom event fires/ } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'radio', {
				name: /When a visitor clicks an element/,
			} )
		).toBeDisabled();
	} );
} );

describe( 'sampling', () => {
	const field = () =>
		screen.getByRole( 'spinbutton', {
			name: 'Show to this % of matching visitors',
		} );

	it( 'is 100 by default and takes 1 to 100', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( defaultSettings(), 'elite' );
		expect( field() ).toHaveValue( 100 );
		await user.clear( field() );
		await user.type( field(), '25' );
		expect( latest().behavior.sample_percent ).toBe( 25 );
		await user.clear( field() );
		await user.type( field(), '0' );
		expect(
			screen.getByText(
				'Share of matching visitors must be between 1 and 100 percent.'
			)
		).toBeInTheDocument();
		expect( settingsErrors( latest() )[ 'behavior.sample_percent' ] ).toBe(
			sampleError( 0 )
		);
	} );

	it( 'is locked at 100 without the behavior feature', () => {
		renderStep( defaultSettings(), 'lite' );
		expect( field() ).toBeDisabled();
	} );
} );

describe( 'Show even during the site-wide cooldown', () => {
	const toggle = () =>
		screen.getByRole( 'checkbox', {
			name: 'Show even during the site-wide cooldown',
		} );

	it( 'is off by default and free on every tier', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( defaultSettings(), 'lite' );
		expect( toggle() ).not.toBeChecked();
		expect( toggle() ).toBeEnabled();
		await user.click( toggle() );
		expect( latest().behavior.ignore_cooldown ).toBe( true );
	} );
} );

describe( 'validation', () => {
	it( 'checks a selector with document.querySelector and never throws', () => {
		for ( const bad of [ 'a[', '>>', '#', 'div:nope(' ] ) {
			expect( selectorError( bad ) ).toBe(
				'This is not a valid CSS selector.'
			);
		}
		expect( selectorError( '' ) ).toMatch( /Enter the CSS selector/ );
		expect( selectorError( 'a'.repeat( 301 ) ) ).toMatch( /at most 300/ );
		expect( selectorError( 'a.pricing, #plans > button' ) ).toBeNull();
	} );

	it( 'asks for the event name or selector only with that timing', () => {
		expect(
			settingsErrors( withBehavior( { timing: 'event' } ) )
		).toHaveProperty( [ 'behavior.event_name' ] );
		expect(
			settingsErrors(
				withBehavior( { timing: 'delay', click_selector: 'a[' } )
			)
		).not.toHaveProperty( [ 'behavior.click_selector' ] );
	} );
} );
