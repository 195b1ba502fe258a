import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Question, SurveyNotifications } from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import { newQuestion } from '../../../../shared/surveyDefaults';
import { renderControlled, tierConfig, type Tier } from '../settings/testing';
import { NotificationsStep } from './NotificationsStep';

const NO_SUBJECTS =
	'Add at least one Radio, Checkbox, NPS, or Star Rating question to use conditional logic.';

function notifications(
	patch: Partial< SurveyNotifications[ 'email' ] > = {}
): SurveyNotifications {
	return {
		email: {
			active: true,
			addresses: 'admin@site.test',
			logic: { enable: false, action: 'send', conditions: [] },
			...patch,
		},
	};
}

const QUESTIONS: Question[] = [
	newQuestion( 1, 'text', 'Anything else?' ),
	{
		...newQuestion( 4, 'radio-button', 'Did you find it?' ),
		config: { options: [ 'Yes', 'No' ] },
	},
	newQuestion( 7, 'nps', 'How likely are you to recommend us?' ),
];

function renderStep(
	value: SurveyNotifications = notifications(),
	questions: Question[] = QUESTIONS,
	tier: Tier = 'elite'
) {
	return renderControlled(
		value,
		( current, onChange ) => (
			<NotificationsStep
				notifications={ current }
				onChange={ onChange }
				questions={ questions }
			/>
		),
		tierConfig( tier )
	);
}

const logicToggle = () =>
	screen.getByRole( 'checkbox', { name: 'Conditional logic' } );

beforeEach( () => {
	act( () => useUpgradeDialog.getState().close() );
} );

describe( 'Workflow step', () => {
	it( 'is titled Workflow, with a Send Email card and two locked integrations', () => {
		renderStep();
		expect(
			screen.getByRole( 'heading', { name: 'Workflow' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'Send Email' } )
		).toBeInTheDocument();
		expect(
			screen.getAllByRole( 'heading', { name: 'Integration' } )
		).toHaveLength( 2 );
		expect(
			screen.getAllByText( 'More Integrations Coming Soon' )
		).toHaveLength( 2 );
	} );

	it( 'marks invalid addresses and names them, and clears the error once fixed', async () => {
		const user = userEvent.setup();
		const view = renderStep();
		const field = screen.getByRole( 'textbox', { name: 'Send to' } );
		expect( field ).toBeValid();
		expect( field ).toHaveAccessibleDescription(
			'Separate several addresses with commas.'
		);

		await user.type( field, ', team@site, ops@site.test' );
		expect( view.latest().email.addresses ).toBe(
			'admin@site.test, team@site, ops@site.test'
		);
		expect( field ).toBeInvalid();
		expect( field ).toHaveAccessibleDescription(
			'This is not a valid email address: team@site'
		);

		await user.type( field, ', x y@site.test' );
		expect( field ).toHaveAccessibleDescription(
			'These are not valid email addresses: team@site, x y@site.test'
		);

		await user.clear( field );
		await user.type( field, 'team@site.test' );
		expect( field ).toBeValid();
	} );

	it( 'turns the email off, which disables the fields and drops the error', async () => {
		const user = userEvent.setup();
		const view = renderStep( notifications( { addresses: 'broken' } ) );
		expect(
			screen.getByRole( 'textbox', { name: 'Send to' } )
		).toBeInvalid();
		await user.click(
			screen.getByRole( 'checkbox', {
				name: 'Email me when a response arrives',
			} )
		);
		expect( view.latest().email.active ).toBe( false );
		const field = screen.getByRole( 'textbox', { name: 'Send to' } );
		expect( field ).toBeDisabled();
		expect( field ).toBeValid();
		expect( logicToggle() ).toBeDisabled();
	} );
} );

