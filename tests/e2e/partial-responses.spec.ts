/**
 * Every answer counts (issue 15): a visitor who answers two questions of a three-question
 * survey and leaves is a partial response. The admin finds it under the responses list's
 * Partial filter (not among the completed responses), and the results' Drop-off card counts
 * it as started, not completed, with both answers in the per-question funnel.
 */
import { test, expect, type Locator, type Request } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import { responsesUrl, resultsUrl } from './fixtures/results';
import {
	ELITE,
	choice,
	isResponses,
	moveOn,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	storedResponses,
	valuesOf,
	widget,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Drop-off survey';
const Q = {
	plan: 'Which plan are you on?',
	source: 'How did you hear about us?',
	more: 'Anything else to tell us?',
};

let path: string;

test.beforeAll( () => {
	( { 'partial-responses': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'partial-responses', 'Partial responses' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

const isPartialWrite = ( request: Request, id: number ) => {
	if ( request.method() !== 'POST' || ! isResponses( request.url(), id ) ) {
		return false;
	}
	try {
		return request.postDataJSON()?.complete === false;
	} catch {
		return false;
	}
};

/** The figure shown in a stage of the Drop-off card ("Started 1"). */
function stage( card: Locator, label: string ): Locator {
	return card
		.getByRole( 'list', {
			name: 'From impressions to completed responses',
		} )
		.getByRole( 'listitem' )
		.filter( { hasText: label } )
		.locator( '.userfeedback-dropoff__stage-value' );
}

/** The cells of a question's row in the funnel table: reached, answered, skipped, left. */
async function funnelRow( table: Locator, title: string ): Promise< string[] > {
	// The inner locator is matched inside each row: start it from the page, not the table.
	const row = table.getByRole( 'row' ).filter( {
		has: table.page().getByRole( 'rowheader', { name: title } ),
	} );
	return ( await row.getByRole( 'cell' ).allTextContents() ).map( ( text ) =>
		text.trim()
	);
}

test( 'a visitor who leaves after two answers is a partial response, and the funnel shows where', async ( {
	page,
	browser,
} ) => {
	const id = onlySurvey(
		[
			question( 1, 'radio-button', Q.plan, {
				options: [ 'Basic', 'Pro' ],
			} ),
			question( 2, 'radio-button', Q.source, {
				options: [ 'Search', 'A friend' ],
			} ),
			question( 3, 'text', Q.more ),
		],
		{ title: TITLE }
	);

	// The visitor answers two questions, each written as it is given, then leaves.
	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	const dialog = widget( visitor, TITLE );
	await expect( dialog ).toBeVisible();
	const writes: Request[] = [];
	visitor.on( 'request', ( request ) => {
		if ( isPartialWrite( request, id ) ) {
			writes.push( request );
		}
	} );
	const firstWrite = visitor.waitForResponse( ( res ) =>
		isPartialWrite( res.request(), id )
	);
	await choice( dialog, 'Pro' ).click();
	expect( ( await firstWrite ).status() ).toBe( 201 );
	await moveOn( dialog, Q.plan, Q.source );
	const secondWrite = visitor.waitForResponse(
		( res ) =>
			isPartialWrite( res.request(), id ) &&
			res.request().postDataJSON()?.answers?.[ 0 ]?.question_id === 2
	);
	await choice( dialog, 'A friend' ).click();
	expect( ( await secondWrite ).status() ).toBe( 200 );
	await moveOn( dialog, Q.source, Q.more );
	await expect( questionTitle( dialog, Q.more ) ).toBeVisible();
	await visitor.close( { runBeforeUnload: true } );
	await visitor.context().close();
	expect( writes.every( ( write ) => ! write.postDataJSON().complete ) ).toBe(
		true
	);

	// Stored once, as partial, with both answers and the question it reached.
	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.status ).toBe( 'partial' );
	expect( stored.completed_at ?? null ).toBeNull();
	expect( Number( stored.last_question ) ).toBe( 2 );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Pro' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [ 'A friend' ] );
	expect( valuesOf( stored, 3 ) ).toEqual( [] );

	// The admin: not among the completed responses, found under Partial.
	await page.goto( responsesUrl( id ) );
	const filters = page.getByRole( 'list', { name: 'Filter Responses' } );
	await expect(
		filters.getByRole( 'button', { name: 'All (0)' } )
	).toBeVisible();
	await expect(
		page
			.getByRole( 'table', { name: 'Responses' } )
			.getByText( 'No Results Found' )
	).toBeVisible();
	await filters.getByRole( 'button', { name: 'Partial (1)' } ).click();
	// The list's view in the URL (issue 19): ?view={"status":"partial"}.
	await expect( page ).toHaveURL(
		/\?view=%7B%22status%22%3A%22partial%22%7D$/
	);
	const table = page.getByRole( 'table', { name: 'Responses' } );
	const row = table.getByRole( 'row' ).filter( {
		has: page.getByRole( 'rowheader', {
			name: new RegExp( `^Response #${ stored.id }\\b` ),
		} ),
	} );
	await expect( row ).toContainText( 'Partial' );
	await expect( row ).toContainText( 'Reached question 3 of 3' );
	await expect( row ).toContainText( Q.more );

	// Its own screen: started, not completed, the third question not answered.
	await row
		.getByRole( 'link', { name: `Response #${ stored.id }`, exact: true } )
		.click();
	const details = page.getByRole( 'region', { name: 'Response details' } );
	await expect( details ).toContainText( 'Not completed' );
	await expect(
		details.getByText( 'Started', { exact: true } )
	).toBeVisible();
	await expect(
		page
			.getByRole( 'region', { name: TITLE } )
			.getByText( 'Not answered (the visitor stopped here)' )
	).toBeVisible();

	// The results: started 1, completed 0, both answers in the funnel.
	await page.goto( resultsUrl( id ) );
	const card = page.getByRole( 'region', { name: 'Drop-off' } );
	await expect( stage( card, 'Started' ) ).toHaveText( '1' );
	await expect( stage( card, 'Completed' ) ).toHaveText( '0' );
	await expect( card ).toContainText( 'Completion rate0.0%' );
	await expect( card ).toContainText( 'Median time to complete—' );
	await expect( card ).toContainText(
		'1 partial response in this range is not counted in these results.'
	);
	const funnel = card.getByRole( 'table', { name: 'Drop-off by question' } );
	expect( await funnelRow( funnel, `1. ${ Q.plan }` ) ).toEqual( [
		'1 (100%)',
		'1',
		'0',
		'0',
	] );
	expect( await funnelRow( funnel, `2. ${ Q.source }` ) ).toEqual( [
		'1 (100%)',
		'1',
		'0',
		'0',
	] );
	// Not left yet: a partial response is "left" at its question once the cron closes it.
	expect( await funnelRow( funnel, `3. ${ Q.more }` ) ).toEqual( [
		'0 (0%)',
		'0',
		'0',
		'0',
	] );

	// The line's link opens the Partial filter.
	await card.getByRole( 'link', { name: 'View partial responses' } ).click();
	await expect( page ).toHaveURL(
		/#\/survey\/\d+\/responses\?status=partial$/
	);
	await expect(
		filters.getByRole( 'button', { name: 'Partial (1)' } )
	).toHaveAttribute( 'aria-current', 'true' );
} );
