/**
 * The settings step's "Close the survey" card (settings.close: a quota, a date in the
 * site's time zone sent in UTC) and "Priority" card (settings.priority, 0 to 100).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import type { SurveyClose, SurveySettings } from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import { endAtToLocal, localToEndAt } from './CloseCard';
import { SettingsStep } from './SettingsStep';
import { canContinueSettings } from './validation';
import { renderControlled, tierConfig, type Tier } from './testing';

function renderStep(
	over: Partial< SurveySettings > = {},
	{
		tier = 'plus',
		timeZone = 'America/New_York',
	}: { tier?: Tier; timeZone?: string } = {}
) {
	const base = tierConfig( tier );
	const config = { ...base, site: { ...base.site, timezone: timeZone } };
	return renderControlled< SurveySettings >(
		{ ...defaultSettings(), ...over },
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

const close = ( over: Partial< SurveyClose > ): SurveyClose => ( {
	after_responses: null,
	end_at: null,
	...over,
} );

const closeOn = () => screen.getByRole( 'group', { name: 'Close on' } );

beforeEach( () => {
	useUpgradeDialog.getState().close();
} );

describe( 'end_at in the site’s time zone', () => {
	it.each( [
		[ 'America/New_York', '2030-07-01T09:15:00', '2030-07-01T13:15:00Z' ],
		[ 'America/New_York', '2030-01-15T09:15:00', '2030-01-15T14:15:00Z' ],
		[ 'Asia/Kolkata', '2030-07-01T00:30:00', '2030-06-30T19:00:00Z' ],
		[ 'UTC', '2030-12-31T23:59:00', '2030-12-31T23:59:00Z' ],
	] )( '%s: %s is %s and back', ( zone, local, utc ) => {
		expect( localToEndAt( local, zone ) ).toBe( utc );
		expect( endAtToLocal( utc, zone ) ).toBe( local );
	} );

	it( 'reads nothing from a value it cannot parse', () => {
		expect( endAtToLocal( 'soon', 'UTC' ) ).toBeNull();
	} );
} );

describe( 'Close the survey', () => {
	it( 'shows a stored end date in the site’s time zone and sends a change in UTC', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( {
			close: close( { end_at: '2030-07-01T13:15:00Z' } ),
		} );
		expect(
			screen.getByRole( 'checkbox', { name: 'Close on a date' } )
		).toBeChecked();
		const group = within( closeOn() );
		expect( group.getByLabelText( 'Date' ) ).toHaveValue( '2030-07-01' );
		expect( group.getByRole( 'combobox', { name: 'Hour' } ) ).toHaveValue(
			'9'
		);
		expect(
			group.getByRole( 'combobox', { name: 'Minutes' } )
		).toHaveValue( '15' );
		expect( group.getByRole( 'combobox', { name: 'AM/PM' } ) ).toHaveValue(
			'am'
		);
		expect(
			screen.getByText(
				'Times are in the site’s time zone (America/New_York).'
			)
		).toBeInTheDocument();

		await user.selectOptions(
			group.getByRole( 'combobox', { name: 'AM/PM' } ),
			'pm'
		);
		expect( latest().close.end_at ).toBe( '2030-07-02T01:15:00Z' );
		// The rest of the settings is left as it was.
		expect( latest().close.after_responses ).toBeNull();
		expect( latest().behavior ).toEqual( defaultSettings().behavior );
	} );

	it( 'turns a date on, blocks the step until it is complete, then turns it off', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep( {}, { timeZone: 'Asia/Kolkata' } );
		const toggle = screen.getByRole( 'checkbox', {
			name: 'Close on a date',
		} );
		expect( toggle ).not.toBeChecked();
		await user.click( toggle );
		expect( latest().close.end_at ).toBe( '' );
		expect( canContinueSettings( latest() ) ).toBe( false );
		expect(
			screen.getByText(
				'Choose a date, hour, minutes and AM or PM to close the survey.'
			)
		).toBeInTheDocument();

		const group = within( closeOn() );
		fireEvent.change( group.getByLabelText( 'Date' ), {
			target: { value: '2031-03-10' },
		} );
		await user.selectOptions(
			group.getByRole( 'combobox', { name: 'Hour' } ),
			'12'
		);
		await user.selectOptions(
			group.getByRole( 'combobox', { name: 'Minutes' } ),
			'30'
		);
		expect( latest().close.end_at ).toBe( '' );
		await user.selectOptions(
			group.getByRole( 'combobox', { name: 'AM/PM' } ),
			'am'
		);
		// 00:30 in India (UTC+5:30) is 19:00 UTC the day before.
		expect( latest().close.end_at ).toBe( '2031-03-09T19:00:00Z' );
		expect( canContinueSettings( latest() ) ).toBe( true );

		await user.click( toggle );
		expect( latest().close.end_at ).toBeNull();
	} );

	it( 'says when the end date has passed', () => {
		renderStep( { close: close( { end_at: '2020-01-01T00:00:00Z' } ) } );
		expect(
			screen.getByText( 'This time has passed: the survey is closed.' )
		).toBeInTheDocument();
	} );

	it( 'sets a quota of completed responses and refuses one out of range', async () => {
		const user = userEvent.setup();
		const { latest, changes } = renderStep();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Close after N responses' } )
		);
		expect( latest().close.after_responses ).toBe( 100 );
		const count = screen.getByRole( 'spinbutton', { name: 'Responses' } );
		fireEvent.change( count, { target: { value: '2' } } );
		expect( latest().close.after_responses ).toBe( 2 );

		const before = changes.length;
		for ( const typed of [ '0', '1000001', '1.5', '' ] ) {
			fireEvent.change( count, { target: { value: typed } } );
			expect(
				screen.getByText(
					'Enter a whole number of responses from 1 to 1,000,000.'
				)
			).toBeInTheDocument();
		}
		expect( changes.length ).toBe( before );
		expect( latest().close.after_responses ).toBe( 2 );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Close after N responses' } )
		);
		expect( latest().close.after_responses ).toBeNull();
	} );

	it( 'on Lite, turning a rule on opens the upgrade dialog and changes nothing', async () => {
		const user = userEvent.setup();
		const { changes } = renderStep( {}, { tier: 'lite' } );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Close after N responses' } )
		);
		expect( useUpgradeDialog.getState().feature ).toBe( 'scheduling' );
		act( () => useUpgradeDialog.getState().close() );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Close on a date' } )
		);
		expect( useUpgradeDialog.getState().feature ).toBe( 'scheduling' );
		expect( changes ).toHaveLength( 0 );
	} );

	it( 'on Lite, a rule kept from a lapsed plan can still be turned off', async () => {
		const user = userEvent.setup();
		const { latest } = renderStep(
			{ close: close( { after_responses: 50 } ) },
			{ tier: 'lite' }
		);
		expect(
			screen.getByRole( 'spinbutton', { name: 'Responses' } )
		).toBeDisabled();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Close after N responses' } )
		);
		expect( latest().close.after_responses ).toBeNull();
	} );
} );

describe( 'Priority', () => {
	it( 'states the tie-break and keeps a valid number only', () => {
		const { latest, changes } = renderStep();
		const field = screen.getByRole( 'spinbutton', { name: 'Priority' } );
		expect( field ).toHaveValue( 0 );
		expect(
			screen.getByText(
				/With equal priority, the older survey \(the one created first\) is shown\./
			)
		).toBeInTheDocument();

		fireEvent.change( field, { target: { value: '20' } } );
		expect( latest().priority ).toBe( 20 );
		const before = changes.length;
		for ( const typed of [ '101', '-1', '2.5', '' ] ) {
			fireEvent.change( field, { target: { value: typed } } );
			expect(
				screen.getByText( 'Enter a whole number from 0 to 100.' )
			).toBeInTheDocument();
		}
		expect( changes.length ).toBe( before );
		expect( latest().priority ).toBe( 20 );
		fireEvent.change( field, { target: { value: '100' } } );
		expect( latest().priority ).toBe( 100 );
	} );

	it( 'is free on Lite', () => {
		const { latest } = renderStep( {}, { tier: 'lite' } );
		fireEvent.change(
			screen.getByRole( 'spinbutton', { name: 'Priority' } ),
			{ target: { value: '5' } }
		);
		expect( latest().priority ).toBe( 5 );
		expect( useUpgradeDialog.getState().feature ).toBeNull();
	} );
} );
