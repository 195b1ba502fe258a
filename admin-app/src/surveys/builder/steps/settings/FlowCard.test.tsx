/**
 * The settings step's "Survey flow" card (settings.flow: progress bar and Back button, free
 * on every tier) and the live preview, which shows both as they are set.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ConfigProvider } from '../../../../shared/context';
import { defaultSettings } from '../../../../shared/surveyDefaults';
import {
	question,
	survey,
	tierConfig as surveyTier,
} from '../../../../shared/test/surveyFixtures';
import type { SurveySettings } from '../../../../shared/types';
import { LivePreview } from '../../preview/LivePreview';
import { SettingsStep } from './SettingsStep';
import { renderControlled, tierConfig } from './testing';

function renderStep( settings: SurveySettings = defaultSettings() ) {
	return renderControlled< SurveySettings >(
		settings,
		( value, onChange ) => (
			<SettingsStep
				settings={ value }
				onChange={ onChange }
				questions={ [] }
			/>
		),
		// Free: the lowest tier has it.
		tierConfig( 'lite' )
	);
}

const toggle = ( name: string ) => screen.getByRole( 'checkbox', { name } );

describe( 'Survey flow card', () => {
	it( 'is off by default and switches each aid on and off on Lite', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep();
		expect(
			screen.getByRole( 'heading', { name: 'Survey flow' } )
		).toBeInTheDocument();
		expect( toggle( 'Progress bar' ) ).not.toBeChecked();
		expect( toggle( 'Back button' ) ).not.toBeChecked();
		expect( toggle( 'Progress bar' ) ).toHaveAccessibleDescription(
			/Question 2 of 5/
		);
		expect( toggle( 'Back button' ) ).toHaveAccessibleDescription(
			/other answers are kept/
		);

		await user.click( toggle( 'Progress bar' ) );
		expect( latest().flow ).toEqual( {
			progress_bar: true,
			back_button: false,
		} );
		await user.click( toggle( 'Back button' ) );
		expect( latest().flow ).toEqual( {
			progress_bar: true,
			back_button: true,
		} );
		await user.click( toggle( 'Progress bar' ) );
		expect( latest().flow ).toEqual( {
			progress_bar: false,
			back_button: true,
		} );
		// Nothing else changed, and no upgrade prompt came up.
		expect( { ...latest(), flow: undefined } ).toEqual( {
			...defaultSettings(),
			flow: undefined,
		} );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'reads a survey saved before it existed as both off', () => {
		const { flow, ...older } = defaultSettings();
		expect( flow ).toBeDefined();
		renderStep( older as SurveySettings );
		expect( toggle( 'Progress bar' ) ).not.toBeChecked();
		expect( toggle( 'Back button' ) ).not.toBeChecked();
	} );
} );

describe( 'live preview', () => {
	it( 'shows the progress bar and Back as the draft sets them', async () => {
		const user = userEvent.setup();
		const draft = survey( {
			questions: [ question( 1 ), question( 2, 'text' ) ],
		} );
		const view = render(
			<ConfigProvider config={ surveyTier( 'lite' ) }>
				<LivePreview survey={ draft } />
			</ConfigProvider>
		);
		expect( await screen.findByText( 'Question 1' ) ).toBeInTheDocument();
		expect( screen.queryByRole( 'progressbar' ) ).not.toBeInTheDocument();

		draft.settings = {
			...draft.settings,
			flow: { progress_bar: true, back_button: true },
		};
		view.rerender(
			<ConfigProvider config={ surveyTier( 'lite' ) }>
				<LivePreview survey={ { ...draft } } />
			</ConfigProvider>
		);
		expect( await screen.findByRole( 'progressbar' ) ).toHaveAccessibleName(
			'Question 1 of 2'
		);
		await user.click( screen.getByRole( 'button', { name: 'Yes' } ) );
		expect( screen.getByRole( 'progressbar' ) ).toHaveAccessibleName(
			'Question 2 of 2'
		);
		await user.click( screen.getByRole( 'button', { name: 'Back' } ) );
		expect( screen.getByRole( 'button', { name: 'Yes' } ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
	} );
} );
