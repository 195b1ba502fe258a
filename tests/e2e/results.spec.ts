/**
 * Results, responses and exports (issue 5, spec 2): a visitor answers through the widget, more
 * answers come through the public route, and the admin reads them on the Results screens,
 * steps through single responses, trashes and restores one, bulk-trashes and deletes, and
 * exports a CSV. A Lite site gets upgrade prompts instead; an NPS survey its own layout.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	ELITE,
	choice,
	impressionCount,
	moveOn,
	nextButton,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	replaceSurveys,
	siteBatch,
	storedResponses,
	submission,
	widget,
	type Question,
	visitorPage,
} from './fixtures/visitor';
import {
	RESULTS,
	USER_AGENTS,
	cardOf,
	collectErrors,
	downloadText,
	escapeRegExp,
	exportCsv,
	numbersNear,
	parseCsv,
	postResponse,
	responseUrl,
	responsesUrl,
	resultsUrl,
} from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const Q = {
	plan: 'Which plan are you on?',
	stars: 'Rate this page',
	text: 'What brought you here?',
	nps: 'How likely are you to recommend us?',
};
const THANKS = 'Thanks a lot!';
const TITLE = 'Results survey';
const PAGE_TITLE = 'Results page';

const QUESTIONS: Question[] = [
	question( 1, 'radio-button', Q.plan, { options: [ 'Basic', 'Pro' ] } ),
	question( 2, 'star-rating', Q.stars ),
	question( 3, 'text', Q.text ),
];

/** The responses table (the shared DataTable, named by its hidden caption). */
function responsesTable( page: Page ): Locator {
	return page.getByRole( 'table', { name: /responses/i } );
}

function dataRows( page: Page ): Locator {
	return responsesTable( page ).locator( 'tbody tr' );
}

/** The row of a response, found by the link to its single screen (title or View). */
function responseRow( page: Page, responseId: number ): Locator {
	return dataRows( page ).filter( {
		has: page.locator( `a[href$="/responses/${ responseId }"]` ),
	} );
}

/** Status quick filters: "All (3) | Published (3) | Trash (0)". */
function quickFilter( page: Page, label: string ): Locator {
	return page.getByRole( 'list', { name: /filter/i } ).getByRole( 'button', {
		name: new RegExp( `^${ label } \\(\\d+\\)$` ),
	} );
}

async function expectFilterCounts(
	page: Page,
	counts: Record< string, number >
) {
	for ( const [ label, count ] of Object.entries( counts ) ) {
		await expect( quickFilter( page, label ) ).toHaveText(
			`${ label } (${ count })`
		);
	}
}

/** The app's own part of the admin page (not WordPress's menus). */
const app = ( page: Page ) => page.locator( '#userfeedback-app' );

/** The export control of a results or responses screen. */
function exportControl( page: Page ): Locator {
	return app( page )
		.getByRole( 'button', { name: /export/i } )
		.or( app( page ).getByRole( 'link', { name: /export/i } ) )
		.first();
}

/**
 * The export page's URL for a survey's general CSV report, with the page's exports nonce
 * (results.ts: exports are browser navigations).
 *
 * @param page     An admin page of the app.
 * @param surveyId The survey.
 */
async function generalCsvUrl(
	page: Page,
	surveyId: number
): Promise< string > {
	const nonce = await app( page ).evaluate(
		( el ) =>
			JSON.parse( el.getAttribute( 'data-config' ) || '{}' )
				.exports_nonce as string
	);
	expect( nonce, 'config.exports_nonce' ).toBeTruthy();
	return `/wp-admin/admin.php?page=userfeedback_exports&survey_id=${ surveyId }&report=general&format=csv&_wpnonce=${ nonce }`;
}

/** The single response screen's prev/next buttons. */
const previousButton = ( page: Page ) =>
	page.getByRole( 'button', { name: /^prev(ious)?( response)?$/i } );
const nextResponseButton = ( page: Page ) =>
	page.getByRole( 'button', { name: /^next( response)?$/i } );

/**
 * Picks a survey in the screen's survey dropdown, a native select or a listbox.
 *
 * @param page  The page.
 * @param title The survey's title.
 */
async function chooseSurvey( page: Page, title: string ) {
	const dropdown = page.getByRole( 'combobox' ).first();
	await expect( dropdown ).toBeVisible();
	const tag = await dropdown.evaluate( ( el ) => el.tagName );
	if ( tag === 'SELECT' ) {
		await dropdown.selectOption( { label: title } );
		return;
	}
	await dropdown.click();
	await page.getByRole( 'option', { name: title } ).click();
}

