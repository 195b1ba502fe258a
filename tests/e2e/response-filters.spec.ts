/**
 * The responses list's filters (issue 19 item 1): an admin filters the detractors on one page,
 * searches a word (marked in the list), exports the CSV and finds exactly the rows the list
 * shows; the filters live in the URL, so a reload keeps them.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import { ELITE, onlySurvey, prepareSite, question } from './fixtures/visitor';
import {
	collectErrors,
	downloadText,
	exportCsv,
	parseCsv,
	postResponse,
	responsesUrl,
} from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const NPS = 'How likely are you to recommend us?';
const TEXT = 'What should we improve?';
const SHOTS = '/work/notes/shots19';

/** [score, page, answer]: 14 responses, so the plain list has two pages of 10. */
const SEED: [ number, 'pricing' | 'blog', string ][] = [
	[ 0, 'pricing', 'The checkout kept failing' ],
	[ 9, 'pricing', 'Nothing, the checkout is fine' ],
	[ 3, 'blog', 'Slow checkout on mobile' ],
	[ 6, 'pricing', 'Prices are unclear' ],
	[ 10, 'blog', 'Keep it up' ],
	[ 2, 'pricing', 'CHECKOUT asked twice for my card' ],
	[ 7, 'pricing', 'More plans' ],
	[ 5, 'blog', 'Search is weak' ],
	[ 1, 'pricing', 'Too expensive' ],
	[ 8, 'blog', 'Dark mode' ],
	[ 4, 'pricing', 'Support took days' ],
	[ 9, 'blog', 'Nothing' ],
	[ 6, 'blog', 'The checkout page is confusing' ],
	[ 10, 'pricing', 'Great as it is' ],
];

function app( page: Page ) {
	return page.locator( '#userfeedback-app' );
}

/** The response ids of the rows the list shows, in order. */
async function shownIds( page: Page ): Promise< number[] > {
	const titles = await app( page )
		.getByRole( 'table', { name: 'Responses' } )
		.locator( 'tbody .row-title' )
		.allTextContents();
	return titles.map( ( title ) => Number( title.replace( /\D/g, '' ) ) );
}

