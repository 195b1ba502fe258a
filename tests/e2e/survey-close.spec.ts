/**
 * Quotas and end dates (issue 18 item 6): a survey with a quota of 2 closes after its 2nd
 * completed response (a third visitor no longer sees it, the surveys list shows it Closed
 * with the reason, a write to it is answered 410), and a survey whose end date has passed
 * is not shown. The builder's "Close the survey" card shows a stored end date in the site's
 * time zone.
 */
import {
	test,
	expect,
	type APIRequestContext,
	type Browser,
} from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	ELITE,
	anyWidget,
	choice,
	createSurvey,
	isResponses,
	moveOn,
	prepareSite,
	question,
	settle,
	siteBatch,
	storedResponses,
	widget,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const SHOTS = '/work/notes/shots18';
const THANKS = 'Thanks a lot!';

let path: string;

test.beforeAll( () => {
	( { 'survey-close': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'survey-close', 'Survey close' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

/** A visitor opens the page and answers the one question; the completion is stored. */
async function answerAsVisitor(
	browser: Browser,
	id: number,
	title: string
): Promise< void > {
	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	const dialog = widget( visitor, title );
	await expect( dialog ).toBeVisible();
	const completed = visitor.waitForResponse( ( res ) => {
		const request = res.request();
		if ( request.method() !== 'POST' || ! isResponses( res.url(), id ) ) {
			return false;
		}
		try {
			return request.postDataJSON()?.complete !== false;
		} catch {
			return false;
		}
	} );
	await choice( dialog, 'Good' ).click();
	await moveOn( dialog, 'How was your visit?', THANKS );
	expect( ( await completed ).status() ).toBeLessThan( 300 );
	await expect( dialog.getByText( THANKS ) ).toBeVisible();
	await visitor.context().close();
}

/** POST surveys/{id}/responses as the widget sends it, with a completed answer. */
async function writeResponse( request: APIRequestContext, id: number ) {
	const { token } = site< { token: string } >( 'survey-token', {
		survey_id: id,
		action: 'submission',
	} );
	const res = await request.post(
		`/?rest_route=/userfeedback/v1/surveys/${ id }/responses`,
		{
			headers: { 'Content-Type': 'application/json' },
			data: {
				answers: [ { question_id: 1, value: 'Good' } ],
				page_submitted: { link: '', title: '' },
				nonce: token,
			},
		}
	);
	return { status: res.status(), body: await res.json().catch( () => null ) };
}

const rating = () =>
	question( 1, 'radio-button', 'How was your visit?', {
		options: [ 'Good', 'Bad' ],
	} );

test( 'a survey with a quota of 2 closes after its 2nd completed response', async ( {
	page,
	browser,
} ) => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
	const title = 'Quota survey';
	const id = createSurvey( [ rating() ], {
		title,
		settings: { close: { after_responses: 2, end_at: null } },
	} );

	await answerAsVisitor( browser, id, title );
	await answerAsVisitor( browser, id, title );
	expect(
		storedResponses( id ).filter(
			( response ) => response.status === 'publish'
		)
	).toHaveLength( 2 );

	// A third visitor: the page's config no longer lists the survey.
	const third = await visitorPage( browser );
	await third.goto( path );
	await settle( third );
	await expect( anyWidget( third, title ) ).toHaveCount( 0 );
	const listed = await third.evaluate(
		() =>
			(
				window as unknown as {
					userfeedbackConfig?: { surveys: Array< { id: number } > };
				}
			 ).userfeedbackConfig?.surveys.map( ( survey ) => survey.id ) ?? []
	);
	expect( listed ).not.toContain( id );
	await third.context().close();

	// A write from a page cached before it closed is refused.
	const refused = await writeResponse( page.request, id );
	expect( refused.status ).toBe( 410 );
	expect( refused.body?.code ).toBe( 'userfeedback_survey_closed' );
	expect( refused.body?.message ).toBe(
		'This survey is closed and no longer takes answers.'
	);
	expect( storedResponses( id ) ).toHaveLength( 2 );

	// The surveys list says Closed, and why.
	await page.goto( SURVEYS );
	const row = page
		.getByRole( 'table', { name: 'Surveys' } )
		.getByRole( 'row' )
		.filter( {
			has: page.getByRole( 'rowheader', { name: /^Quota survey/ } ),
		} );
	await expect( row.getByText( 'Closed', { exact: true } ) ).toBeVisible();
	await expect( row.getByText( 'Reached 2 responses' ) ).toBeVisible();
	await expect( row.getByText( 'Published', { exact: true } ) ).toHaveCount(
		0
	);
	await page.screenshot( {
		path: `${ SHOTS }/H6-list-closed.png`,
		fullPage: false,
	} );
} );

test( 'a survey whose end date has passed is not shown and takes no answers', async ( {
	page,
	browser,
} ) => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
	const ended = createSurvey( [ rating() ], {
		title: 'Ended survey',
		settings: {
			close: { after_responses: null, end_at: '2024-03-01T15:30:00Z' },
		},
	} );
	const open = createSurvey( [ rating() ], {
		title: 'Open survey',
		settings: {
			close: { after_responses: null, end_at: '2099-01-01T00:00:00Z' },
		},
	} );

	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	await expect( widget( visitor, 'Open survey' ) ).toBeVisible();
	await expect(
		visitor.getByRole( 'dialog', { name: 'Ended survey' } )
	).toHaveCount( 0 );
	const listed = await visitor.evaluate(
		() =>
			(
				window as unknown as {
					userfeedbackConfig?: {
						surveys: Array< {
							id: number;
							end_at?: string | null;
						} >;
					};
				}
			 ).userfeedbackConfig?.surveys ?? []
	);
	expect( listed.map( ( survey ) => survey.id ) ).toEqual( [ open ] );
	expect( listed[ 0 ].end_at ).toBe( '2099-01-01T00:00:00Z' );
	await visitor.context().close();

	const refused = await writeResponse( page.request, ended );
	expect( refused.status ).toBe( 410 );
	expect( refused.body?.code ).toBe( 'userfeedback_survey_closed' );

	await page.goto( SURVEYS );
	const row = page
		.getByRole( 'table', { name: 'Surveys' } )
		.getByRole( 'row' )
		.filter( {
			has: page.getByRole( 'rowheader', { name: /^Ended survey/ } ),
		} );
	await expect( row.getByText( 'Closed', { exact: true } ) ).toBeVisible();
	await expect(
		row.locator( '.userfeedback-surveys__closed-reason' )
	).toHaveText( /^Ended \w+/ );
} );

test( 'the builder shows a stored end date in the site’s time zone', async ( {
	page,
} ) => {
	siteBatch( [ { command: 'surveys-clear' } ] );
	const id = createSurvey( [ rating() ], {
		title: 'Builder close',
		settings: {
			priority: 20,
			close: { after_responses: 500, end_at: '2099-07-01T13:15:00Z' },
		},
	} );
	await page.goto( `${ SURVEYS }#/edit/${ id }/settings` );
	const card = page.locator( '.userfeedback-builder-card' ).filter( {
		has: page.getByRole( 'heading', { name: 'Close the survey' } ),
	} );
	await expect( card ).toBeVisible();
	await expect(
		card.getByRole( 'checkbox', { name: 'Close after N responses' } )
	).toBeChecked();
	await expect(
		card.getByRole( 'spinbutton', { name: 'Responses' } )
	).toHaveValue( '500' );
	const group = card.getByRole( 'group', { name: 'Close on' } );
	const zone = await group
		.getByText( /^Times are in the site’s time zone/ )
		.textContent();
	// The site's time zone as the page states it; the fields show the stored moment in it.
	const timeZone = /\((.+)\)\.$/.exec( zone ?? '' )?.[ 1 ] ?? 'UTC';
	const local = new Intl.DateTimeFormat( 'en-CA', {
		timeZone: /^[+-]/.test( timeZone ) ? undefined : timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	} ).format( new Date( '2099-07-01T13:15:00Z' ) );
	await expect( group.getByLabel( 'Date' ) ).toHaveValue( local );
	await expect(
		page.getByRole( 'spinbutton', { name: 'Priority' } )
	).toHaveValue( '20' );
	await card.scrollIntoViewIfNeeded();
	await card.screenshot( { path: `${ SHOTS }/H6-close-card.png` } );
} );