test.describe( 'Pro elite: results, responses and export', () => {
	let surveyId: number;
	let quietId: number;
	let pagePath: string;
	/** The responses, by how they came: the widget, and two posted ones. */
	const ids = { widget: 0, formula: 0, mobile: 0 };

	test.beforeAll( async ( { browser } ) => {
		( { 'results-page': pagePath } = prepareSite( {
			entitlements: ELITE,
			pages: [ [ 'results-page', PAGE_TITLE ] ],
		} ) );
		[ surveyId, quietId ] = replaceSurveys(
			[ QUESTIONS, { title: TITLE } ],
			[
				[
					question( 1, 'radio-button', 'Anyone there?', {
						options: [ 'Yes', 'No' ],
					} ),
				],
				{ title: 'Quiet survey', status: 'draft' },
			]
		);

		// 1. A visitor answers through the widget.
		const visitor = await visitorPage( browser );
		await visitor.goto( pagePath );
		const dialog = widget( visitor, TITLE );
		await expect( dialog ).toBeVisible();
		await choice( dialog, 'Pro' ).click();
		await moveOn( dialog, Q.plan, Q.stars );
		await dialog
			.getByRole( 'radiogroup', { name: Q.stars } )
			.getByRole( 'radio' )
			.nth( 3 )
			.click();
		await moveOn( dialog, Q.stars, Q.text );
		await dialog
			.getByRole( 'textbox', { name: Q.text } )
			.fill( 'A search' );
		const submitted = submission( visitor, surveyId );
		await nextButton( dialog ).click();
		const { response, body } = await submitted;
		// The write of the first answer created the response; the last one completes it.
		expect( response.status() ).toBe( 200 );
		await expect( dialog.getByText( THANKS ) ).toBeVisible();
		ids.widget = body.id;

		// 2. Two more through the public route, from other browsers, one second later so that
		// the default order (submitted_at desc, then id desc) is the same on every engine.
		const link = new URL( pagePath, process.env.UF_E2E_URL ).href;
		ids.formula = await postResponse(
			visitor.request,
			surveyId,
			[
				{ question_id: 1, value: 'Basic' },
				{ question_id: 2, value: 5 },
				{ question_id: 3, value: '=1+1' },
			],
			{
				page: { link, title: PAGE_TITLE },
				userAgent: USER_AGENTS.firefoxWindows,
			}
		);
		ids.mobile = await postResponse(
			visitor.request,
			surveyId,
			[
				{ question_id: 1, value: 'Pro' },
				{ question_id: 2, value: 3 },
				{ question_id: 3, value: 'A friend' },
			],
			{
				page: { link, title: PAGE_TITLE },
				userAgent: USER_AGENTS.safariIphone,
			}
		);
		await visitor.context().close();
		expect(
			storedResponses( surveyId ).map( ( r ) => [ r.id, r.status ] )
		).toEqual( [
			[ ids.widget, 'publish' ],
			[ ids.formula, 'publish' ],
			[ ids.mobile, 'publish' ],
		] );
	} );

	test.afterAll( () => {
		siteBatch( [
			{ command: 'surveys-clear' },
			{ command: 'responses-clear' },
			{ command: 'entitlements', arg: null },
		] );
	} );

	test( 'the overview lists the survey with its count; its results show the cards, option counts and text answers', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		await page.goto( RESULTS );

		// The surveys table: the answered survey with 3 all time and 3 in the range.
		const row = page
			.getByRole( 'row' )
			.filter( { has: page.getByRole( 'link', { name: TITLE } ) } )
			.first();
		await expect( row ).toBeVisible();
		await expect( row ).toContainText( 'Published' );
		await expect(
			row.getByRole( 'cell', { name: '3', exact: true } )
		).toHaveCount( 2 );
		const quiet = page
			.getByRole( 'row' )
			.filter( {
				has: page.getByRole( 'link', { name: 'Quiet survey' } ),
			} )
			.first();
		await expect( quiet ).toContainText( 'Draft' );
		await expect(
			quiet.getByRole( 'cell', { name: '0', exact: true } )
		).toHaveCount( 2 );
		// The title links to the survey's results.
		await expect(
			row.getByRole( 'link', { name: TITLE, exact: true } )
		).toHaveAttribute(
			'href',
			new RegExp( `#/survey/${ surveyId }(\\?.*)?$` )
		);
		expect( quietId ).toBeGreaterThan( 0 );

		// Pro has the 30-day range too: same counts, its own column.
		const ranges = app( page ).getByRole( 'group', { name: 'Range' } );
		await ranges.getByRole( 'button', { name: 'Past 30 Days' } ).click();
		await expect(
			ranges.getByRole( 'button', { name: 'Past 30 Days' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await expect(
			page.getByRole( 'columnheader', { name: /Past 30 Days/ } )
		).toBeVisible();
		await expect(
			row.getByRole( 'cell', { name: '3', exact: true } )
		).toHaveCount( 2 );

		await row.getByRole( 'link', { name: /View Results/i } ).click();
		await expect( page ).toHaveURL(
			new RegExp( `#/survey/${ surveyId }(\\?.*)?$` )
		);

		// Four count cards: past 7 days, past 30 days, total, impressions.
		const impressions = impressionCount( surveyId );
		await expect
			.poll( () => numbersNear( page, /^\s*total responses\s*$/i ) )
			.toContain( 3 );
		await expect
			.poll( () => numbersNear( page, /^\s*(past|last) 7 days\s*$/i ) )
			.toContain( 3 );
		await expect
			.poll( () => numbersNear( page, /^\s*(past|last) 30 days\s*$/i ) )
			.toContain( 3 );
		await expect
			.poll( () => numbersNear( page, /^\s*impressions\s*$/i ) )
			.toContain( impressions );

		// The radio question's card counts each option.
		const planCard = cardOf( page, Q.plan, [ 'Basic' ] );
		await expect( planCard ).toBeVisible();
		await expect
			.poll( () => numbersNear( planCard, 'Pro', [ 'Basic' ] ) )
			.toContain( 2 );
		await expect
			.poll( () => numbersNear( planCard, 'Basic', [ 'Pro' ] ) )
			.toContain( 1 );

		// The star card shows the average, (4 + 5 + 3) / 3.
		await expect
			.poll( () => cardOf( page, Q.stars ).innerText() )
			.toMatch( /(^|\s)4(\.0+)?(\s|$)/ );

		// The text answers appear, the formula as plain text.
		const textCard = cardOf( page, Q.text, [ 'A search' ] );
		for ( const answer of [ 'A search', '=1+1', 'A friend' ] ) {
			await expect(
				textCard.getByText( answer, { exact: true } )
			).toBeVisible();
		}
		expect( errors ).toEqual( [] );
	} );

	test( 'View Responses lists them; a response shows its answers and metadata and steps prev/next', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		await page.goto( resultsUrl( surveyId ) );
		await page
			.getByRole( 'link', { name: /view responses/i } )
			.or( page.getByRole( 'button', { name: /view responses/i } ) )
			.first()
			.click();
		await expect( page ).toHaveURL(
			new RegExp( `#/survey/${ surveyId }/responses(\\?.*)?$` )
		);

		// Newest first: the two posted ones, then the widget's.
		await expect( dataRows( page ) ).toHaveCount( 3 );
		for ( const id of [ ids.mobile, ids.formula, ids.widget ] ) {
			await expect( responseRow( page, id ) ).toHaveCount( 1 );
		}
		await expect(
			dataRows( page ).filter( { hasText: 'Published' } )
		).toHaveCount( 3 );
		await expectFilterCounts( page, { All: 3, Published: 3, Trash: 0 } );

		// View opens the newest.
		const first = dataRows( page ).first();
		await first.hover();
		await first.getByRole( 'link', { name: /^View\b/ } ).click();
		await expect( page ).toHaveURL(
			new RegExp(
				`#/survey/${ surveyId }/responses/${ ids.mobile }(\\?.*)?$`
			)
		);
		await expect(
			page.getByRole( 'heading', { name: `Response #${ ids.mobile }` } )
		).toBeVisible();
		await expect( page.getByText( 'Response 1 of 3' ) ).toBeVisible();
		await expect( previousButton( page ) ).toBeDisabled();
		await expect( nextResponseButton( page ) ).toBeEnabled();

		// The answers card: the survey's title, each question with its answer.
		const main = page.locator( '#userfeedback-app' );
		await expect( main.getByText( TITLE ).first() ).toBeVisible();
		for ( const title of [ Q.plan, Q.stars, Q.text ] ) {
			await expect( main.getByText( title ).first() ).toBeVisible();
		}
		await expect(
			main.getByText( 'A friend', { exact: true } )
		).toBeVisible();
		await expect( main.getByText( 'Pro', { exact: true } ) ).toBeVisible();

		// The metadata card: browser, OS, device, IP and a link to the page.
		await expect(
			main.getByText( 'Safari', { exact: true } )
		).toBeVisible();
		await expect( main.getByText( 'iOS', { exact: true } ) ).toBeVisible();
		await expect( main.getByText( /^mobile$/i ) ).toBeVisible();
		await expect(
			main.getByText( '127.0.0.0', { exact: true } )
		).toBeVisible();
		await expect(
			main.getByRole( 'link', { name: PAGE_TITLE } )
		).toHaveAttribute(
			'href',
			new RegExp( `${ escapeRegExp( pagePath ) }$` )
		);

		// Next: the formula one, from Firefox on Windows, shown as text.
		await nextResponseButton( page ).click();
		await expect( page.getByText( 'Response 2 of 3' ) ).toBeVisible();
		await expect(
			page.getByRole( 'heading', { name: `Response #${ ids.formula }` } )
		).toBeVisible();
		await expect( main.getByText( '=1+1', { exact: true } ) ).toBeVisible();
		await expect(
			main.getByText( 'Firefox', { exact: true } )
		).toBeVisible();
		await expect(
			main.getByText( 'Windows', { exact: true } )
		).toBeVisible();
		await expect( previousButton( page ) ).toBeEnabled();

		// Next again: the widget's, the last one.
		await nextResponseButton( page ).click();
		await expect( page.getByText( 'Response 3 of 3' ) ).toBeVisible();
		await expect(
			page.getByRole( 'heading', { name: `Response #${ ids.widget }` } )
		).toBeVisible();
		await expect(
			main.getByText( 'A search', { exact: true } )
		).toBeVisible();
		await expect( main.getByText( /^desktop$/i ) ).toBeVisible();
		await expect( nextResponseButton( page ) ).toBeDisabled();

		// Previous steps back.
		await previousButton( page ).click();
		await expect( page.getByText( 'Response 2 of 3' ) ).toBeVisible();
		await expect(
			page.getByRole( 'heading', { name: `Response #${ ids.formula }` } )
		).toBeVisible();

		// The back link returns to the list.
		await app( page )
			.getByRole( 'link', { name: /back to all responses/i } )
			.click();
		await expect( page ).toHaveURL(
			new RegExp( `#/survey/${ surveyId }/responses(\\?.*)?$` )
		);
		await expect( dataRows( page ) ).toHaveCount( 3 );
		expect( errors ).toEqual( [] );
	} );

	test( 'a response is trashed from its row, shows under Trash, and is restored to All', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		page.on( 'dialog', ( dialog ) => dialog.accept() );
		await page.goto( responsesUrl( surveyId ) );
		await expect( dataRows( page ) ).toHaveCount( 3 );
		await expectFilterCounts( page, { All: 3, Published: 3, Trash: 0 } );

		const row = responseRow( page, ids.formula );
		await row.hover();
		const trashed = page.waitForResponse(
			( res ) =>
				res.request().method() === 'POST' &&
				/\/responses\/trash/.test( decodeURIComponent( res.url() ) )
		);
		await row.getByRole( 'button', { name: /^Trash\b/ } ).click();
		const confirm = page.getByRole( 'dialog' ).getByRole( 'button', {
			name: /^(Trash|Move to Trash|Confirm|OK|Yes)/,
		} );
		await Promise.race( [
			trashed,
			confirm
				.waitFor( { state: 'visible', timeout: 3_000 } )
				.then( () => confirm.click() )
				.catch( () => {} ),
		] );
		expect( ( await trashed ).status() ).toBe( 200 );

		await expect( dataRows( page ) ).toHaveCount( 2 );
		await expect( responseRow( page, ids.formula ) ).toHaveCount( 0 );
		await expectFilterCounts( page, { All: 2, Published: 2, Trash: 1 } );
		expect(
			storedResponses( surveyId ).find( ( r ) => r.id === ids.formula )
				?.status
		).toBe( 'trash' );

		// The results leave the trashed response out.
		await page.goto( resultsUrl( surveyId ) );
		await expect
			.poll( () => numbersNear( page, /^\s*total responses\s*$/i ) )
			.toEqual( [ 2 ] );
		await page.goto( responsesUrl( surveyId ) );
		await expect( dataRows( page ) ).toHaveCount( 2 );

		// Under Trash: the one response, marked Trash, with Restore and without View.
		await quickFilter( page, 'Trash' ).click();
		await expect( quickFilter( page, 'Trash' ) ).toHaveAttribute(
			'aria-current',
			'true'
		);
		await expect( dataRows( page ) ).toHaveCount( 1 );
		const inTrash = dataRows( page ).first();
		await expect( inTrash ).toContainText( 'Trash' );
		await inTrash.hover();
		await expect(
			inTrash.getByRole( 'link', { name: /^View\b/ } )
		).toHaveCount( 0 );
		await expect(
			inTrash.getByRole( 'button', { name: /^Delete permanently\b/i } )
		).toBeVisible();
		const restored = page.waitForResponse(
			( res ) =>
				res.request().method() === 'POST' &&
				/\/responses\/restore/.test( decodeURIComponent( res.url() ) )
		);
		await inTrash.getByRole( 'button', { name: /^Restore\b/ } ).click();
		expect( ( await restored ).status() ).toBe( 200 );
		const sent = ( await restored ).request().postDataJSON();
		expect( sent.response_ids.map( Number ) ).toEqual( [ ids.formula ] );

		// Back under All with the counts put right.
		await expectFilterCounts( page, { All: 3, Published: 3, Trash: 0 } );
		await quickFilter( page, 'All' ).click();
		await expect( dataRows( page ) ).toHaveCount( 3 );
		await expect( responseRow( page, ids.formula ) ).toHaveCount( 1 );
		expect( storedResponses( surveyId ).map( ( r ) => r.status ) ).toEqual(
			[ 'publish', 'publish', 'publish' ]
		);
		expect( errors ).toEqual( [] );
	} );

	test( 'Export Results downloads a CSV: a header and one row per response, formulas neutralised', async ( {
		page,
	} ) => {
		await page.goto( resultsUrl( surveyId ) );
		const control = exportControl( page );
		await expect( control ).toBeEnabled();
		const download = await exportCsv( page, control );
		expect( download.suggestedFilename() ).toMatch( /\.csv$/ );
		const rows = parseCsv( await downloadText( download ) ).filter(
			( cells ) => cells.some( ( cell ) => cell.trim() !== '' )
		);

		expect( rows ).toHaveLength( 4 );
		const [ header, ...data ] = rows;
		const column = ( title: string ) => {
			const index = header.findIndex( ( cell ) =>
				cell.includes( title )
			);
			expect(
				index,
				`a column for "${ title }" in ${ header }`
			).toBeGreaterThanOrEqual( 0 );
			return data.map( ( cells ) => cells[ index ] );
		};
		expect( column( Q.plan ).sort() ).toEqual( [ 'Basic', 'Pro', 'Pro' ] );
		expect( column( Q.stars ).sort() ).toEqual( [ '3', '4', '5' ] );
		expect( column( Q.text ).sort() ).toEqual( [
			"'=1+1",
			'A friend',
			'A search',
		] );
		// Some column holds the response ids, one row each.
		const idColumn = header.findIndex( ( _, i ) =>
			data
				.map( ( cells ) => Number( cells[ i ] ) )
				.sort( ( a, b ) => a - b )
				.every(
					( value, j ) =>
						value ===
						[ ids.widget, ids.formula, ids.mobile ].sort(
							( a, b ) => a - b
						)[ j ]
				)
		);
		expect(
			idColumn,
			`the response ids in ${ JSON.stringify( rows ) }`
		).toBeGreaterThanOrEqual( 0 );
		// No cell a spreadsheet would run as a formula.
		for ( const cells of rows ) {
			for ( const cell of cells ) {
				expect( cell ).not.toMatch( /^[=+@\t\r]/ );
			}
		}

		// The responses list's Export gives the same general report.
		await page.goto( responsesUrl( surveyId ) );
		await expect( dataRows( page ) ).toHaveCount( 3 );
		const fromList = parseCsv(
			await downloadText( await exportCsv( page, exportControl( page ) ) )
		).filter( ( cells ) => cells.some( ( cell ) => cell.trim() !== '' ) );
		expect( fromList ).toHaveLength( 4 );
		expect( fromList[ 0 ] ).toEqual( header );

		// The export page as such (what the Lite test asks of it too): an attachment.
		const direct = await page.request.get(
			await generalCsvUrl( page, surveyId )
		);
		expect( direct.status() ).toBe( 200 );
		expect( direct.headers()[ 'content-disposition' ] ).toMatch(
			/attachment/i
		);
	} );

	// Last in this group: it adds two responses and deletes them for good.
	test( 'bulk actions: two responses trashed together, then deleted permanently from the Trash', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		const extra = [
			await postResponse(
				page.request,
				surveyId,
				[
					{ question_id: 1, value: 'Basic' },
					{ question_id: 2, value: null },
					{ question_id: 3, value: 'Bulk one' },
				],
				{
					page: { link: 'javascript:alert(1)', title: 'Sneaky page' },
				}
			),
			await postResponse( page.request, surveyId, [
				{ question_id: 1, value: 'Basic' },
				{ question_id: 3, value: 'Bulk two' },
			] ),
		];

		// Its single screen: the skipped star question says so; the page, whose link was not
		// http(s), is its name without a link.
		await page.goto( responseUrl( surveyId, extra[ 0 ] ) );
		await expect(
			page.getByRole( 'heading', { name: `Response #${ extra[ 0 ] }` } )
		).toBeVisible();
		await expect( app( page ).getByText( 'Bulk one' ) ).toBeVisible();
		await expect(
			app( page ).getByText( 'Skipped', { exact: true } )
		).toBeVisible();
		await expect(
			app( page ).getByText( 'Sneaky page', { exact: true } )
		).toBeVisible();
		await expect(
			app( page ).getByRole( 'link', { name: /Sneaky page/ } )
		).toHaveCount( 0 );
		await expect(
			app( page ).locator( 'a[href^="javascript"]' )
		).toHaveCount( 0 );

		await page.goto( responsesUrl( surveyId ) );
		await expect( dataRows( page ) ).toHaveCount( 5 );
		await expectFilterCounts( page, { All: 5, Trash: 0 } );

		const bulk = app( page ).getByLabel( 'Select bulk action' ).first();
		const apply = app( page )
			.getByRole( 'button', { name: 'Apply' } )
			.first();
		for ( const id of extra ) {
			await responseRow( page, id ).getByRole( 'checkbox' ).check();
		}
		await bulk.selectOption( { label: 'Trash' } );
		const trashed = page.waitForResponse(
			( res ) =>
				res.request().method() === 'POST' &&
				/\/responses\/trash/.test( decodeURIComponent( res.url() ) )
		);
		await apply.click();
		expect(
			( await trashed )
				.request()
				.postDataJSON()
				.response_ids.map( Number )
				.sort( ( a: number, b: number ) => a - b )
		).toEqual( [ ...extra ].sort( ( a, b ) => a - b ) );
		await expectFilterCounts( page, { All: 3, Trash: 2 } );
		await expect( dataRows( page ) ).toHaveCount( 3 );

		// In the Trash the bulk actions are Restore and Delete Permanently.
		await quickFilter( page, 'Trash' ).click();
		await expect( dataRows( page ) ).toHaveCount( 2 );
		await expect( bulk.locator( 'option' ) ).toHaveText( [
			'Bulk actions',
			'Restore',
			'Delete Permanently',
		] );
		await responsesTable( page ).getByRole( 'checkbox' ).first().check();
		await bulk.selectOption( { label: 'Delete Permanently' } );
		await apply.click();
		const confirm = page.getByRole( 'dialog', {
			name: 'Delete permanently?',
		} );
		await expect( confirm ).toBeVisible();
		// api-fetch may send a DELETE as POST with X-HTTP-Method-Override.
		const deleted = page.waitForResponse(
			( res ) =>
				[
					res.request().method(),
					res.request().headers()[ 'x-http-method-override' ],
				].includes( 'DELETE' ) &&
				/\/responses(\?|&|$)/.test( decodeURIComponent( res.url() ) )
		);
		await confirm
			.getByRole( 'button', { name: 'Delete permanently' } )
			.click();
		expect( ( await deleted ).status() ).toBe( 200 );

		// The Trash is empty now: the list goes back to All.
		await expect( quickFilter( page, 'All' ) ).toHaveAttribute(
			'aria-current',
			'true'
		);
		await expectFilterCounts( page, { All: 3, Trash: 0 } );
		await expect( dataRows( page ) ).toHaveCount( 3 );
		expect( storedResponses( surveyId ).map( ( r ) => r.id ) ).toEqual( [
			ids.widget,
			ids.formula,
			ids.mobile,
		] );
		expect( errors ).toEqual( [] );
	} );

	// Last: it changes the survey's options under its stored answers.
	test( 'an option renamed under stored answers: the card warns and links to the questions', async ( {
		page,
	} ) => {
		site( 'survey-update', {
			id: surveyId,
			questions: [
				question( 1, 'radio-button', Q.plan, {
					options: [ 'Starter', 'Pro' ],
				} ),
				...QUESTIONS.slice( 1 ),
			],
		} );
		await page.goto( resultsUrl( surveyId ) );
		const planCard = cardOf( page, Q.plan, [ 'Starter' ] );
		await expect( planCard ).toContainText(
			'This question has invalid options. You can fix it here'
		);
		await expect(
			planCard.getByRole( 'link', { name: 'here', exact: true } )
		).toHaveAttribute(
			'href',
			new RegExp( `page=userfeedback_surveys#/edit/${ surveyId }/` )
		);
		await expect
			.poll( () => numbersNear( planCard, 'Starter', [ 'Pro' ] ) )
			.toContain( 0 );
		// The other questions' cards do not warn (a Notice also speaks its text in a live
		// region outside the app: only the app counts).
		await expect(
			app( page ).getByText( /has invalid options/ )
		).toHaveCount( 1 );
	} );
} );