describe( 'Conditional email logic', () => {
	it( 'needs a subject question, on every tier', () => {
		renderStep( notifications(), [ newQuestion( 1, 'text', 'Why?' ) ] );
		expect( logicToggle() ).toBeDisabled();
		expect( screen.getByText( NO_SUBJECTS ) ).toBeVisible();
	} );

	it( 'adds a first row, resets comparator and value on change, and keeps the last row', async () => {
		const user = userEvent.setup();
		const view = renderStep();
		expect( screen.queryByText( NO_SUBJECTS ) ).not.toBeInTheDocument();
		expect( logicToggle() ).toBeEnabled();

		await user.click( logicToggle() );
		expect( view.latest().email.logic ).toEqual( {
			enable: true,
			action: 'send',
			conditions: [ { question_id: 4, compare: '', value: '' } ],
		} );
		const row = () => screen.getByRole( 'group', { name: 'Condition 1' } );
		const question = within( row() ).getByRole( 'combobox', {
			name: 'Question',
		} );
		// Only subject questions can be chosen.
		expect(
			within( question )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [
			'Select a question',
			'Did you find it?',
			'How likely are you to recommend us?',
		] );
		expect(
			within( row() ).queryByRole( 'button', { name: /Remove/ } )
		).not.toBeInTheDocument();

		const comparator = within( row() ).getByRole( 'combobox', {
			name: 'Comparator',
		} );
		expect(
			within( comparator )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Select a comparator', 'Is', 'Is not' ] );
		await user.selectOptions( comparator, 'Is not' );
		await user.selectOptions(
			within( row() ).getByRole( 'combobox', { name: 'Value' } ),
			'No'
		);
		expect( view.latest().email.logic.conditions ).toEqual( [
			{ question_id: 4, compare: 'not_equals', value: 'No' },
		] );

		await user.selectOptions( comparator, 'Is' );
		expect( view.latest().email.logic.conditions[ 0 ] ).toEqual( {
			question_id: 4,
			compare: 'equals',
			value: '',
		} );
		await user.selectOptions(
			question,
			'How likely are you to recommend us?'
		);
		expect( view.latest().email.logic.conditions[ 0 ] ).toEqual( {
			question_id: 7,
			compare: '',
			value: '',
		} );
		expect(
			within(
				within( row() ).getByRole( 'combobox', { name: 'Comparator' } )
			)
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [
			'Select a comparator',
			'Is',
			'Is not',
			'Greater than',
			'Less than',
		] );

		await user.click(
			screen.getByRole( 'button', { name: 'Add condition' } )
		);
		expect( view.latest().email.logic.conditions ).toHaveLength( 2 );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove condition 1' } )
		);
		expect( view.latest().email.logic.conditions ).toEqual( [
			{ question_id: 4, compare: '', value: '' },
		] );
		expect(
			screen.queryByRole( 'button', { name: /Remove condition/ } )
		).not.toBeInTheDocument();
	} );

	it.each( [
		[ 'lite' as Tier, 'Enhanced Notifications is a Pro feature' ],
		[ 'plus' as Tier, 'Enhanced Notifications is a Pro feature' ],
	] )(
		'%s: disabled, and the upgrade dialog is one click away',
		async ( tier, title ) => {
			const user = userEvent.setup();
			renderStep( notifications(), QUESTIONS, tier );
			expect( logicToggle() ).toBeDisabled();
			await user.click(
				screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
			);
			expect( await screen.findByRole( 'dialog' ) ).toHaveAccessibleName(
				title
			);
		}
	);

	it( 'pro without a licence: disabled, with the licence prompt', () => {
		renderStep( notifications(), QUESTIONS, 'pro-unlicensed' );
		expect( logicToggle() ).toBeDisabled();
		expect(
			screen.getByText(
				'Please enter a valid license key to use Enhanced Notifications.'
			)
		).toBeVisible();
		expect(
			screen.getByRole( 'link', { name: 'Enter License Key' } )
		).toBeInTheDocument();
	} );

	it.each( [ 'pro', 'pro-no-addons', 'elite' ] as Tier[] )(
		'%s: open (email logic needs no addon)',
		( tier ) => {
			renderStep( notifications(), QUESTIONS, tier );
			expect( logicToggle() ).toBeEnabled();
			expect(
				screen.queryByRole( 'button', { name: /Upgrade/ } )
			).not.toBeInTheDocument();
		}
	);

	it( 'plus: saved conditions stay visible but disabled', () => {
		renderStep(
			notifications( {
				logic: {
					enable: true,
					action: 'send',
					conditions: [
						{ question_id: 4, compare: 'equals', value: 'Yes' },
					],
				},
			} ),
			QUESTIONS,
			'plus'
		);
		const row = screen.getByRole( 'group', { name: 'Condition 1' } );
		expect(
			within( row ).getByRole( 'combobox', { name: 'Value' } )
		).toHaveValue( 'Yes' );
		expect(
			within( row ).getByRole( 'combobox', { name: 'Value' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Add condition' } )
		).toBeDisabled();
	} );
} );
