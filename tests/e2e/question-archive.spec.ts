/**
 * Results survive question edits (issue 17, item 5), and a question hidden by logic reads
 * "Not shown" on the response page (item 9). A survey with two responses: the second one's
 * "No" hid question 2 from that visitor. Deleting question 2 in the builder says its answers
 * are kept; afterwards its results card and the response page still show its answer under
 * its old title, marked as removed, and a visitor no longer sees it.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import { postResponse, responseUrl, resultsUrl } from './fixtures/results';
import {
	ELITE,
	choice,
	moveOn,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	siteBatch,
	widget,
	type Question,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Archive survey';
const Q = {
	like: 'Do you like it?',
	what: 'What do you like?',
	more: 'Anything else?',
};
const SHOTS = '/work/notes/shots17';

let path: string;

test.beforeAll( () => {
	( { 'question-archive': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'question-archive', 'Question archive' ] ],
	} ) );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

/** The answers card's entry of a question on the response page. */
const entry = ( page: Page, title: string | RegExp ) =>
	page
		.getByRole( 'region', { name: TITLE } )
		.getByRole( 'listitem' )
		.filter( { has: page.getByRole( 'heading', { name: title } ) } );

test( 'a deleted question with answers is archived: the confirmation says so, results and responses keep it marked removed, visitors no longer see it', async ( {
	page,
	browser,
} ) => {
	const shown: Question & { logic: object } = {
		...question( 2, 'text', Q.what ),
		logic: {
			enabled: true,
			action: 'show',
			conditions: [ { question_id: 1, compare: 'equals', value: 'Yes' } ],
		},
	};
	const id = onlySurvey(
		[
			question( 1, 'radio-button', Q.like, { options: [ 'Yes', 'No' ] } ),
			shown,
			question( 3, 'text', Q.more ),
		],
		{ title: TITLE }
	);
	const liked = await postResponse( page.request, id, [
		{ question_id: 1, value: 'Yes' },
		{ question_id: 2, value: 'The colours' },
		{ question_id: 3, value: 'Nothing' },
	] );
	const disliked = await postResponse( page.request, id, [
		{ question_id: 1, value: 'No' },
		{ question_id: 3, value: 'Too slow' },
	] );

	// "No" hid question 2 from the second visitor: "Not shown", not "Skipped".
	await page.goto( responseUrl( id, disliked ) );
	await expect( entry( page, Q.what ) ).toContainText( 'Not shown' );
	await expect( entry( page, Q.what ) ).not.toContainText( 'Skipped' );
	await page.screenshot( { path: `${ SHOTS }/H2-not-shown.png` } );

	// Delete question 2 in the builder: the confirmation says its answers are kept.
	await page.goto(
		`/wp-admin/admin.php?page=userfeedback_surveys#/edit/${ id }/questions`
	);
	const card = page
		.getByRole( 'list', { name: 'Questions' } )
		.getByRole( 'listitem', { name: /^Question 2/ } );
	await card.getByRole( 'button', { name: 'Delete Question' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Delete Question?' } );
	await expect( dialog ).toContainText(
		'This survey has 2 responses. Answers already given to this question are kept'
	);
	await expect( dialog ).toContainText( 'marked as removed' );
	await page.screenshot( { path: `${ SHOTS }/H2-delete-confirmation.png` } );
	const saved = page.waitForResponse(
		( res ) =>
			res.request().method() !== 'GET' &&
			new RegExp( `/userfeedback/v1/surveys/${ id }(\\?|$)` ).test(
				decodeURIComponent( res.url() )
			)
	);
	await dialog.getByRole( 'button', { name: 'Delete' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
	await expect(
		page
			.getByRole( 'list', { name: 'Questions' } )
			.getByRole( 'listitem', { name: /^Question \d/ } )
	).toHaveCount( 2 );

	// The results card keeps its answers under the old title, marked as removed.
	await page.goto( resultsUrl( id ) );
	const removedCard = page.getByRole( 'region', {
		name: `3. ${ Q.what } Removed from the survey`,
	} );
	await expect( removedCard ).toBeVisible();
	await expect( removedCard ).toContainText( 'The colours' );
	await removedCard.scrollIntoViewIfNeeded();
	await page.screenshot( { path: `${ SHOTS }/H2-results-removed.png` } );

	// So does the response page.
	await page.goto( responseUrl( id, liked ) );
	const removed = entry( page, `${ Q.what } Removed from the survey` );
	await expect( removed ).toContainText( 'The colours' );

	// A visitor who likes it goes from question 1 straight to question 3.
	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	const survey = widget( visitor, TITLE );
	await expect( survey ).toBeVisible();
	await choice( survey, 'Yes' ).click();
	await moveOn( survey, Q.like, Q.more );
	await expect( questionTitle( survey, Q.more ) ).toBeVisible();
	await expect( survey ).not.toContainText( Q.what );
	await visitor.context().close();
} );
