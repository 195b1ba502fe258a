/**
 * The settings step's "Keep responses" card: the site's setting (with its value),
 * forever, or a number of days, written to settings.retention_days.
 */
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import type { SurveySettings } from '../../../../shared/types';
import { SettingsStep } from './SettingsStep';
import { renderControlled, tierConfig } from './testing';

function renderStep( retention: number | null, siteDays?: number ) {
	const config = { ...tierConfig( 'lite' ), retention_days: siteDays };
	return renderControlled< SurveySettings >(
		{ ...defaultSettings(), retention_days: retention },
		( value, onChange ) => (
			<SettingsStep
				settings={ value }
				onChange={ onChange }
				questions={ [] }
			/>
		),
		config
	);
}

const days = () =>
	screen.queryByRole( 'spinbutton', {
		name: 'Delete responses older than (days)',
	} );

describe( 'Keep responses', () => {
	it( 'follows the site by default and says what the site keeps', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( null, 30 );
		const site = screen.getByRole( 'radio', {
			name: 'Use the site setting (delete after 30 days)',
		} );
		expect( site ).toBeChecked();
		expect( days() ).not.toBeInTheDocument();

		await user.click( screen.getByRole( 'radio', { name: 'Forever' } ) );
		expect( latest().retention_days ).toBe( 0 );

		await user.click(
			screen.getByRole( 'radio', {
				name: 'Delete after a number of days',
			} )
		);
		// Starts from the site's period.
		expect( days() ).toHaveValue( 30 );
		expect( latest().retention_days ).toBe( 30 );
		fireEvent.change( days() as HTMLElement, { target: { value: '7' } } );
		expect( latest().retention_days ).toBe( 7 );

		await user.click( site );
		expect( latest().retention_days ).toBeNull();
		// The rest of the settings is left as it was.
		expect( latest().behavior ).toEqual( defaultSettings().behavior );
	} );

	it( 'says when the site keeps responses forever, and shows a survey’s own period', () => {
		renderStep( 90, 0 );
		expect(
			screen.getByRole( 'radio', {
				name: 'Use the site setting (keep forever)',
			} )
		).not.toBeChecked();
		expect(
			screen.getByRole( 'radio', {
				name: 'Delete after a number of days',
			} )
		).toBeChecked();
		expect( days() ).toHaveValue( 90 );
		expect(
			screen.getByText( /permanently deletes this survey’s responses/ )
		).toBeInTheDocument();
	} );

	it( 'keeps a number out of range out of the survey and says why', () => {
		const { changes } = renderStep( 90 );
		for ( const bad of [ '0', '3651', '', '1.5' ] ) {
			fireEvent.change( days() as HTMLElement, {
				target: { value: bad },
			} );
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				'Enter a whole number of days from 1 to 3,650.'
			);
		}
		expect( changes ).toEqual( [] );
		fireEvent.change( days() as HTMLElement, {
			target: { value: '3650' },
		} );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( changes.map( ( c ) => c.retention_days ) ).toEqual( [ 3650 ] );
	} );
} );
