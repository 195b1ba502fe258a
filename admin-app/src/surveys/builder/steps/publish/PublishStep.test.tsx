import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Survey } from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import { newQuestion, newSurvey } from '../../../../shared/surveyDefaults';
import { renderControlled, tierConfig, type Tier } from '../settings/testing';
import { PublishStep, type PublishPatch } from './PublishStep';
import { scheduleComplete } from './schedule';

function survey( patch: Partial< Survey > = {} ): Survey {
	const base = newSurvey( { site: tierConfig( 'pro' ).site } );
	return {
		...base,
		id: 12,
		title: 'Checkout feedback',
		questions: [
			newQuestion( 1, 'text', 'What stopped you?' ),
			newQuestion( 2, 'nps', 'How likely…?' ),
		],
		...patch,
	};
}

function renderStep( initial: Survey = survey(), tier: Tier = 'pro' ) {
	const patches: PublishPatch[] = [];
	const view = renderControlled(
		initial,
		( value, set ) => (
			<PublishStep
				survey={ value }
				onChange={ ( patch ) => {
					patches.push( patch );
					set( { ...value, ...patch } );
				} }
			/>
		),
		tierConfig( tier )
	);
	return { ...view, patches };
}

const toggle = () => screen.getByRole( 'checkbox', { name: 'Schedule' } );
// A date input has no ARIA role: find it by its label.
const field = ( name: string ) =>
	name === 'Date'
		? screen.getByLabelText( name )
		: screen.getByRole( 'combobox', { name } );
const INCOMPLETE =
	'Choose a date, hour, minutes and AM or PM to schedule the survey.';

beforeEach( () => {
	act( () => useUpgradeDialog.getState().close() );
} );

describe( 'Publish step', () => {
	it( 'summarises the title, questions, targeting and behavior', () => {
		const settings = survey().settings;
		renderStep(
			survey( {
				settings: {
					...settings,
					targeting: {
						devices: [ 'desktop', 'mobile' ],
						pages: 'select',
						page_rules: [
							{
								logic: 'cookie_exist',
								operator: '&&',
								data: 'a',
							},
							{
								logic: 'cookie_exist',
								operator: '||',
								data: 'b',
							},
						],
					},
					geo_targeting: {
						target: 'select',
						countries: [ 'DE', 'FR', 'IT', 'ES', 'PT' ],
					},
					behavior: {
						...settings.behavior,
						timing: 'delay',
						timing_delay: 30,
						display_length: 'once',
						run_time: 'expire',
						expire_at: { month: 3, day: 31 },
					},
				},
			} )
		);
		const summary = screen
			.getByRole( 'heading', { name: 'Summary' } )
			.closest( '.components-card' ) as HTMLElement;
		const text = summary.textContent;
		expect( text ).toContain( 'Checkout feedback' );
		expect( text ).toContain( '2 questions' );
		expect( text ).toContain( 'Devices: Desktop, Mobile' );
		expect( text ).toContain( 'Pages: Pages matching 2 rules' );
		expect( text ).toContain(
			'Countries: Germany, France, Italy and 2 more'
		);
		expect( text ).toContain( 'Starts: After 30 seconds' );
		expect( text ).toContain( 'Shown: Only once' );
		expect( text ).toContain( 'Runs: Until March 31' );
	} );

	it( 'shows the status; choosing draft turns scheduling off', async () => {
		const user = userEvent.setup();
		const view = renderStep(
			survey( {
				status: 'publish',
				publish_at: '2026-12-01T19:30:00Z',
				publish_at_local: '2026-12-01T14:30:00',
			} )
		);
		expect(
			screen.getByRole( 'radio', { name: 'Publish' } )
		).toBeChecked();
		expect( toggle() ).toBeChecked();

		await user.click( screen.getByRole( 'radio', { name: 'Draft' } ) );
		expect( view.patches ).toEqual( [
			{ status: 'draft', publish_at: null },
		] );
		expect( toggle() ).not.toBeChecked();
		expect( screen.queryByLabelText( 'Date' ) ).toBeNull();

		await user.click( screen.getByRole( 'radio', { name: 'Publish' } ) );
		expect( view.latest().status ).toBe( 'publish' );
		expect( view.latest().publish_at ).toBeNull();
	} );

	it( 'pre-fills the fields from publish_at_local (site time, 12-hour clock)', () => {
		renderStep(
			survey( {
				status: 'publish',
				publish_at: '2026-12-01T05:05:00Z',
				publish_at_local: '2026-12-01T00:05:00',
			} )
		);
		expect( toggle() ).toBeChecked();
		expect( field( 'Date' ) ).toHaveValue( '2026-12-01' );
		expect( field( 'Hour' ) ).toHaveValue( '12' );
		expect( field( 'Minutes' ) ).toHaveValue( '05' );
		expect( field( 'AM/PM' ) ).toHaveValue( 'am' );
		expect(
			screen.getByText(
				'Times are in the site’s time zone (America/New_York).'
			)
		).toBeVisible();
		expect( screen.queryByText( INCOMPLETE ) ).not.toBeInTheDocument();
	} );

	it( 'converts publish_at to site time when publish_at_local is missing', () => {
		renderStep(
			survey( {
				status: 'publish',
				publish_at: '2027-07-04T16:45:00Z',
				publish_at_local: null,
			} )
		);
		expect( field( 'Date' ) ).toHaveValue( '2027-07-04' );
		expect( field( 'Hour' ) ).toHaveValue( '12' );
		expect( field( 'Minutes' ) ).toHaveValue( '45' );
		expect( field( 'AM/PM' ) ).toHaveValue( 'pm' );
	} );

	it( 'scheduling a draft publishes it, reports incomplete fields, then sends the naive local time', async () => {
		const user = userEvent.setup();
		const view = renderStep( survey( { status: 'draft' } ) );
		expect( toggle() ).not.toBeChecked();

		await user.click( toggle() );
		expect( view.patches ).toEqual( [
			{ status: 'publish', publish_at: '' },
		] );
		expect(
			screen.getByRole( 'radio', { name: 'Publish' } )
		).toBeChecked();
		expect( screen.getByText( INCOMPLETE ) ).toBeVisible();
		expect( scheduleComplete( view.latest().publish_at ) ).toBe( false );

		fireEvent.change( field( 'Date' ), {
			target: { value: '2027-01-15' },
		} );
		await user.selectOptions( field( 'Hour' ), '12' );
		await user.selectOptions( field( 'Minutes' ), '05' );
		expect( view.latest().publish_at ).toBe( '' );
		expect( field( 'Date' ) ).toHaveValue( '2027-01-15' );
		expect( field( 'Hour' ) ).toHaveValue( '12' );
		expect( screen.getByText( INCOMPLETE ) ).toBeVisible();

		await user.selectOptions( field( 'AM/PM' ), 'AM' );
		expect( view.latest().publish_at ).toBe( '2027-01-15T00:05:00' );
		expect( scheduleComplete( view.latest().publish_at ) ).toBe( true );
		expect( screen.queryByText( INCOMPLETE ) ).not.toBeInTheDocument();

		await user.selectOptions( field( 'AM/PM' ), 'PM' );
		expect( view.latest().publish_at ).toBe( '2027-01-15T12:05:00' );
		await user.selectOptions( field( 'Hour' ), '3' );
		expect( view.latest().publish_at ).toBe( '2027-01-15T15:05:00' );

		// Clearing the date makes it incomplete again; the other fields stay.
		fireEvent.change( field( 'Date' ), { target: { value: '' } } );
		expect( view.latest().publish_at ).toBe( '' );
		expect( field( 'Hour' ) ).toHaveValue( '3' );
		expect( field( 'AM/PM' ) ).toHaveValue( 'pm' );

		await user.click( toggle() );
		expect( view.latest().publish_at ).toBeNull();
		expect( view.latest().status ).toBe( 'publish' );
	} );

	it( 'warns when the chosen time has already passed', () => {
		renderStep(
			survey( { status: 'publish', publish_at: '2020-01-01T09:00:00' } )
		);
		expect(
			screen.getByText(
				'This time has passed: the survey will be live as soon as it is saved.'
			)
		).toBeVisible();
	} );
} );

