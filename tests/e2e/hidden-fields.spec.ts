/**
 * Hidden fields (issue 18 item 5): a survey with a hidden field `plan` read from the URL
 * query parameter `plan`. A visitor opens the page with ?plan=pro and answers; every write
 * carries fields { plan: 'pro' }; the admin sees plan = pro in the responses table and on
 * the single response screen, and the CSV export has a `plan` column holding `pro`. The
 * builder's Settings step lists the field in its Hidden fields card.
 */
import { test, expect, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';

import { adminStatePath } from './fixtures/site';
import {
	downloadText,
	exportCsv,
	parseCsv,
	responsesUrl,
	resultsUrl,
} from './fixtures/results';
import {
	ELITE,
	isResponses,
	nextButton,
	onlySurvey,
	prepareSite,
	question,
	siteBatch,
	storedResponses,
	widget,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Plan survey';
const QUESTION = 'What should we improve?';
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const SHOTS = '/work/notes/shots18';

let path: string;

test.beforeAll( () => {
	( { 'hidden-fields': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'hidden-fields', 'Hidden fields' ] ],
	} ) );
	mkdirSync( SHOTS, { recursive: true } );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

const isWrite = ( request: Request, id: number ) =>
	request.method() === 'POST' && isResponses( request.url(), id );

test( 'a hidden field from ?plan=pro is stored with the response, shown to the admin and exported', async ( {
	page,
	browser,
} ) => {
	const id = onlySurvey( [ question( 1, 'text', QUESTION ) ], {
		title: TITLE,
		settings: {
			hidden_fields: [ { name: 'plan', source: 'query', key: 'plan' } ],
		},
	} );

	// The visitor comes from a link with ?plan=pro and answers.
	const visitor = await visitorPage( browser );
	const writes: Request[] = [];
	visitor.on( 'request', ( request ) => {
		if ( isWrite( request, id ) ) {
			writes.push( request );
		}
	} );
	await visitor.goto(
		`${ path }${ path.includes( '?' ) ? '&' : '?' }plan=pro`
	);
	const dialog = widget( visitor, TITLE );
	await expect( dialog ).toBeVisible();
	await dialog
		.getByRole( 'textbox', { name: QUESTION } )
		.fill( 'Faster pages' );
	const completed = visitor.waitForResponse(
		( response ) =>
			isWrite( response.request(), id ) &&
			response.request().postDataJSON()?.complete === true
	);
	await nextButton( dialog ).click();
	expect( ( await completed ).ok() ).toBe( true );
	expect( writes.length ).toBeGreaterThan( 0 );
	for ( const write of writes ) {
		expect( write.postDataJSON().fields ).toEqual( { plan: 'pro' } );
	}
	await visitor.context().close();

	const [ stored, ...others ] = storedResponses( id );
	expect( others ).toEqual( [] );
	expect( stored.status ).toBe( 'publish' );

	// The responses table: a plan column with pro.
	await page.goto( responsesUrl( id ) );
	const table = page.getByRole( 'table', { name: 'Responses' } );
	await expect(
		table.getByRole( 'columnheader', { name: 'plan', exact: true } )
	).toBeVisible();
	const row = table.getByRole( 'row' ).filter( {
		has: page.getByRole( 'rowheader', {
			name: new RegExp( `^Response #${ stored.id }\\b` ),
		} ),
	} );
	await expect(
		row.getByRole( 'cell', { name: 'pro', exact: true } )
	).toBeVisible();

	// The single response screen: Hidden fields, plan = pro.
	await row
		.getByRole( 'link', { name: `Response #${ stored.id }`, exact: true } )
		.click();
	const fields = page.getByRole( 'region', { name: 'Hidden fields' } );
	await expect( fields ).toBeVisible();
	await expect(
		fields.getByRole( 'term' ).filter( { hasText: 'plan' } )
	).toHaveText( 'plan' );
	await expect( fields.getByRole( 'definition' ) ).toHaveText( 'pro' );
	await page.screenshot( {
		path: `${ SHOTS }/H4-response-hidden-fields.png`,
		fullPage: true,
	} );

	// The CSV export: a plan column, after the answers, holding pro.
	await page.goto( resultsUrl( id ) );
	const control = page
		.locator( '#userfeedback-app' )
		.getByRole( 'button', { name: /export/i } )
		.or(
			page
				.locator( '#userfeedback-app' )
				.getByRole( 'link', { name: /export/i } )
		)
		.first();
	await expect( control ).toBeEnabled();
	const download = await exportCsv( page, control );
	const rows = parseCsv( await downloadText( download ) ).filter( ( cells ) =>
		cells.some( ( cell ) => cell.trim() !== '' )
	);
	const [ header, ...data ] = rows;
	const plan = header.indexOf( 'plan' );
	expect( plan ).toBeGreaterThan( header.indexOf( QUESTION ) );
	expect( plan ).toBe( header.length - 1 );
	const mine = data.find( ( cells ) => cells[ 0 ] === String( stored.id ) );
	expect( mine?.[ plan ] ).toBe( 'pro' );
	expect( mine?.[ header.indexOf( QUESTION ) ] ).toBe( 'Faster pages' );

	// The builder's Settings step lists the field.
	await page.goto( `${ SURVEYS }#/edit/${ id }/settings` );
	const card = page
		.locator( '.userfeedback-hidden-fields' )
		.filter( { hasText: 'Hidden fields' } );
	await expect(
		card.getByRole( 'textbox', { name: 'Name of field 1', exact: true } )
	).toHaveValue( 'plan' );
	await expect(
		card.getByRole( 'combobox', {
			name: 'Source of field 1',
			exact: true,
		} )
	).toHaveValue( 'query' );
	await expect(
		card.getByRole( 'textbox', {
			name: 'Parameter name of field 1',
			exact: true,
		} )
	).toHaveValue( 'plan' );
	await expect( card ).toContainText( '?plan=pro' );
	await card.scrollIntoViewIfNeeded();
	await card.screenshot( {
		path: `${ SHOTS }/H4-builder-hidden-fields.png`,
	} );
} );
