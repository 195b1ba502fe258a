/**
 * Every answer counts (issue 15): the widget writes each answer as the visitor goes, keeps
 * what it could not send (localStorage uf_outbox) and sends it once the browser is back
 * online, or on the visitor's next page view; the server stores it exactly once.
 */
import { test, expect, type Page, type Request } from '@playwright/test';
import {
	Traffic,
	choice,
	isCompletion,
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

const TITLE = 'Offline survey';
const PLAN = 'Which plan are you on?';
const WHY = 'What brought you here?';
const MORE = 'Anything else to tell us?';
const THANKS = 'Thanks a lot!';

const isOutboxChunk = ( url: string ) =>
	/\/build\/widget\/outbox\.[^/]*\.js(\?|$)/.test( url );

let path: string;
let other: string;

test.beforeAll( () => {
	( { 'widget-offline': path, 'widget-offline-next': other } = prepareSite( {
		pages: [
			[ 'widget-offline', 'Widget offline' ],
			[ 'widget-offline-next', 'Widget offline, next page' ],
		],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

function survey(): number {
	return onlySurvey(
		[
			question( 1, 'radio-button', PLAN, {
				options: [ 'Basic', 'Pro' ],
			} ),
			question( 2, 'text', WHY ),
			question( 3, 'text', MORE ),
		],
		{ title: TITLE }
	);
}

/** What the page keeps to send again (localStorage uf_outbox), as write bodies. */
async function outbox( page: Page ): Promise< any[] > {
	return page.evaluate( () =>
		JSON.parse( localStorage.getItem( 'uf_outbox' ) ?? '[]' ).map(
			( entry: { body: string } ) => JSON.parse( entry.body )
		)
	);
}

const isPartialWrite = ( request: Request, id: number ) =>
	request.method() === 'POST' &&
	isResponses( request.url(), id ) &&
	request.postDataJSON()?.complete === false;

test( 'offline mid-survey: the answers wait in the browser and reach the server once, back online', async ( {
	page,
	context,
} ) => {
	const id = survey();
	const traffic = new Traffic( page );
	await page.goto( path );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();
	// Nothing kept: the loader, which asks for the outbox chunk before it starts the
	// survey, did not.
	expect( traffic.urls( isOutboxChunk ) ).toEqual( [] );

	// Online, the first answer is written at once: a partial response.
	const first = page.waitForResponse( ( res ) =>
		isPartialWrite( res.request(), id )
	);
	await choice( dialog, 'Pro' ).click();
	const written = await first;
	expect( written.status() ).toBe( 201 );
	expect( await written.json() ).toMatchObject( {
		status: 'partial',
		complete: false,
	} );
	const rid: string = written.request().postDataJSON().response_id;
	expect( rid ).toMatch(
		/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
	);
	expect( written.request().postDataJSON() ).toMatchObject( {
		answers: [ { question_id: 1, value: 'Pro' } ],
		reached: 1,
	} );
	let [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.status ).toBe( 'partial' );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Pro' ] );

	// The connection drops: the next answer is kept in the browser.
	await context.setOffline( true );
	await expect( questionTitle( dialog, WHY ) ).toBeVisible();
	await dialog.getByRole( 'textbox', { name: WHY } ).fill( 'A search' );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();
	await expect
		.poll( async () =>
			( await outbox( page ) ).map( ( body ) => body.answers )
		)
		.toEqual( [ [ { question_id: 2, value: 'A search' } ] ] );

	// The last answer: the completing write fails, the visitor is told, nothing is lost.
	await dialog.getByRole( 'textbox', { name: MORE } ).fill( 'Keep it up' );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( dialog.getByRole( 'alert' ) ).toContainText(
		'Your answers could not be sent.'
	);
	await expect( dialog.getByText( THANKS ) ).toHaveCount( 0 );
	// One kept write: the completion carries every answer (it replaced the partial one).
	const kept = await outbox( page );
	expect( kept ).toHaveLength( 1 );
	expect( kept[ 0 ] ).toMatchObject( {
		response_id: rid,
		complete: true,
		answers: [
			{ question_id: 1, value: 'Pro' },
			{ question_id: 2, value: 'A search' },
			{ question_id: 3, value: 'Keep it up' },
		],
	} );
	expect( ( await surveyCookie( context, id ) )?.submitted ).toBe( false );
	[ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.status ).toBe( 'partial' );
	expect( valuesOf( stored, 2 ) ).toEqual( [] );

	// Back online: the outbox sends it by itself; the widget thanks the visitor.
	const completed = submission( page, id );
	await context.setOffline( false );
	const { response, body } = await completed;
	expect( response.status() ).toBe( 200 );
	expect( body ).toEqual( {
		id: stored.id,
		status: 'publish',
		complete: true,
	} );
	await expect( dialog.getByText( THANKS ) ).toBeVisible();
	await expect.poll( () => outbox( page ) ).toEqual( [] );
	expect(
		await page.evaluate(
			( key ) => sessionStorage.getItem( key ),
			`uf_rid_${ id }`
		)
	).toBeNull();
	expect( await surveyCookie( context, id ) ).toMatchObject( {
		submitted: true,
		last_response_id: stored.id,
	} );

	// Once: one response, completed, each answer once.
	[ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.status ).toBe( 'publish' );
	expect( stored.client_id ).toBe( rid );
	expect(
		stored.answers.map( ( answer ) => answer.question_id ).sort()
	).toEqual( [ 1, 2, 3 ] );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Pro' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [ 'A search' ] );
	expect( valuesOf( stored, 3 ) ).toEqual( [ 'Keep it up' ] );
	for ( const answer of stored.answers ) {
		expect( answer.status ).toBe( 'publish' );
	}
	// The completion was tried while offline and sent again once online.
	expect(
		traffic.requests.filter( ( request ) => isCompletion( request, id ) )
			.length
	).toBeGreaterThan( 1 );
} );

test( 'a page left offline: the next page view sends what it kept', async ( {
	context,
} ) => {
	const id = survey();
	const page = await context.newPage();
	await page.goto( path );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();

	await context.setOffline( true );
	await choice( dialog, 'Basic' ).click();
	await expect( questionTitle( dialog, WHY ) ).toBeVisible();
	await dialog.getByRole( 'textbox', { name: WHY } ).fill( 'A friend' );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();
	await expect.poll( async () => ( await outbox( page ) ).length ).toBe( 2 );
	const [ { response_id: rid } ] = await outbox( page );
	// The visitor leaves while offline, so the page's last requests cannot go either. Chromium may
	// send a beacon, or finish a keepalive fetch (the outbox's retries are keepalive), after the
	// page is gone, outside the page's offline emulation (a CI run saw the first answer stored):
	// the browser's refusal of both is made certain here, as a real offline browser would give it.
	await page.evaluate( () => {
		navigator.sendBeacon = () => false;
		window.fetch = () =>
			Promise.reject( new TypeError( 'Failed to fetch' ) );
	} );
	await page.close();
	expect( storedResponses( id ) ).toEqual( [] );

	await context.setOffline( false );
	const next = await context.newPage();
	const traffic = new Traffic( next );
	await next.goto( other );
	// The loader saw the kept writes and imported the outbox chunk, which sent them.
	await expect.poll( () => outbox( next ) ).toEqual( [] );
	expect( traffic.urls( isOutboxChunk ) ).toHaveLength( 1 );
	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.client_id ).toBe( rid );
	expect( stored.status ).toBe( 'partial' );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Basic' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [ 'A friend' ] );
	expect( Number( stored.last_question ) ).toBe( 2 );
} );
