/**
 * WordPress's privacy tools find survey responses (issue 16): a visitor answers a survey
 * with an email question; the admin runs Tools > Export Personal Data for that address and
 * finds the answers in the file core makes (a zip with index.html), then Tools > Erase
 * Personal Data, after which the response is gone from the plugin's responses screen. A
 * logged-in user's response (their widget sends the wp_rest nonce) is found by the user's
 * address even without an email question.
 */
import { test, expect, type Page, type Response } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { adminStatePath } from './fixtures/site';
import { loggedIn, userWithRole } from './fixtures/licensing';
import { responsesUrl } from './fixtures/results';
import {
	ELITE,
	choice,
	moveOn,
	prepareSite,
	question,
	onlySurvey,
	siteBatch,
	storedResponses,
	submission,
	widget,
	type StoredResponse,
	visitorPage,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Privacy survey';
const MEMBERS = 'Members survey';
const Q = {
	email: 'Where can we reach you?',
	improve: 'What should we improve?',
	rating: 'How was the members area?',
};
// Unique per run: core keeps one open request per address and action.
const STAMP = Date.now();
const TYPED = `Privacy.Visitor.${ STAMP }@Example.com`;
const EMAIL = TYPED.toLowerCase();
const IMPROVE = `A faster checkout, please (${ STAMP })`;

let path: string;
let surveyId: number;

test.beforeAll( () => {
	( { 'privacy-tools': path } = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'privacy-tools', 'Privacy tools' ] ],
	} ) );
	surveyId = onlySurvey(
		[
			question( 1, 'email', Q.email ),
			question( 2, 'long-text', Q.improve ),
		],
		{ title: TITLE }
	);
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
	] );
} );

/**
 * One file of a zip archive (stored or deflated), read from its central directory.
 *
 * @param zip  The archive.
 * @param name The file's name in it.
 */
function zipEntry( zip: Buffer, name: string ): string {
	let end = zip.length - 22;
	while ( end >= 0 && zip.readUInt32LE( end ) !== 0x06054b50 ) {
		end--;
	}
	expect( end, 'a zip archive' ).toBeGreaterThanOrEqual( 0 );
	let at = zip.readUInt32LE( end + 16 );
	for ( let i = 0; i < zip.readUInt16LE( end + 10 ); i++ ) {
		const nameLength = zip.readUInt16LE( at + 28 );
		const entry = zip.toString( 'utf8', at + 46, at + 46 + nameLength );
		if ( entry === name ) {
			const method = zip.readUInt16LE( at + 10 );
			const size = zip.readUInt32LE( at + 20 );
			const local = zip.readUInt32LE( at + 42 );
			const start =
				local +
				30 +
				zip.readUInt16LE( local + 26 ) +
				zip.readUInt16LE( local + 28 );
			const data = zip.subarray( start, start + size );
			return ( method === 8 ? inflateRawSync( data ) : data ).toString(
				'utf8'
			);
		}
		at +=
			46 +
			nameLength +
			zip.readUInt16LE( at + 30 ) +
			zip.readUInt16LE( at + 32 );
	}
	throw new Error( `${ name } is not in the archive` );
}

/**
 * Adds a request on one of the Tools screens, without a confirmation email (the request is
 * confirmed at once), and returns its row.
 *
 * @param page   The admin's page.
 * @param screen export-personal-data.php or erase-personal-data.php.
 * @param email  The address.
 */
async function addRequest( page: Page, screen: string, email: string ) {
	await page.goto( `/wp-admin/${ screen }` );
	await page.getByLabel( 'Username or email address' ).fill( email );
	await page
		.getByRole( 'checkbox', { name: /confirmation email/ } )
		.uncheck();
	await page.getByRole( 'button', { name: 'Send Request' } ).click();
	const row = page.getByRole( 'row' ).filter( { hasText: email } );
	await expect( row ).toBeVisible();
	return row;
}

/**
 * Tools > Export Personal Data for an address: the row's "Download personal data" runs
 * every exporter through admin-ajax and downloads the zip.
 *
 * @param page  The admin's page.
 * @param email The address.
 * @return The index.html of the export, and what our exporter answered core's ajax.
 */
async function exportOf(
	page: Page,
	email: string
): Promise< { html: string; items: any[] } > {
	const row = await addRequest( page, 'export-personal-data.php', email );
	const answers: Array< Promise< any > > = [];
	const collect = ( response: Response ) => {
		if (
			response.url().includes( '/admin-ajax.php' ) &&
			( response.request().postData() ?? '' ).includes(
				'action=wp-privacy-export-personal-data'
			)
		) {
			answers.push( response.json() );
		}
	};
	page.on( 'response', collect );
	const download = page.waitForEvent( 'download' );
	await row.hover();
	await row.getByRole( 'button', { name: 'Download personal data' } ).click();
	const file = await ( await download ).path();
	page.off( 'response', collect );
	const html = zipEntry( readFileSync( file ), 'index.html' );
	const items = ( await Promise.all( answers ) )
		.flatMap( ( answer ) => answer?.data?.data ?? [] )
		.filter( ( item ) => item.group_id === 'userfeedback-responses' );
	return { html, items };
}

