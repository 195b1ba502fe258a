/**
 * The builder frame end to end against the fake surveys API over real HTTP: loading,
 * the step header's locks, Back/Next, saving and its messages, new surveys, close
 * and duplicate.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import { startServer, type TestServer } from '../../shared/test/server';
import type { SurveyTemplate } from '../../shared/types';
import { browser } from './browser';
import { useBuilderStore } from './store';
import { installFakeApi, type FakeApi } from '../../shared/test/fakeSurveysApi';
import { question, survey, tierConfig } from '../../shared/test/surveyFixtures';
import { renderSurveysApp, withServer } from './test/render';

let server: TestServer;
let api: FakeApi;

const config = () => withServer( tierConfig( 'pro' ), server.url );
const steps = () =>
	within(
		screen.getByRole( 'navigation', { name: 'Survey builder steps' } )
	);
const noticesArea = () =>
	within( document.querySelector( '.userfeedback-notices' ) as HTMLElement );

const BLANK: SurveyTemplate = {
	key: 'blank',
	name: 'Blank Template',
	description: 'Start from scratch',
	is_available: true,
	required_addons: [],
	tier: 'lite',
	type: 'survey',
	config: { questions: [] },
};

beforeAll( async () => {
	server = await startServer();
	setupApi( config() );
} );
afterAll( () => server.close() );

beforeEach( () => {
	useBuilderStore.getState().reset();
	useNotices.getState().clear();
	vi.spyOn( browser, 'scrollToTop' ).mockImplementation( () => undefined );
	api = installFakeApi( server, { templates: [ BLANK ] } );
	api.surveys.set( 5, survey() );
} );

describe( 'editing a survey', () => {
	it( 'opens on the questions step with its header and Next', async () => {
		const view = renderSurveysApp( '/edit/5', config() );

		await screen.findByRole( 'navigation', {
			name: 'Survey builder steps',
		} );
		expect(
			steps().getByText( 'Questions', {
				selector: '[aria-current="step"]',
			} )
		).toBeInTheDocument();
		expect( view.pathname() ).toBe( '/edit/5/questions' );
		expect(
			steps().queryByRole( 'button', { name: /Setup/ } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Next Step: Settings' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		).toBeEnabled();
		expect(
			screen.queryByText( /already collected responses/ )
		).not.toBeInTheDocument();
	} );

	it( 'locks later steps and Next while a question is invalid', async () => {
		api.surveys.set(
			5,
			survey( { questions: [ question( 1, 'text', { title: '' } ) ] } )
		);
		const user = userEvent.setup();
		renderSurveysApp( '/edit/5/questions', config() );

		const next = await screen.findByRole( 'button', {
			name: 'Next Step: Settings',
		} );
		expect( next ).toBeDisabled();
		for ( const name of [ 'Settings', 'Workflow', 'Publish' ] ) {
			expect(
				steps().getByRole( 'button', { name: `${ name } (locked)` } )
			).toBeDisabled();
		}
		expect( screen.getByText( 'Title is required.' ) ).toBeInTheDocument();

		await user.type(
			screen.getByRole( 'textbox', { name: 'Question Title' } ),
			'How are we doing?'
		);
		expect( next ).toBeEnabled();
		expect(
			steps().getByRole( 'button', { name: 'Publish' } )
		).toBeEnabled();
		expect(
			screen.queryByText( 'Title is required.' )
		).not.toBeInTheDocument();
	} );

	it( 'saves before following a step link, and goes Back without saving', async () => {
		const user = userEvent.setup();
		const view = renderSurveysApp( '/edit/5/questions', config() );

		await screen.findByRole( 'navigation', {
			name: 'Survey builder steps',
		} );
		await user.click( steps().getByRole( 'button', { name: 'Settings' } ) );
		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/5/settings' )
		);
		expect( api.saves ).toHaveLength( 1 );
		expect( api.saves[ 0 ].path ).toBe(
			'/wp-json/userfeedback/v1/surveys/5'
		);
		expect( api.saves[ 0 ].body ).toMatchObject( {
			title: 'Customer feedback',
			questions: [ { id: 1, title: 'Question 1' } ],
		} );

		// The router renders a step in a transition, which a busy machine can leave
		// unfinished when the click returns: wait for the step itself.
		await user.click(
			await screen.findByRole( 'button', { name: 'Back' } )
		);
		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/5/questions' )
		);
		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Settings' } )
		);
		expect( api.saves ).toHaveLength( 1 );
		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/5/settings' )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Next Step: Workflow' } )
		).toBeInTheDocument();
		expect( api.saves ).toHaveLength( 1 );
	} );

	it( 'warns that a survey with responses should be duplicated', async () => {
		api.surveys.set( 5, survey( { responses_count: 3 } ) );
		renderSurveysApp( '/edit/5', config() );
		expect(
			await screen.findByText(
				'This Survey has already collected responses. To make changes, please duplicate this Survey or create a new one',
				{ selector: '.components-notice__content' }
			)
		).toBeInTheDocument();
	} );

	it( 'reports a saved draft and scrolls to the top', async () => {
		const user = userEvent.setup();
		renderSurveysApp( '/edit/5/questions', config() );

		await user.click(
			await screen.findByRole( 'button', { name: 'Save as Draft' } )
		);
		expect(
			await noticesArea().findByText(
				'Your Survey was Saved as a Draft.'
			)
		).toBeInTheDocument();
		expect( browser.scrollToTop ).toHaveBeenCalled();
		expect( useBuilderStore.getState().lastManualSave ).not.toBeNull();
		expect( useBuilderStore.getState().dirty ).toBe( false );
	} );

	it( 'shows the server’s reason when publishing was refused, and what it stripped', async () => {
		api.surveys.set( 5, survey( { status: 'publish' } ) );
		api.saveAnswer = {
			published: false,
			message:
				"The Survey can't be published: Some questions are missing options.",
			stripped: [ 'advanced_question_types', 'logo' ],
		};
		const user = userEvent.setup();
		const view = renderSurveysApp( '/edit/5/questions', config() );

		await user.click(
			await screen.findByRole( 'button', { name: 'Save and Publish' } )
		);
		expect(
			await noticesArea().findByText(
				"The Survey can't be published: Some questions are missing options."
			)
		).toBeInTheDocument();
		expect(
			noticesArea().getByText( 'Your Survey was Saved as a Draft.' )
		).toBeInTheDocument();
		expect(
			noticesArea().getByText(
				'These features are not available on your plan and were removed: Advanced Question Types, logo'
			)
		).toBeInTheDocument();
		expect( view.pathname() ).toBe( '/edit/5/questions' );
		// The survey came back as a draft.
		expect(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		).toBeInTheDocument();
	} );

	it( 'returns to the list after publishing', async () => {
		api.surveys.set( 5, survey( { status: 'publish' } ) );
		const user = userEvent.setup();
		const view = renderSurveysApp( '/edit/5/questions', config() );

		await user.click(
			await screen.findByRole( 'button', { name: 'Save and Publish' } )
		);
		await waitFor( () => expect( view.pathname() ).toBe( '/' ) );
		expect(
			noticesArea().getByText( /Your Survey was Saved!/ )
		).toBeInTheDocument();
		expect( useBuilderStore.getState().draft ).toBeNull();
	} );

	it( 'labels Save by the schedule and disables it while the schedule is incomplete', async () => {
		api.surveys.set(
			5,
			survey( { status: 'publish', publish_at: '2099-01-01T10:00:00Z' } )
		);
		renderSurveysApp( '/edit/5/questions', config() );
		const save = await screen.findByRole( 'button', {
			name: 'Save and Schedule',
		} );
		expect( save ).toBeEnabled();

		// The publish step's fields are incomplete.
		act( () => useBuilderStore.getState().update( { publish_at: '' } ) );
		await waitFor( () => expect( save ).toBeDisabled() );
	} );

	it( 'closes: resets the builder and shows the list', async () => {
		const user = userEvent.setup();
		const view = renderSurveysApp( '/edit/5/questions', config() );
		await user.click(
			await screen.findByRole( 'button', { name: 'Close the builder' } )
		);
		expect( view.pathname() ).toBe( '/' );
		expect( useBuilderStore.getState().draft ).toBeNull();
	} );

	it( 'says when the survey cannot be loaded', async () => {
		renderSurveysApp( '/edit/999', config() );
		expect(
			await screen.findByText( /Survey not found\./, { selector: 'p' } )
		).toBeInTheDocument();
	} );
} );

describe( 'a new survey', () => {
	it( 'starts on setup, then creates the survey on its first save', async () => {
		const user = userEvent.setup();
		const view = renderSurveysApp( '/new', config() );

		await user.click(
			await screen.findByRole( 'button', { name: 'Blank Template' } )
		);
		expect( view.pathname() ).toBe( '/new/questions' );
		expect(
			await screen.findByRole( 'button', { name: 'Back' } )
		).toBeInTheDocument();

		await user.type(
			screen.getByRole( 'textbox', { name: 'Question Title' } ),
			'Anything to add?'
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);

		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/100/questions' )
		);
		expect( api.saves[ 0 ] ).toMatchObject( {
			path: '/wp-json/userfeedback/v1/surveys',
			body: {
				title: 'New Survey',
				status: 'draft',
				template: 'blank',
				questions: [ { type: 'text', title: 'Anything to add?' } ],
				notifications: {
					email: { active: true, addresses: 'admin@site.test' },
				},
			},
		} );
		// The edit flow has no setup step and no Back from questions.
		await screen.findByRole( 'navigation', {
			name: 'Survey builder steps',
		} );
		expect(
			steps().queryByRole( 'button', { name: /Setup/ } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
	} );

	it( 'walks the steps with Next, locks on a bad address, and defaults to publish', async () => {
		const user = userEvent.setup();
		const view = renderSurveysApp( '/new', config() );
		await user.click(
			await screen.findByRole( 'button', { name: 'Blank Template' } )
		);
		await user.type(
			await screen.findByRole( 'textbox', { name: 'Question Title' } ),
			'Anything to add?'
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Next Step: Settings' } )
		);
		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Workflow' } )
		);
		expect( view.pathname() ).toBe( '/new/notifications' );

		const sendTo = await screen.findByRole( 'textbox', {
			name: 'Send to',
		} );
		await user.clear( sendTo );
		await user.type( sendTo, 'not-an-address' );
		expect(
			screen.getByRole( 'button', { name: 'Next Step: Publish' } )
		).toBeDisabled();
		expect(
			steps().getByRole( 'button', { name: 'Publish (locked)' } )
		).toBeDisabled();

		await user.clear( sendTo );
		await user.type( sendTo, 'team@site.test' );
		await user.click(
			screen.getByRole( 'button', { name: 'Next Step: Publish' } )
		);
		expect( view.pathname() ).toBe( '/new/publish' );
		expect(
			await screen.findByRole( 'radio', { name: 'Publish' } )
		).toBeChecked();
		// The header's Save and the same action at the bottom of the step (issue 17 item 8).
		const saves = screen.getAllByRole( 'button', {
			name: 'Save and Publish',
		} );
		expect( saves ).toHaveLength( 2 );
		saves.forEach( ( save ) => expect( save ).toBeEnabled() );
		expect(
			screen.queryByRole( 'button', { name: /Next Step/ } )
		).not.toBeInTheDocument();
		// Nothing was saved on the way.
		expect( api.saves ).toHaveLength( 0 );
	} );

	it( 'still defaults to publish after an earlier save stored a draft, once', async () => {
		const user = userEvent.setup();
		const view = renderSurveysApp( '/new', config() );
		await user.click(
			await screen.findByRole( 'button', { name: 'Blank Template' } )
		);
		await user.type(
			await screen.findByRole( 'textbox', { name: 'Question Title' } ),
			'Anything to add?'
		);
		// A save on the way (here the Save button) creates the survey as a draft.
		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);
		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/100/questions' )
		);

		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Settings' } )
		);
		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Workflow' } )
		);
		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Publish' } )
		);
		expect(
			await screen.findByRole( 'radio', { name: 'Publish' } )
		).toBeChecked();

		// Choosing Draft sticks, also after leaving the step and coming back.
		await user.click( screen.getByRole( 'radio', { name: 'Draft' } ) );
		await user.click( screen.getByRole( 'button', { name: 'Back' } ) );
		await user.click(
			await screen.findByRole( 'button', { name: 'Next Step: Publish' } )
		);
		expect(
			await screen.findByRole( 'radio', { name: 'Draft' } )
		).toBeChecked();
	} );

	it( 'disables Save and hides Next on setup, and locks the later steps', async () => {
		renderSurveysApp( '/new', config() );
		await screen.findByRole( 'heading', { name: 'Select a Template' } );
		expect(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: /Next Step/ } )
		).not.toBeInTheDocument();
		expect(
			steps().getByRole( 'button', { name: 'Questions (locked)' } )
		).toBeDisabled();
	} );
} );

describe( 'duplicate', () => {
	it( 'copies the survey, then loads the copy’s editor', async () => {
		const setHash = vi
			.spyOn( browser, 'setHash' )
			.mockImplementation( () => undefined );
		const reload = vi
			.spyOn( browser, 'reload' )
			.mockImplementation( () => undefined );
		renderSurveysApp( '/duplicate/5', config() );

		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( setHash ).toHaveBeenCalledWith( '#/edit/100' );
		expect(
			server.received.filter( ( r ) => r.url.includes( '/duplicate' ) )
		).toHaveLength( 1 );
	} );
} );