describe( 'Scheduling gate', () => {
	it( 'Lite: the toggle opens the upgrade dialog and schedules nothing', async () => {
		const user = userEvent.setup();
		const view = renderStep( survey(), 'lite' );
		expect( toggle() ).toBeEnabled();
		await user.click( toggle() );
		const upgrade = await screen.findByRole( 'dialog' );
		expect( upgrade ).toHaveAccessibleName( 'Scheduling is a Pro feature' );
		expect( view.patches ).toEqual( [] );
		await user.click(
			within( upgrade ).getByRole( 'button', { name: /Close/ } )
		);
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( toggle() ).not.toBeChecked();
		// The line under the toggle offers the same dialog.
		await user.click(
			screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		const dialog = await screen.findByRole( 'dialog' );
		expect( dialog ).toHaveAccessibleName( 'Scheduling is a Pro feature' );
		expect(
			within( dialog ).getByRole( 'link', { name: 'Upgrade to Pro' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'utm_campaign=scheduling' )
		);
	} );

	it( 'pro without a licence: the toggle asks for the licence, with the licence prompt', async () => {
		const user = userEvent.setup();
		const view = renderStep( survey(), 'pro-unlicensed' );
		await user.click( toggle() );
		expect( await screen.findByRole( 'dialog' ) ).toHaveAccessibleName(
			'Scheduling needs a valid license key'
		);
		expect( view.patches ).toEqual( [] );
		expect(
			screen.getByText(
				'Please enter a valid license key to use Scheduling.'
			)
		).toBeVisible();
	} );

	it.each( [ 'plus', 'pro-no-addons', 'elite' ] as Tier[] )(
		'%s: open (scheduling needs no addon)',
		( tier ) => {
			renderStep( survey(), tier );
			expect( toggle() ).toBeEnabled();
			expect(
				screen.queryByRole( 'button', { name: /Upgrade/ } )
			).toBeNull();
		}
	);
} );