test.describe( 'Lite: results without export or response management', () => {
	let surveyId: number;

	test.beforeAll( async ( { browser } ) => {
		prepareSite( { entitlements: null } );
		surveyId = onlySurvey(
			[
				question( 1, 'radio-button', Q.plan, {
					options: [ 'Basic', 'Pro' ],
				} ),
				question( 2, 'text', Q.text ),
			],
			{ title: 'Lite results survey' }
		);
		const visitor = await visitorPage( browser );
		await postResponse( visitor.request, surveyId, [
			{ question_id: 1, value: 'Basic' },
			{ question_id: 2, value: 'Lite answer' },
		] );
		await visitor.context().close();
	} );

	test.afterAll( () => {
		siteBatch( [
			{ command: 'surveys-clear' },
			{ command: 'responses-clear' },
		] );
	} );

	test( 'the export control is disabled with an upgrade hint; the list has no trash, filters or View', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		// The overview's 30-day range is an upgrade: the dialog opens, the range stays at 7.
		await page.goto( RESULTS );
		const ranges = app( page ).getByRole( 'group', { name: 'Range' } );
		await ranges.getByRole( 'button', { name: 'Past 30 Days' } ).click();
		await expect( page.getByRole( 'dialog' ) ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
		await expect(
			ranges.getByRole( 'button', { name: 'Past 7 Days' } )
		).toHaveAttribute( 'aria-pressed', 'true' );

		await page.goto( resultsUrl( surveyId ) );
		await expect(
			cardOf( page, Q.text ).getByText( 'Lite answer', { exact: true } )
		).toBeVisible();
		const control = exportControl( page );
		await expect( control ).toBeDisabled();
		// A disabled button gets no pointer events: the hint hangs on what wraps it.
		await control.locator( '..' ).hover();
		const tooltip = page.getByRole( 'tooltip' );
		await expect
			.poll( async () => {
				const shown = ( await tooltip.count() )
					? await tooltip.first().innerText()
					: '';
				const described = await control.evaluate( ( el ) =>
					[
						el.getAttribute( 'title' ) ?? '',
						...( el.getAttribute( 'aria-describedby' ) ?? '' )
							.split( /\s+/ )
							.filter( Boolean )
							.map(
								( id ) =>
									document.getElementById( id )
										?.textContent ?? ''
							),
					].join( ' ' )
				);
				return `${ shown } ${ described }`;
			} )
			.toMatch( /upgrade|pro/i );

		await page.goto( responsesUrl( surveyId ) );
		await expect( dataRows( page ) ).toHaveCount( 1 );
		const row = dataRows( page ).first();
		await row.hover();
		await expect(
			page.getByRole( 'list', { name: /filter/i } )
		).toHaveCount( 0 );
		await expect(
			page.getByRole( 'button', { name: /^Trash\b/ } )
		).toHaveCount( 0 );
		await expect(
			page.getByRole( 'button', { name: /^Restore\b/ } )
		).toHaveCount( 0 );
		await expect(
			row.getByRole( 'link', { name: /^View\b/ } )
		).toHaveCount( 0 );
		await expect( page.getByLabel( 'Select bulk action' ) ).toHaveCount(
			0
		);
		// The export is offered as an upgrade.
		await expect( page.getByText( /upgrade/i ).first() ).toBeVisible();
		expect( errors ).toEqual( [] );
	} );

	test( 'the export page itself refuses a Lite site: no file', async ( {
		page,
	} ) => {
		await page.goto( RESULTS );
		const res = await page.request.get(
			await generalCsvUrl( page, surveyId )
		);
		expect( res.status() ).toBeGreaterThanOrEqual( 400 );
		expect( res.headers()[ 'content-disposition' ] ?? '' ).not.toMatch(
			/attachment/i
		);
		expect( await res.text() ).not.toContain( 'Lite answer' );
	} );
} );