test( 'filters the detractors on one page, searches a word, and exports the same rows', async ( {
	page,
} ) => {
	prepareSite( { entitlements: ELITE } );
	const surveyId = onlySurvey(
		[ question( 1, 'nps', NPS ), question( 2, 'text', TEXT ) ],
		{ title: 'Filters survey' }
	);
	const ids: number[] = [];
	for ( const [ score, slug, text ] of SEED ) {
		ids.push(
			await postResponse(
				page.request,
				surveyId,
				[
					{ question_id: 1, value: score },
					{ question_id: 2, value: text },
				],
				{
					page: {
						link: `https://shop.example/${ slug }/`,
						title: slug === 'pricing' ? 'Pricing' : 'Blog',
					},
				}
			)
		);
	}
	// What the filters must select: detractors (0-6) on the pricing page whose answer says
	// "checkout" (any case), newest first.
	const expected = SEED.map( ( row, index ) => ( { row, id: ids[ index ] } ) )
		.filter(
			( { row: [ score, slug, text ] } ) =>
				score <= 6 && slug === 'pricing' && /checkout/i.test( text )
		)
		.map( ( { id } ) => id )
		.sort( ( a, b ) => b - a );
	expect( expected ).toHaveLength( 2 );

	const errors = collectErrors( page );
	await page.goto( responsesUrl( surveyId ) );
	const list = app( page );
	await expect(
		list.getByRole( 'table', { name: 'Responses' } ).locator( 'tbody tr' )
	).toHaveCount( 10 );

	// Detractors.
	await list.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: NPS } ).click();
	const npsEditor = page.getByRole( 'form', { name: `Filter by ${ NPS }` } );
	await npsEditor.getByRole( 'checkbox', { name: /Detractors/ } ).check();
	await npsEditor.getByRole( 'button', { name: 'Apply' } ).click();
	await expect( list.getByText( '8 responses match' ) ).toBeVisible();

	// On the pricing page.
	await list.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: 'Page URL' } ).click();
	const pageEditor = page.getByRole( 'form', { name: 'Filter by Page URL' } );
	await pageEditor
		.getByRole( 'textbox', { name: 'Contains' } )
		.fill( 'pricing' );
	await pageEditor
		.getByRole( 'textbox', { name: 'Contains' } )
		.press( 'Enter' );
	await expect( list.getByText( '5 responses match' ) ).toBeVisible();
	await expect(
		list
			.getByRole( 'list', { name: 'Active filters' } )
			.getByRole( 'button', { name: /^Edit filter/ } )
	).toHaveText( [
		`${ NPS } is any of Detractors (0-6)`,
		'Page URL contains “pricing”',
	] );

	// A word.
	const search = list.getByRole( 'searchbox', { name: 'Search answers' } );
	await search.fill( 'checkout' );
	await search.press( 'Enter' );
	await expect( list.getByText( '2 responses match' ) ).toBeVisible();
	await expect.poll( () => shownIds( page ) ).toEqual( expected );
	await expect(
		list.getByRole( 'table', { name: 'Responses' } ).locator( 'mark' )
	).toHaveText( [ 'CHECKOUT', 'checkout' ] );

	await list.screenshot( { path: `${ SHOTS }/h4-filters.png` } );

	// The CSV holds exactly the rows shown.
	const rows = parseCsv(
		await downloadText(
			await exportCsv(
				page,
				list.getByRole( 'button', { name: 'Export' } )
			)
		)
	).filter( ( cells ) => cells.some( ( cell ) => cell.trim() !== '' ) );
	expect( rows ).toHaveLength( 1 + expected.length );
	const [ header, ...data ] = rows;
	const idColumn = header.findIndex( ( _cell, index ) =>
		data.every( ( cells ) => expected.includes( Number( cells[ index ] ) ) )
	);
	expect( idColumn, JSON.stringify( rows ) ).toBeGreaterThanOrEqual( 0 );
	expect(
		data
			.map( ( cells ) => Number( cells[ idColumn ] ) )
			.sort( ( a, b ) => b - a )
	).toEqual( expected );
	const textColumn = header.findIndex( ( cell ) => cell.includes( TEXT ) );
	for ( const cells of data ) {
		expect( cells[ textColumn ] ).toMatch( /checkout/i );
	}

	// A reload (or the link shared) shows the same list.
	await page.reload();
	await expect( list.getByText( '2 responses match' ) ).toBeVisible();
	await expect.poll( () => shownIds( page ) ).toEqual( expected );
	await expect(
		list.getByRole( 'searchbox', { name: 'Search answers' } )
	).toHaveValue( 'checkout' );
	await expect(
		list
			.getByRole( 'list', { name: 'Active filters' } )
			.getByRole( 'button', { name: /^Edit filter/ } )
	).toHaveCount( 2 );

	// Narrow screens: the bar wraps, nothing runs off.
	await page.setViewportSize( { width: 760, height: 900 } );
	await expect( list.getByText( '2 responses match' ) ).toBeVisible();
	await list.screenshot( { path: `${ SHOTS }/h4-filters-760.png` } );
	const overflow = await page.evaluate(
		() =>
			document.documentElement.scrollWidth >
			document.documentElement.clientWidth
	);
	expect( overflow ).toBe( false );

	// Reset shows every response again.
	await list.getByRole( 'button', { name: 'Reset filters' } ).first().click();
	await expect(
		list.getByRole( 'table', { name: 'Responses' } ).locator( 'tbody tr' )
	).toHaveCount( 10 );
	expect( errors ).toEqual( [] );
} );

test( 'a link whose view cannot be read shows every response with a notice', async ( {
	page,
} ) => {
	prepareSite( { entitlements: ELITE } );
	const surveyId = onlySurvey( [ question( 1, 'nps', NPS ) ], {
		title: 'Broken link survey',
	} );
	await postResponse( page.request, surveyId, [
		{ question_id: 1, value: 4 },
	] );
	await page.goto( `${ responsesUrl( surveyId ) }?view=%7Bbroken` );
	await expect(
		app( page ).getByText(
			'The filters in this link could not be read, so all responses are shown.'
		)
	).toBeVisible();
	await expect(
		app( page )
			.getByRole( 'table', { name: 'Responses' } )
			.locator( 'tbody tr' )
	).toHaveCount( 1 );
} );
