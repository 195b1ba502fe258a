/**
 * Without the view results capability the Send Email card is read only (the server
 * refuses a change of who receives the answers) and the builder's save leaves the
 * notifications out of the payload.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setupApi } from '../../../../shared/api';
import { saveSurvey, toInput } from '../../../../shared/surveys';
import {
	installFakeApi,
	type FakeApi,
} from '../../../../shared/test/fakeSurveysApi';
import { makeConfig, restOn } from '../../../../shared/test/fixtures';
import { serverForSuite } from '../../../../shared/test/server';
import { survey } from '../../../../shared/test/surveyFixtures';
import type {
	AppConfig,
	Question,
	SurveyNotifications,
} from '../../../../shared/types';
import { newQuestion } from '../../../../shared/surveyDefaults';
import { renderControlled, tierConfig } from '../settings/testing';
import { NotificationsStep } from './NotificationsStep';

const NOTICE =
	'Only users who may view results can change who receives the responses by email. You can see the settings here; your other changes are saved without them.';

const STORED: SurveyNotifications = {
	email: {
		active: true,
		addresses: 'owner@site.test',
		logic: {
			enable: true,
			action: 'send',
			conditions: [ { question_id: 4, compare: 'equals', value: 'No' } ],
		},
	},
};

const QUESTIONS: Question[] = [
	{
		...newQuestion( 4, 'radio-button', 'Did you find it?' ),
		config: { options: [ 'Yes', 'No' ] },
	},
];

function configWith( viewResults: boolean ): AppConfig {
	const config = tierConfig( 'elite' );
	return {
		...config,
		user: {
			...config.user,
			capabilities: {
				...config.user.capabilities,
				view_results: viewResults,
			},
		},
	};
}

function renderStep( viewResults: boolean ) {
	return renderControlled(
		STORED,
		( current, onChange ) => (
			<NotificationsStep
				notifications={ current }
				onChange={ onChange }
				questions={ QUESTIONS }
			/>
		),
		configWith( viewResults )
	);
}

describe( 'Send Email card without view results', () => {
	it( 'says why, shows the stored settings and lets nothing be changed', async () => {
		const user = userEvent.setup();
		const view = renderStep( false );

		// In the card (the notice is also spoken, outside it).
		expect(
			within( view.container ).getByText( NOTICE )
		).toBeInTheDocument();
		const toggle = screen.getByRole( 'checkbox', {
			name: 'Email me when a response arrives',
		} );
		const field = screen.getByRole( 'textbox', { name: 'Send to' } );
		const logic = screen.getByRole( 'checkbox', {
			name: 'Conditional logic',
		} );
		expect( toggle ).toBeChecked();
		expect( toggle ).toBeDisabled();
		expect( field ).toHaveValue( 'owner@site.test' );
		expect( field ).toBeDisabled();
		expect( logic ).toBeChecked();
		expect( logic ).toBeDisabled();
		expect(
			screen.getByRole( 'combobox', { name: 'Question' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Add condition' } )
		).toBeDisabled();

		await user.click( toggle );
		await user.type( field, ', attacker@elsewhere.test' );
		await user.click( logic );
		expect( view.changes ).toEqual( [] );
		expect( field ).toHaveValue( 'owner@site.test' );
	} );

	it( 'is editable, without the notice, for users who may view results', async () => {
		const user = userEvent.setup();
		const view = renderStep( true );

		expect(
			within( view.container ).queryByText( NOTICE )
		).not.toBeInTheDocument();
		const field = screen.getByRole( 'textbox', { name: 'Send to' } );
		expect( field ).toBeEnabled();
		await user.type( field, ', team@site.test' );
		expect( view.latest().email.addresses ).toBe(
			'owner@site.test, team@site.test'
		);
	} );
} );

describe( 'the save payload', () => {
	const server = serverForSuite();
	let api: FakeApi;

	beforeAll( () => setupApi( makeConfig( { rest: restOn( server ) } ) ) );
	beforeEach( () => {
		api = installFakeApi( server );
	} );

	it( 'leaves the notifications out when asked, and sends them by default', async () => {
		const draft = survey( { notifications: STORED } );
		expect( toInput( draft ) ).toHaveProperty( 'notifications', STORED );
		expect(
			toInput( draft, { withNotifications: false } )
		).not.toHaveProperty( 'notifications' );

		api.surveys.set( 5, survey() );
		await saveSurvey( survey( { title: 'Renamed' } ), {
			withNotifications: false,
		} );
		expect( api.saves[ 0 ].body ).toMatchObject( { title: 'Renamed' } );
		expect( api.saves[ 0 ].body ).not.toHaveProperty( 'notifications' );

		await saveSurvey( survey( { title: 'Again' } ) );
		expect( api.saves[ 1 ].body ).toHaveProperty( 'notifications' );
	} );
} );
