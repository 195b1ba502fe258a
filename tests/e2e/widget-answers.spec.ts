/**
 * The widget never loses an answer silently: its fields take no more than the server does,
 * a response the server refuses is explained in the widget with every answer kept (and can be
 * fixed and sent again), and a failed request gets a retry prompt.
 */
import { test, expect, request, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminStatePath, site } from './fixtures/site';
import {
	choice,
	isResponses,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	storedResponses,
	submission,
	surveyCookie,
	valuesOf,
	widget,
} from './fixtures/visitor';

const TITLE = 'Answers survey';
const PLAN = 'Which plan are you on?';
const WHY = 'What brought you here?';
const THANKS = 'Thanks a lot!';

let path: string;

test.beforeAll( () => {
	( { 'widget-answers': path } = prepareSite( {
		pages: [ [ 'widget-answers', 'Widget answers' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

/**
 * The survey's responses as the admin REST API lists them (cookie and REST nonce of the
 * administrator).
 *
 * @param surveyId The survey.
 */
async function responsesViaRest( surveyId: number ): Promise< unknown[] > {
	const admin = await request.newContext( {
		baseURL: process.env.UF_E2E_URL,
		storageState: adminStatePath(),
	} );
	try {
		const nonce = await (
			await admin.get( '/wp-admin/admin-ajax.php?action=rest-nonce' )
		).text();
		expect( nonce ).toMatch( /^[0-9a-f]{10}$/ );
		const res = await admin.get(
			`/?rest_route=/userfeedback/v1/surveys/${ surveyId }/responses`,
			{ headers: { 'X-WP-Nonce': nonce } }
		);
		expect( res.status() ).toBe( 200 );
		return ( await res.json() ).items;
	} finally {
		await admin.dispose();
	}
}

/**
 * WCAG 2.1 A and AA violations inside the widget, by rule.
 *
 * @param page The page.
 */
async function axeViolations( page: Page ): Promise< string[] > {
	const results = await new AxeBuilder( { page } )
		.include( '.userfeedback-widget' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
		.analyze();
	return results.violations.map(
		( violation ) =>
			`${ violation.id }: ${ violation.nodes
				.map( ( node ) => node.target.join( ' ' ) )
				.join( ', ' ) }`
	);
}

async function open( page: Page ) {
	await page.goto( path );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();
	return dialog;
}

test( 'a text answer is capped at the server’s limit and stored', async ( {
	page,
} ) => {
	const id = onlySurvey( [ question( 1, 'text', WHY ) ], { title: TITLE } );
	const dialog = await open( page );
	const field = dialog.getByRole( 'textbox', { name: WHY } );
	await expect( field ).toHaveAccessibleDescription( '1000 characters left' );

	// 1,200 characters typed (inserted as a keyboard would, so the field's own limit applies).
	const typed = 'abcdefghij'.repeat( 120 );
	await field.focus();
	await page.keyboard.insertText( typed );
	await expect( field ).toHaveValue( typed.slice( 0, 1000 ) );
	await expect( field ).toHaveAccessibleDescription( '0 characters left' );

	const submitted = submission( page, id );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	const { response } = await submitted;
	expect( response.status() ).toBe( 201 );
	await expect( dialog.getByText( THANKS ) ).toBeVisible();

	const items = await responsesViaRest( id );
	expect( items ).toHaveLength( 1 );
	const listed = JSON.stringify( items );
	expect( listed ).toContain( typed.slice( 0, 1000 ) );
	expect( listed ).not.toContain( typed.slice( 0, 1001 ) );
} );

test( 'a response the server refuses: its message in the widget, nothing lost, fixed and sent again', async ( {
	page,
	context,
} ) => {
	const plan = ( options: string[] ) =>
		question( 1, 'radio-button', PLAN, { options } );
	const id = onlySurvey(
		[ plan( [ 'Basic', 'Pro' ] ), question( 2, 'text', WHY ) ],
		{
			title: TITLE,
		}
	);
	const dialog = await open( page );

	// The survey changes while the visitor answers: "Pro" is no longer an option, so the
	// server refuses the answers the page still offers.
	site( 'survey-update', {
		id,
		questions: [ plan( [ 'Basic', 'Team' ] ), question( 2, 'text', WHY ) ],
	} );

	await choice( dialog, 'Pro' ).click();
	await expect( questionTitle( dialog, WHY ) ).toBeVisible();
	await dialog.getByRole( 'textbox', { name: WHY } ).fill( 'A search' );
	const refused = submission( page, id );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	const { response, body } = await refused;
	expect( response.status() ).toBe( 400 );
	expect( typeof body.message ).toBe( 'string' );

	// The server's own message, in an alert that has the focus; no thank-you.
	const alert = dialog.getByRole( 'alert' );
	await expect( alert ).toContainText( body.message );
	await expect( alert ).toBeFocused();
	await expect( dialog.getByText( THANKS ) ).toHaveCount( 0 );
	// Nothing lost from the visitor's view, and the survey is not marked answered.
	await expect( dialog.getByRole( 'textbox', { name: WHY } ) ).toHaveValue(
		'A search'
	);
	expect( ( await surveyCookie( context, id ) )?.submitted ).toBe( false );
	expect( storedResponses( id ) ).toEqual( [] );
	expect( await axeViolations( page ) ).toEqual( [] );

	// Back to the question at fault: the answer given is still picked.
	await alert
		.getByRole( 'button', { name: `Change your answer to “${ PLAN }”` } )
		.click();
	await expect( dialog.getByRole( 'heading', { name: PLAN } ) ).toBeFocused();
	await expect( choice( dialog, 'Pro' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	expect( await axeViolations( page ) ).toEqual( [] );
	await choice( dialog, 'Basic' ).click();
	const resent = submission( page, id );
	// The text answer after it is kept: Submit sends at once.
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	expect( ( await resent ).response.status() ).toBe( 201 );
	await expect( dialog.getByText( THANKS ) ).toBeVisible();

	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Basic' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [ 'A search' ] );
	expect( ( await surveyCookie( context, id ) )?.submitted ).toBe( true );
} );

test( 'a failed request: a retry prompt, and Retry stores the answers', async ( {
	page,
	context,
} ) => {
	const id = onlySurvey( [ question( 1, 'text', WHY ) ], { title: TITLE } );
	let offline = true;
	await page.route(
		( url ) => isResponses( url.toString(), id ),
		( route ) => ( offline ? route.abort( 'failed' ) : route.continue() )
	);
	const dialog = await open( page );
	await dialog.getByRole( 'textbox', { name: WHY } ).fill( 'Offline first' );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();

	const alert = dialog.getByRole( 'alert' );
	await expect( alert ).toContainText( 'Your answers could not be sent.' );
	await expect( alert ).toBeFocused();
	await expect( dialog.getByText( THANKS ) ).toHaveCount( 0 );
	await expect( dialog.getByRole( 'textbox', { name: WHY } ) ).toHaveValue(
		'Offline first'
	);
	expect( ( await surveyCookie( context, id ) )?.submitted ).toBe( false );
	expect( storedResponses( id ) ).toEqual( [] );

	// Keyboard: Tab from the focused message reaches Retry.
	await page.keyboard.press( 'Tab' );
	await expect(
		alert.getByRole( 'button', { name: 'Retry' } )
	).toBeFocused();
	// Back online only now: the widget also tries again by itself (1 s, 2 s, 4 s ...),
	// and that must not take the Retry button away before it is pressed.
	offline = false;
	const sent = submission( page, id );
	await page.keyboard.press( 'Enter' );
	expect( ( await sent ).response.status() ).toBe( 201 );
	await expect( dialog.getByText( THANKS ) ).toBeVisible();

	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Offline first' ] );
	expect( ( await surveyCookie( context, id ) )?.submitted ).toBe( true );
} );
