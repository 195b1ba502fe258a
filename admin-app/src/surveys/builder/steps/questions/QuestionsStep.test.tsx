/**
 * The questions step against the fake API over real HTTP: adding, deleting,
 * options, logic, gating, thank-you and the live preview.
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

import { setupApi } from '../../../../shared/api';
import { useNotices } from '../../../../shared/notices';
import { startServer, type TestServer } from '../../../../shared/test/server';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import type { Survey } from '../../../../shared/types';
import { browser } from '../../browser';
import { useBuilderStore } from '../../store';
import {
	installFakeApi,
	type FakeApi,
} from '../../../../shared/test/fakeSurveysApi';
import {
	condition,
	question,
	survey,
	tierConfig,
	withLogic,
	type Tier,
} from '../../../../shared/test/surveyFixtures';
import { renderSurveysApp, withServer } from '../../test/render';

let server: TestServer;
let api: FakeApi;

function renderQuestions( saved: Survey, tier: Tier = 'pro' ) {
	api.surveys.set( saved.id, saved );
	return renderSurveysApp(
		`/edit/${ saved.id }/questions`,
		withServer( tierConfig( tier ), server.url )
	);
}

const cards = async () =>
	within(
		await screen.findByRole( 'list', { name: 'Questions' } )
	).getAllByRole( 'listitem', { name: /^Question \d/ } );
const card = async ( name: string | RegExp ) =>
	within(
		within(
			await screen.findByRole( 'list', { name: 'Questions' } )
		).getByRole( 'listitem', { name } )
	);

beforeAll( async () => {
	server = await startServer();
	setupApi( withServer( tierConfig( 'pro' ), server.url ) );
} );
afterAll( () => server.close() );

beforeEach( () => {
	useBuilderStore.getState().reset();
	useNotices.getState().clear();
	act( () => useUpgradeDialog.getState().close() );
	vi.spyOn( browser, 'scrollToTop' ).mockImplementation( () => undefined );
	api = installFakeApi( server, {
		pages: [
			{ id: 11, title: 'Thank you page' },
			{ id: 12, title: 'Pricing' },
		],
	} );
} );

describe( 'questions', () => {
	it( 'adds a blank text question to a survey without any', async () => {
		renderQuestions( survey( { questions: [] } ) );
		const [ only ] = await cards();
		expect(
			within( only ).getByRole( 'heading', {
				name: 'Question 1: (untitled)',
			} )
		).toBeInTheDocument();
		expect(
			within( only ).getByRole( 'combobox', { name: 'Question Type' } )
		).toHaveValue( 'text' );
		expect(
			within( only ).getByText( 'Title is required.' )
		).toBeInTheDocument();
		expect(
			within( only ).getByRole( 'img', {
				name: 'This question has errors',
			} )
		).toBeInTheDocument();
	} );

	it( 'saves before adding a question, then adds it with its errors', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		await cards();

		await user.click(
			screen.getByRole( 'button', { name: 'Add Question' } )
		);
		await user.click(
			screen.getByRole( 'menuitem', { name: 'Checkbox' } )
		);

		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		expect( api.saves[ 0 ].body.questions ).toHaveLength( 1 );
		const added = await card( /^Question 2/ );
		expect(
			added.getByRole( 'combobox', { name: 'Question Type' } )
		).toHaveValue( 'checkbox' );
		expect(
			added.getByText( 'Options are required.' )
		).toBeInTheDocument();
		expect( useBuilderStore.getState().draft?.questions ).toHaveLength( 2 );
	} );

	it( 'opens the upgrade dialog for advanced types on Lite, adding nothing', async () => {
		const user = userEvent.setup();
		renderQuestions( survey(), 'lite' );
		await cards();

		await user.click(
			screen.getByRole( 'button', { name: 'Add Question' } )
		);
		await user.click(
			screen.getByRole( 'menuitem', { name: 'Star Rating' } )
		);

		expect(
			await screen.findByRole( 'dialog', {
				name: 'Advanced Question Types is a Pro feature',
			} )
		).toBeInTheDocument();
		// The modal hides the rest of the page from the accessibility tree.
		expect( useBuilderStore.getState().draft?.questions ).toHaveLength( 1 );
		expect( api.saves ).toHaveLength( 0 );
	} );

	it( 'sends Pro without the question-types addon to activate it', async () => {
		const user = userEvent.setup();
		renderQuestions( survey(), 'pro-no-addons' );
		const first = await card( /^Question 1/ );

		await user.selectOptions(
			first.getByRole( 'combobox', { name: 'Question Type' } ),
			'nps'
		);
		expect(
			await screen.findByRole( 'dialog', {
				name: 'Advanced Question Types needs the Question Types addon',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Activate Addon' } )
		).toBeInTheDocument();
		expect( useBuilderStore.getState().draft?.questions[ 0 ].type ).toBe(
			'radio-button'
		);
	} );

	it( 'offers no question types on an NPS survey', async () => {
		renderQuestions(
			survey( { type: 'nps', questions: [ question( 1, 'nps' ) ] } )
		);
		const first = await card( /^Question 1/ );
		expect(
			screen.getByRole( 'button', { name: 'Add Question' } )
		).toBeDisabled();
		expect(
			first.getByRole( 'combobox', { name: 'Question Type' } )
		).toBeDisabled();
	} );

	it( 'deletes a question after confirmation, with the conditions on it, then saves', async () => {
		const user = userEvent.setup();
		renderQuestions(
			survey( {
				questions: [
					question( 1 ),
					withLogic( question( 2 ), [ condition( 1 ) ] ),
				],
			} )
		);
		const first = await card( /^Question 1/ );

		await user.click(
			first.getByRole( 'button', { name: 'Delete Question' } )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Delete Question?',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		await waitFor( () =>
			expect(
				screen.queryByRole( 'dialog', { name: 'Delete Question?' } )
			).not.toBeInTheDocument()
		);
		expect( await cards() ).toHaveLength( 2 );
		expect( api.saves ).toHaveLength( 0 );

		await user.click(
			first.getByRole( 'button', { name: 'Delete Question' } )
		);
		await user.click(
			within(
				await screen.findByRole( 'dialog', {
					name: 'Delete Question?',
				} )
			).getByRole( 'button', { name: 'Delete' } )
		);

		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		expect( api.saves[ 0 ].body.questions ).toEqual( [
			expect.objectContaining( {
				id: 2,
				logic: { enabled: false, action: 'show', conditions: [] },
			} ),
		] );
		const remaining = await cards();
		expect( remaining ).toHaveLength( 1 );
		expect(
			within( remaining[ 0 ] ).getByRole( 'heading', {
				name: 'Question 1: Question 2',
			} )
		).toBeInTheDocument();
	} );

	it( 'reorders with the keyboard and drops conditions the move broke', async () => {
		// jsdom has no layout: give each card a place in a vertical list.
		vi.spyOn(
			Element.prototype,
			'getBoundingClientRect'
		).mockImplementation( function ( this: Element ) {
			const item = this.closest( '.userfeedback-question-card' );
			const index = item
				? Array.from( item.parentElement?.children ?? [] ).indexOf(
						item
					)
				: 0;
			return DOMRect.fromRect( {
				x: 0,
				y: index * 100,
				width: 400,
				height: 90,
			} );
		} );
		const user = userEvent.setup();
		renderQuestions(
			survey( {
				questions: [
					question( 1 ),
					withLogic( question( 2 ), [ condition( 1 ) ] ),
				],
			} )
		);
		const second = await card( /^Question 2/ );
		second.getByRole( 'button', { name: 'Move question 2' } ).focus();
		await user.keyboard( '[Space]' );
		await user.keyboard( '[ArrowUp]' );
		await user.keyboard( '[Space]' );

		await waitFor( () =>
			expect(
				useBuilderStore.getState().draft?.questions.map( ( q ) => q.id )
			).toEqual( [ 2, 1 ] )
		);
		// Question 2 now comes first: its condition on question 1 is gone.
		expect(
			useBuilderStore.getState().draft?.questions[ 0 ].logic
		).toEqual( { enabled: false, action: 'show', conditions: [] } );
	} );

	it( 'on a survey with responses, says a deleted question keeps its answers, and never shows or sends archived questions', async () => {
		const user = userEvent.setup();
		renderQuestions(
			survey( {
				responses_count: 4,
				questions: [
					question( 1 ),
					question( 2 ),
					{ ...question( 3 ), title: 'Old question', archived: true },
				],
			} )
		);
		expect( await cards() ).toHaveLength( 2 );
		expect( screen.queryByText( 'Old question' ) ).not.toBeInTheDocument();

		const first = await card( /^Question 1/ );
		await user.click(
			first.getByRole( 'button', { name: 'Delete Question' } )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Delete Question?',
		} );
		expect( dialog ).toHaveTextContent(
			'This survey has 4 responses. Answers already given to this question are kept: visitors no longer see it, and its results card, the responses and the exports keep showing its answers under its title, marked as removed.'
		);
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Delete' } )
		);
		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		expect( api.saves[ 0 ].body.questions?.map( ( q ) => q.id ) ).toEqual( [
			2,
		] );
	} );

	it( 'says nothing about answers when the survey has no responses', async () => {
		const user = userEvent.setup();
		renderQuestions( survey( { responses_count: 0 } ) );
		const first = await card( /^Question 1/ );
		await user.click(
			first.getByRole( 'button', { name: 'Delete Question' } )
		);
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Delete Question?',
		} );
		expect( dialog ).not.toHaveTextContent( /answers/i );
		// A retype needs no confirmation either.
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		await user.selectOptions(
			first.getByRole( 'combobox', { name: 'Question Type' } ),
			'checkbox'
		);
		expect( useBuilderStore.getState().draft?.questions[ 0 ].type ).toBe(
			'checkbox'
		);
	} );

	it( 'asks before retyping a question of a survey with responses', async () => {
		const user = userEvent.setup();
		renderQuestions( survey( { responses_count: 1 } ) );
		const first = await card( /^Question 1/ );
		const retype = () =>
			user.selectOptions(
				first.getByRole( 'combobox', { name: 'Question Type' } ),
				'checkbox'
			);

		await retype();
		let dialog = await screen.findByRole( 'dialog', {
			name: 'Change the question type?',
		} );
		expect( dialog ).toHaveTextContent(
			'This survey has 1 response. Answers already given to this question are kept with its current type'
		);
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( useBuilderStore.getState().draft?.questions[ 0 ].type ).toBe(
			'radio-button'
		);

		await retype();
		dialog = await screen.findByRole( 'dialog', {
			name: 'Change the question type?',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Change type' } )
		);
		expect( useBuilderStore.getState().draft?.questions[ 0 ].type ).toBe(
			'checkbox'
		);
	} );

	it( 'edits plain options: trims typed ones, removes any down to the minimum', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		const first = await card( /^Question 1/ );

		// Two options, the radio-button minimum: neither can be removed.
		expect(
			first.queryByRole( 'button', { name: /^Remove Option/ } )
		).not.toBeInTheDocument();

		await user.type(
			first.getByRole( 'textbox', { name: 'New option' } ),
			'  Maybe  {Enter}'
		);
		expect(
			useBuilderStore.getState().draft?.questions[ 0 ].config.options
		).toEqual( [ 'Yes', 'No', 'Maybe' ] );
		// Any option may go while more than the minimum are left, the first too.
		await user.click(
			first.getByRole( 'button', { name: 'Remove Option 1' } )
		);
		expect(
			useBuilderStore.getState().draft?.questions[ 0 ].config.options
		).toEqual( [ 'No', 'Maybe' ] );
		expect(
			first.queryByRole( 'button', { name: /^Remove Option/ } )
		).not.toBeInTheDocument();
	} );

	it( 'resets the options when the type changes', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		const first = await card( /^Question 1/ );

		await user.selectOptions(
			first.getByRole( 'combobox', { name: 'Question Type' } ),
			'image-radio'
		);
		expect(
			first.getByRole( 'textbox', { name: 'Option 1 label' } )
		).toHaveValue( '' );
		expect(
			first.getByRole( 'textbox', { name: 'Option 2 label' } )
		).toBeInTheDocument();
		// Without wp.media on the page, an image URL field stands in.
		expect(
			first.getByRole( 'textbox', { name: 'Option 1 image URL' } )
		).toBeInTheDocument();
		expect(
			first.getByText( 'Options are required.' )
		).toBeInTheDocument();
	} );

	it( 'offers logic only after a radio, checkbox, NPS or star question', async () => {
		const user = userEvent.setup();
		renderQuestions(
			survey( { questions: [ question( 1 ), question( 2, 'text' ) ] } )
		);
		const first = await card( /^Question 1/ );
		await user.click( first.getByRole( 'tab', { name: 'Logic' } ) );
		expect(
			first.getByText(
				'Add at least one Radio, Checkbox, NPS, or Star Rating question before this one to use conditional logic.'
			)
		).toBeInTheDocument();
		expect(
			first.getByRole( 'checkbox', { name: 'Enable conditional logic' } )
		).toBeDisabled();

		const second = await card( /^Question 2/ );
		await user.click( second.getByRole( 'tab', { name: 'Logic' } ) );
		await user.click(
			second.getByRole( 'checkbox', { name: 'Enable conditional logic' } )
		);
		const comparison = second.getByRole( 'combobox', {
			name: 'Comparison',
		} );
		expect(
			within( comparison )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Select…', 'Is', 'Is not' ] );
		await user.selectOptions( comparison, 'not_equals' );
		await user.selectOptions(
			second.getByRole( 'combobox', { name: 'Value' } ),
			'No'
		);
		expect(
			useBuilderStore.getState().draft?.questions[ 1 ].logic
		).toEqual( {
			enabled: true,
			action: 'show',
			conditions: [
				{ question_id: 1, compare: 'not_equals', value: 'No' },
			],
		} );
	} );

	it( 'disables question settings on Lite', async () => {
		const user = userEvent.setup();
		renderQuestions( survey(), 'lite' );
		const first = await card( /^Question 1/ );
		await user.click( first.getByRole( 'tab', { name: 'Settings' } ) );
		for ( const name of [
			'Required',
			'Randomize answers',
			'Add a comment box',
		] ) {
			expect( first.getByRole( 'checkbox', { name } ) ).toBeDisabled();
		}
		expect(
			first.getByText( 'Question Settings is a Pro feature.', {
				exact: false,
			} )
		).toBeInTheDocument();
	} );
} );

describe( 'the question types of the page', () => {
	it( 'lists the types, labels and limits the server registers, not a copy of its own', async () => {
		const config = withServer( tierConfig( 'pro' ), server.url );
		config.question_types = config.question_types
			.filter( ( type ) => type.key !== 'nps' )
			.map( ( type ) =>
				type.key === 'text' ? { ...type, label: 'Short answer' } : type
			);
		config.survey_limits = {
			...config.survey_limits,
			max_questions: 2,
			title_max: 80,
		};
		api.surveys.set( 5, survey() );
		const user = userEvent.setup();
		renderSurveysApp( '/edit/5/questions', config );
		const first = await card( /^Question 1/ );

		expect(
			first.getByRole( 'textbox', { name: 'Question Title' } )
		).toHaveAttribute( 'maxLength', '80' );
		const typeOptions = within(
			first.getByRole( 'combobox', { name: 'Question Type' } )
		)
			.getAllByRole( 'option' )
			.map( ( option ) => option.getAttribute( 'value' ) );
		expect( typeOptions ).toEqual(
			config.question_types.map( ( type ) => type.key )
		);

		await user.click(
			screen.getByRole( 'button', { name: 'Add Question' } )
		);
		const menu = screen
			.getAllByRole( 'menuitem' )
			.map( ( item ) => item.textContent );
		expect( menu ).toContain( 'Short answer' );
		expect( menu ).not.toContain( 'NPS' );
		expect( menu ).toHaveLength( config.question_types.length );
		await user.click(
			screen.getByRole( 'menuitem', { name: 'Short answer' } )
		);

		// Two questions: as many as this server takes, so no more can be added.
		await waitFor( () =>
			expect( useBuilderStore.getState().draft?.questions ).toHaveLength(
				2
			)
		);
		expect(
			screen.getByRole( 'button', { name: 'Add Question' } )
		).toBeDisabled();
	} );
} );

describe( 'thank-you and preview', () => {
	it( 'locks the message on Lite behind an upgrade prompt', async () => {
		const user = userEvent.setup();
		renderQuestions( survey(), 'lite' );
		const message = await screen.findByRole( 'textbox', {
			name: 'Message',
		} );
		expect( message ).toBeDisabled();
		expect( message ).toHaveValue( 'Thanks for your feedback!' );
		expect(
			screen.getByRole( 'radio', { name: 'Redirect to a page' } )
		).toBeDisabled();

		await user.click(
			screen.getByRole( 'button', {
				name: 'Upgrade to edit the message',
			} )
		);
		expect(
			await screen.findByRole( 'dialog', {
				name: 'Thank You Message is a Pro feature',
			} )
		).toBeInTheDocument();
	} );

	it( 'restores the default message when it is emptied', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		const message = await screen.findByRole( 'textbox', {
			name: 'Message',
		} );
		await user.clear( message );
		await user.tab();
		expect( message ).toHaveValue( 'Thanks for your feedback!' );
	} );

	it( 'searches pages for the redirect, debounced, and says when none match', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		await user.click(
			await screen.findByRole( 'radio', { name: 'Redirect to a page' } )
		);
		const search = screen.getByRole( 'searchbox', {
			name: 'Redirect to page',
		} );

		await user.type( search, 'zzz' );
		expect(
			await screen.findByText( 'No results found' )
		).toBeInTheDocument();
		// One request for the whole word, not one per keystroke.
		expect( api.searches ).toEqual( [ 'zzz' ] );

		await user.clear( search );
		await user.type( search, 'thank' );
		await user.click(
			await screen.findByRole( 'button', { name: 'Thank you page' } )
		);
		expect(
			useBuilderStore.getState().draft?.settings.thank_you.redirect_to
		).toEqual( { id: 11, label: 'Thank you page' } );
		expect(
			screen.getByText( 'Redirect to page: Thank you page' )
		).toBeInTheDocument();
	} );

	it( 'adds the first conditional redirect row and deletes rows only beyond one', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		await user.click(
			await screen.findByRole( 'radio', { name: 'Conditional redirect' } )
		);
		const first = within(
			screen.getByRole( 'listitem', { name: 'Redirect rule 1' } )
		);
		expect(
			first.getByRole( 'combobox', { name: 'Question' } )
		).toHaveValue( '1' );
		expect(
			first.queryByRole( 'button', { name: 'Remove rule 1' } )
		).not.toBeInTheDocument();

		await user.selectOptions(
			first.getByRole( 'combobox', { name: 'Comparison' } ),
			'equals'
		);
		await user.selectOptions(
			first.getByRole( 'combobox', { name: 'Value' } ),
			'Yes'
		);
		await user.click( screen.getByRole( 'button', { name: 'Add Rule' } ) );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove rule 2' } )
		);
		expect(
			useBuilderStore.getState().draft?.settings.thank_you.conditions
		).toEqual( [
			{
				question: 1,
				condition_type: 'equals',
				condition: 'Yes',
				page: null,
				redirect_url: '',
			},
		] );
	} );

	it( 'renders the visitor widget with the draft, and the Preview toggle', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		const preview = await screen.findByRole( 'region', {
			name: 'Survey preview',
		} );
		expect(
			within( preview ).getByRole( 'heading', { name: 'Question 1' } )
		).toBeInTheDocument();

		// Edits show at once.
		const first = await card( /^Question 1/ );
		await user.type(
			first.getByRole( 'textbox', { name: 'Question Title' } ),
			'?'
		);
		expect(
			within( preview ).getByRole( 'heading', { name: 'Question 1?' } )
		).toBeInTheDocument();

		await user.click( screen.getByRole( 'button', { name: 'Preview' } ) );
		expect(
			screen.queryByRole( 'list', { name: 'Questions' } )
		).not.toBeInTheDocument();
		const full = screen.getByRole( 'region', { name: 'Survey preview' } );
		expect(
			within( full ).getByRole( 'heading', { name: 'Question 1?' } )
		).toBeInTheDocument();
		await user.click(
			within( full ).getByRole( 'button', { name: 'Yes' } )
		);
		expect(
			within( full ).getByText( 'Thanks for your feedback!' )
		).toBeInTheDocument();
		// Preview mode: nothing was sent.
		expect(
			server.received.filter( ( r ) => r.url.includes( 'responses' ) )
		).toHaveLength( 0 );

		await user.click( screen.getByRole( 'button', { name: 'Build' } ) );
		expect(
			await screen.findByRole( 'list', { name: 'Questions' } )
		).toBeInTheDocument();
	} );

	it( 'edits the survey title in place', async () => {
		const user = userEvent.setup();
		renderQuestions( survey() );
		await user.click(
			await screen.findByRole( 'button', { name: 'Edit survey title' } )
		);
		const field = screen.getByRole( 'textbox', { name: 'Survey title' } );
		await user.clear( field );
		await user.type( field, 'Exit intent{Enter}' );
		expect( useBuilderStore.getState().draft?.title ).toBe( 'Exit intent' );
		expect(
			screen.getByRole( 'heading', { name: 'Exit intent' } )
		).toBeInTheDocument();
	} );
} );
