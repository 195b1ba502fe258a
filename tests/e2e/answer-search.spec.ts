/**
 * Full-text search on the results screen (issue 19 item 2): the admin searches a text question's
 * answers and an NPS survey's comments; the words are marked (<mark>, any case) and the count
 * says how many match. HTML in an answer stays text.
 */
import { test, expect } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import { ELITE, onlySurvey, prepareSite, question } from './fixtures/visitor';
import { postResponse, resultsUrl } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const TEXT = 'What should we improve?';
const NPS = 'How likely are you to recommend us?';

test( 'searching text answers marks the words and counts the matches', async ( {
	page,
} ) => {
	prepareSite( { entitlements: ELITE } );
	const surveyId = onlySurvey( [ question( 1, 'text', TEXT ) ], {
		title: 'Search survey',
	} );
	for ( const value of [
		'Checkout is slow',
		'Pricing page is clear',
		'The CHECKOUT button <b>broke</b>',
	] ) {
		await postResponse( page.request, surveyId, [
			{ question_id: 1, value },
		] );
	}
	await page.goto( resultsUrl( surveyId ) );
	const card = page.getByRole( 'region', { name: new RegExp( TEXT ) } );
	await expect( card.getByText( 'Pricing page is clear' ) ).toBeVisible();
	await card.getByLabel( 'Search Answers' ).fill( 'checkout' );
	await card.getByLabel( 'Search Answers' ).press( 'Enter' );
	await expect( card.getByText( '2 answers match' ) ).toBeVisible();
	await expect( card.getByText( 'Pricing page is clear' ) ).toHaveCount( 0 );
	await expect( card.locator( 'mark' ) ).toHaveText( [
		'CHECKOUT',
		'Checkout',
	] );
	await expect( card.getByText( /<b>broke<\/b>/ ) ).toBeVisible();
	await expect( card.locator( '.userfeedback-answers b' ) ).toHaveCount( 0 );
	await card.screenshot( { path: '/work/notes/shots19/H5-text-search.png' } );

	await card.getByLabel( 'Search Answers' ).fill( 'zebra' );
	await card.getByLabel( 'Search Answers' ).press( 'Enter' );
	await expect(
		card.getByText( 'No answers match your search.' )
	).toBeVisible();
} );

test( 'searching NPS comments marks the words', async ( { page } ) => {
	prepareSite( { entitlements: ELITE } );
	const surveyId = onlySurvey(
		[ question( 1, 'nps', NPS, {}, { comment_box: true } ) ],
		{ title: 'NPS search survey', type: 'nps' }
	);
	for ( const [ value, comments ] of [
		[ 9, 'Great pricing for teams' ],
		[ 3, 'Pricing went up again' ],
		[ 7, 'Support was quick' ],
	] as const ) {
		await postResponse( page.request, surveyId, [
			{ question_id: 1, value, extra: { comments } },
		] );
	}
	await page.goto( resultsUrl( surveyId ) );
	const comments = page.locator( '.userfeedback-nps-comments' );
	await expect( comments.getByText( 'Support was quick' ) ).toBeVisible();
	await comments.getByLabel( 'Search Comments' ).fill( 'PRICING' );
	await comments.getByLabel( 'Search Comments' ).press( 'Enter' );
	await expect( comments.getByText( '2 comments match' ) ).toBeVisible();
	await expect( comments.locator( 'mark' ) ).toHaveText( [
		'Pricing',
		'pricing',
	] );
	await comments.screenshot( {
		path: '/work/notes/shots19/H5-nps-comment-search.png',
	} );
} );