/** name => value of an export item's data. */
const named = ( item: { data: Array< { name: string; value: string } > } ) =>
	Object.fromEntries(
		item.data.map( ( { name, value } ) => [ name, value ] )
	);

test( 'the admin exports a visitor’s answers by email, then erases them', async ( {
	browser,
	page,
} ) => {
	// The visitor answers: the email, then the improvement, Submit.
	const visitor = await visitorPage( browser );
	await visitor.goto( path );
	const dialog = widget( visitor, TITLE );
	await dialog.getByRole( 'textbox', { name: Q.email } ).fill( TYPED );
	await moveOn( dialog, Q.email, Q.improve, true );
	await dialog.getByRole( 'textbox', { name: Q.improve } ).fill( IMPROVE );
	const submitted = submission( visitor, surveyId );
	await dialog.getByRole( 'button', { name: /^(Submit|Next)$/ } ).click();
	const { response, body } = await submitted;
	expect( response.status() ).toBe( 200 );
	expect( response.request().headers()[ 'x-wp-nonce' ] ).toBeUndefined();
	await visitor.context().close();
	const stored = storedResponses( surveyId ) as Array<
		StoredResponse & { email?: string; user_id?: string }
	>;
	expect( stored.map( ( r ) => [ r.id, r.email, r.user_id ] ) ).toEqual( [
		[ body.id, EMAIL, '0' ],
	] );

	// Tools > Export Personal Data.
	const { html, items } = await exportOf( page, EMAIL );
	expect( items ).toHaveLength( 1 );
	expect( items[ 0 ].group_label ).toBe( 'Survey responses' );
	expect( named( items[ 0 ] ) ).toMatchObject( {
		Survey: TITLE,
		Status: 'Completed',
		[ Q.email ]: TYPED,
		[ Q.improve ]: IMPROVE,
	} );
	expect( named( items[ 0 ] ).Page ).toContain( path );
	expect( html ).toContain( 'Survey responses' );
	expect( html ).toContain( TITLE );
	expect( html ).toContain( IMPROVE );
	await expect(
		page.getByText(
			'This user’s personal data export file was downloaded.'
		)
	).toBeVisible();

	// The responses screen lists it before the erasure.
	await page.goto( responsesUrl( surveyId ) );
	await expect( page.getByText( TYPED ).first() ).toBeVisible();

	// Tools > Erase Personal Data.
	const row = await addRequest( page, 'erase-personal-data.php', EMAIL );
	await row.getByRole( 'button', { name: 'Erase personal data' } ).click();
	await expect( page.getByText( 'Erasure completed.' ) ).toBeVisible();
	expect( storedResponses( surveyId ) ).toEqual( [] );

	await page.goto( responsesUrl( surveyId ) );
	await expect( page.getByText( 'No Results Found' ) ).toBeVisible();
	await expect( page.getByText( TYPED ) ).toHaveCount( 0 );
} );

test( 'a logged-in user’s response is found by the user’s address, without an email question', async ( {
	browser,
	page,
} ) => {
	// A subscriber of this run (the address is the login's), logged in in a context of its own.
	// One survey a page view: this test's alone.
	const membersId = onlySurvey(
		[
			question( 1, 'radio-button', Q.rating, {
				options: [ 'Great', 'Poor' ],
			} ),
		],
		{ title: MEMBERS }
	);
	const user = userWithRole( `ufprivacy${ STAMP }`, 'subscriber' );
	const member = await loggedIn( browser, user );
	await member.page.goto( path );
	const dialog = widget( member.page, MEMBERS );
	const submitted = submission( member.page, membersId );
	await choice( dialog, 'Great' ).click();
	const { response } = await submitted;
	expect( response.status() ).toBe( 201 );
	// Cookie auth needs the nonce: the response records the user.
	expect( response.request().headers()[ 'x-wp-nonce' ] ).toMatch(
		/^[0-9a-f]{10}$/
	);
	await member.context.close();

	const { items } = await exportOf( page, `ufprivacy${ STAMP }@example.com` );
	expect( items ).toHaveLength( 1 );
	expect( named( items[ 0 ] ) ).toMatchObject( {
		Survey: MEMBERS,
		Status: 'Completed',
		[ Q.rating ]: 'Great',
	} );
} );
