/**
 * Widget flow (issue 18 item 7): a survey with the progress bar and the Back button. A visitor
 * answers, goes back, changes an answer (which display logic follows), submits, and the stored
 * response holds the changed answer only: in the database and on the admin's response screen.
 * The flow is free, so it runs on Lite; both schemes pass axe with the bar and Back on screen.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminStatePath } from './fixtures/site';
import { responseUrl } from './fixtures/results';
import {
	ELITE,
	choice,
	isResponses,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	storedResponses,
	submission,
	useEntitlements,
	valuesOf,
	widget,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Flow survey';
const SHOTS = '/work/notes/shots18';
const Q = {
	plan: 'Which plan are you on?',
	why: 'What made you pick Pro?',
	more: 'Anything else to tell us?',
};
const FLOW = { progress_bar: true, back_button: true };

let path: string;

test.beforeAll( () => {
	( { 'widget-flow': path } = prepareSite( {
		pages: [ [ 'widget-flow', 'Widget flow' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'entitlements', arg: null },
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

/**
 * Q1 a plan; Q2 only after "Pro" (display logic); Q3 always.
 *
 * @param settings More survey settings.
 */
function flowSurvey( settings: Record< string, unknown > = {} ): number {
	return onlySurvey(
		[
			question( 1, 'radio-button', Q.plan, {
				options: [ 'Basic', 'Pro' ],
			} ),
			{
				...question( 2, 'text', Q.why ),
				logic: {
					enabled: true,
					action: 'show',
					conditions: [
						{ question_id: 1, compare: 'equals', value: 'Pro' },
					],
				},
			} as ReturnType< typeof question >,
			question( 3, 'text', Q.more ),
		],
		{ title: TITLE, settings: { flow: FLOW, ...settings } }
	);
}

const progress = ( dialog: Locator ) => dialog.getByRole( 'progressbar' );
const back = ( dialog: Locator ) =>
	dialog.getByRole( 'button', { name: 'Back', exact: true } );

/** The partial write of one question's answer, as the server answered it. */
const answerWrite = ( page: Page, id: number, questionId: number ) =>
	page.waitForResponse( ( res ) => {
		const request = res.request();
		if (
			request.method() !== 'POST' ||
			! isResponses( request.url(), id )
		) {
			return false;
		}
		const body = request.postDataJSON();
		return (
			body?.complete === false &&
			body.answers?.[ 0 ]?.question_id === questionId
		);
	} );