test.describe( 'Pro elite: an NPS survey', () => {
	let surveyId: number;

	test.beforeAll( async ( { browser } ) => {
		const { 'nps-page': path } = prepareSite( {
			entitlements: ELITE,
			pages: [ [ 'nps-page', 'NPS page' ] ],
		} );
		surveyId = onlySurvey(
			[ question( 1, 'nps', Q.nps, {}, { comment_box: true } ) ],
			{ title: 'NPS survey', type: 'nps' }
		);

		// A promoter answers through the widget, with a comment.
		const visitor = await visitorPage( browser );
		await visitor.goto( path );
		const dialog = widget( visitor, 'NPS survey' );
		await expect( dialog ).toBeVisible();
		await expect( questionTitle( dialog, Q.nps ) ).toBeVisible();
		await dialog.getByLabel( 'Comments' ).fill( 'Great docs' );
		const submitted = submission( visitor, surveyId );
		await dialog
			.getByRole( 'radiogroup', { name: Q.nps } )
			.getByRole( 'radio' )
			.nth( 9 )
			.click();
		const thanks = dialog.getByText( THANKS );
		await thanks
			.waitFor( { state: 'visible', timeout: 800 } )
			.catch( () => {} );
		if ( ! ( await thanks.isVisible() ) ) {
			await nextButton( dialog ).click();
		}
		expect( ( await submitted ).response.status() ).toBe( 201 );
		await expect( thanks ).toBeVisible();

		// A promoter, a passive and a detractor through the route.
		for ( const [ value, comments ] of [
			[ 10, 'Love it' ],
			[ 7, '' ],
			[ 3, 'Too slow' ],
		] as const ) {
			await postResponse( visitor.request, surveyId, [
				{
					question_id: 1,
					value,
					...( comments ? { extra: { comments } } : {} ),
				},
			] );
		}
		await visitor.context().close();
	} );

	test.afterAll( () => {
		siteBatch( [
			{ command: 'surveys-clear' },
			{ command: 'responses-clear' },
			{ command: 'entitlements', arg: null },
		] );
	} );

	test( 'its results use the NPS layout: score, percentages, total and comments', async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		await page.goto( resultsUrl( surveyId ) );
		// 2 promoters, 1 passive, 1 detractor of 4: 50 %, 25 %, 25 %, NPS 50 - 25 = 25.
		await expect
			.poll( () => numbersNear( page, /^\s*promoters\s*$/i ) )
			.toContain( 50 );
		await expect
			.poll( () => numbersNear( page, /^\s*passives\s*$/i ) )
			.toContain( 25 );
		await expect
			.poll( () => numbersNear( page, /^\s*detractors\s*$/i ) )
			.toContain( 25 );
		await expect
			.poll( () =>
				numbersNear(
					page,
					/^\s*(nps( score)?|net promoter score)\s*$/i
				)
			)
			.toContain( 25 );
		await expect
			.poll( () => numbersNear( page, /^\s*total responses\s*$/i ) )
			.toContain( 4 );
		for ( const comment of [ 'Great docs', 'Love it', 'Too slow' ] ) {
			await expect(
				page.getByText( comment, { exact: true } )
			).toBeVisible();
		}
		expect( errors ).toEqual( [] );
	} );

	test( 'choosing the NPS survey in the overview dropdown goes to its results', async ( {
		page,
	} ) => {
		await page.goto( RESULTS );
		await chooseSurvey( page, 'NPS survey' );
		await expect( page ).toHaveURL(
			new RegExp( `#/survey/${ surveyId }(\\?.*)?$` )
		);
	} );
} );