async function axe( page: Page ) {
	const results = await new AxeBuilder( { page } )
		.include( '.userfeedback-widget' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
		.analyze();
	return results.violations.map( ( violation ) => ( {
		id: violation.id,
		nodes: violation.nodes.map( ( node ) => node.target.join( ' ' ) ),
	} ) );
}

test( 'a visitor goes back, changes an answer and submits: the response holds the changed answer', async ( {
	page,
	browser,
} ) => {
	const id = flowSurvey();
	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	const dialog = widget( visitor, TITLE );
	await expect( questionTitle( dialog, Q.plan ) ).toBeVisible();
	// Before an answer, the question that follows "Pro" is not counted; no Back on the first.
	await expect( progress( dialog ) ).toHaveAccessibleName(
		'Question 1 of 2'
	);
	await expect( back( dialog ) ).toHaveCount( 0 );

	const first = answerWrite( visitor, id, 1 );
	await choice( dialog, 'Pro' ).click();
	expect( ( await first ).status() ).toBe( 201 );
	await expect( questionTitle( dialog, Q.why ) ).toBeVisible();
	await expect( progress( dialog ) ).toHaveAccessibleName(
		'Question 2 of 3'
	);
	await expect( progress( dialog ) ).toHaveAttribute( 'aria-valuenow', '2' );
	await dialog.getByRole( 'textbox' ).fill( 'The price' );
	const second = answerWrite( visitor, id, 2 );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();
	expect( ( await second ).status() ).toBe( 200 );
	await expect( questionTitle( dialog, Q.more ) ).toBeVisible();
	await expect( progress( dialog ) ).toHaveAccessibleName(
		'Question 3 of 3'
	);
	await dialog.getByRole( 'textbox' ).fill( 'Typed before going back' );
	await dialog.screenshot( { path: `${ SHOTS }/H3-flow-light.png` } );

	// Back with the keyboard: the previous question, its answer in the field, focus on its title.
	await back( dialog ).focus();
	await visitor.keyboard.press( 'Enter' );
	await expect( questionTitle( dialog, Q.why ) ).toBeFocused();
	await expect( dialog.getByRole( 'textbox' ) ).toHaveValue( 'The price' );
	await back( dialog ).click();
	await expect( questionTitle( dialog, Q.plan ) ).toBeFocused();
	await expect( choice( dialog, 'Pro' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);

	// Basic instead: display logic now skips the Pro question.
	await choice( dialog, 'Basic' ).click();
	const changed = answerWrite( visitor, id, 1 );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();
	const rewrite = await changed;
	expect( rewrite.status() ).toBe( 200 );
	expect( rewrite.request().postDataJSON().answers ).toEqual( [
		{ question_id: 1, value: 'Basic' },
	] );
	await expect( questionTitle( dialog, Q.more ) ).toBeVisible();
	await expect( progress( dialog ) ).toHaveAccessibleName(
		'Question 2 of 2'
	);
	// The later answer was kept.
	await expect( dialog.getByRole( 'textbox' ) ).toHaveValue(
		'Typed before going back'
	);
	await dialog.getByRole( 'textbox' ).fill( 'Nothing more' );
	const done = submission( visitor, id );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	const { response, body } = await done;
	expect( response.status() ).toBe( 200 );
	await expect( dialog.getByText( 'Thanks a lot!' ) ).toBeVisible();
	await visitor.context().close();

	// Stored once, with the changed answer and without the answer to the question now skipped.
	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.id ).toBe( body.id );
	expect( stored.status ).toBe( 'publish' );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Basic' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [] );
	expect( valuesOf( stored, 3 ) ).toEqual( [ 'Nothing more' ] );

	// The admin's response screen says the same.
	await page.goto( responseUrl( id, stored.id ) );
	const main = page.locator( '#userfeedback-app' );
	await expect( main.getByText( 'Basic', { exact: true } ) ).toBeVisible();
	await expect(
		main.getByText( 'Nothing more', { exact: true } )
	).toBeVisible();
	await expect( main.getByText( 'Pro', { exact: true } ) ).toHaveCount( 0 );
	await expect( main.getByText( 'The price' ) ).toHaveCount( 0 );
} );

/** Each scheme's preset colours, and the text colour the browser computes from it. */
const LOOKS = {
	light: {
		colours: {
			widget_color: '#ffffff',
			text_color: '#23282D',
			button_color: '#2D87F1',
		},
		text: 'rgb(35, 40, 45)',
	},
	dark: {
		colours: {
			widget_color: '#333333',
			text_color: '#ffffff',
			button_color: '#2D87F1',
		},
		text: 'rgb(255, 255, 255)',
	},
};

for ( const scheme of [ 'light', 'dark' ] as const ) {
	test( `the bar and Back follow the survey's colours and pass axe (${ scheme })`, async ( {
		browser,
	} ) => {
		// A look of its own needs branding.
		useEntitlements( ELITE );
		flowSurvey( {
			theming: {
				source: 'custom',
				color_scheme: scheme,
				...LOOKS[ scheme ].colours,
			},
		} );
		const visitor = await visitorPage( browser );
		await visitor.goto( path );
		const dialog = widget( visitor, TITLE );
		await choice( dialog, 'Pro' ).click();
		await expect( back( dialog ) ).toBeVisible();
		const fill = progress( dialog ).locator( '.uf-progress-fill' );
		// The button colour as the widget draws it (#2D87F1 darkened for white text: #2673CD).
		await expect( fill ).toHaveCSS(
			'background-color',
			'rgb(38, 115, 205)'
		);
		await expect( back( dialog ) ).toHaveCSS(
			'color',
			LOOKS[ scheme ].text
		);
		const box = await back( dialog ).boundingBox();
		expect( box?.height ).toBeGreaterThanOrEqual( 44 );
		expect( box?.width ).toBeGreaterThanOrEqual( 44 );
		// From the question's title (focused when it showed) the keyboard reaches the field,
		// then Back, with a visible focus ring.
		await expect( questionTitle( dialog, Q.why ) ).toBeFocused();
		await visitor.keyboard.press( 'Tab' );
		await visitor.keyboard.press( 'Tab' );
		await expect( back( dialog ) ).toBeFocused();
		await expect( back( dialog ) ).toHaveCSS( 'outline-style', 'solid' );
		expect( await axe( visitor ) ).toEqual( [] );
		await dialog.screenshot( {
			path: `${ SHOTS }/H3-flow-${ scheme }-look.png`,
		} );
		await visitor.context().close();
	} );
}
