/**
 * The notifications drawer (issue 7, spec 3 sections 2 and 4): the header's Notifications
 * button counts the active notifications on every UserFeedback page; the drawer opens by itself
 * with ?open=userfeedback_notifications; Dismiss moves one notification to the dismissed view
 * (stored per user on the server), Dismiss All empties the inbox. The notifications are the
 * plugin's own, put in its store by tests/e2e/fixtures/site.php.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	SETTINGS,
	app,
	collectErrors,
	loggedIn,
	userWithRole,
} from './fixtures/licensing';
import { licensed } from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const OPEN = '&open=userfeedback_notifications';

const hoursAgo = ( hours: number ) =>
	new Date( Date.now() - hours * 3_600_000 )
		.toISOString()
		.replace( /\.\d+Z$/, 'Z' );

/** Newest first, as the drawer lists them. */
const NOTIFICATIONS = [
	{
		id: 'uf-e2e-first-response',
		title: 'Your survey got its first response',
		category: 'insight',
		icon: 'megaphone',
		content: 'Someone answered "E2E survey". See what they said.',
		active_from: hoursAgo( 1 ),
		buttons: [
			{
				type: 'primary',
				text: 'View Results',
				url: 'admin.php?page=userfeedback_results',
				is_external: false,
			},
		],
	},
	{
		id: 'uf-e2e-weekly-tip',
		title: 'Tip: target your surveys by page',
		category: 'news',
		icon: 'lightbulb',
		content: 'Show a survey only where it matters.',
		active_from: hoursAgo( 26 ),
		buttons: [
			{
				type: 'secondary',
				text: 'See your results',
				url: '',
				is_external: false,
				action: { class: 'survey', action: 'view' },
			},
		],
	},
];
const [ FIRST, SECOND ] = NOTIFICATIONS.map( ( n ) => n.title );

test.beforeEach( () => {
	site( 'batch', [
		{ command: 'entitlements', arg: null },
		{ command: 'notifications-reset' },
		{ command: 'notifications-put', arg: NOTIFICATIONS },
	] );
} );

test.afterAll( () => {
	site( 'notifications-reset' );
} );

const drawer = ( page: Page ) =>
	page.getByRole( 'dialog', { name: 'Notifications' } );
// The modal drawer hides the rest of the page from assistive technology (aria-hidden), the
// header's button included, which then has no accessible name: find it among hidden elements
// too, and read the name it will have again from its label.
const toggle = ( page: Page ) =>
	app( page ).getByRole( 'button', {
		name: /^Notifications/,
		includeHidden: true,
	} );
const expectCount = ( page: Page, label: string, message?: string ) =>
	expect( toggle( page ), message ).toHaveAttribute( 'aria-label', label );
const item = ( page: Page, title: string ) =>
	drawer( page ).getByRole( 'article', { name: title } );

/**
 * The REST nonce of the UserFeedback page open in the page.
 *
 * @param page A page on a UserFeedback screen.
 */
const restNonce = ( page: Page ) =>
	app( page ).evaluate(
		( el ) =>
			JSON.parse( el.getAttribute( 'data-config' ) || '{}' ).rest
				?.nonce as string
	);

type Stored = {
	notifications: Array< { id: string } >;
	dismissed: Array< { id: string } >;
};

/**
 * What the REST route answers the admin now (the server's view, not the screen's cache).
 *
 * @param page The admin's page, on a UserFeedback screen.
 */
async function storedList( page: Page ): Promise< Stored > {
	const nonce = await restNonce( page );
	const response = await page.request.get(
		'/?rest_route=/userfeedback/v1/notifications',
		{ headers: { 'X-WP-Nonce': nonce } }
	);
	expect( response.status(), await response.text() ).toBe( 200 );
	return ( await response.json() ) as Stored;
}

const ids = ( list: Array< { id: string } > ) => list.map( ( n ) => n.id );

test( 'the drawer opens from the address, dismisses one notification and then all', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( SURVEYS + OPEN );
	await expect( drawer( page ) ).toBeVisible();
	await expectCount( page, 'Notifications (2 unread)' );
	await expect( item( page, FIRST ) ).toBeVisible();
	await expect( item( page, SECOND ) ).toBeVisible();
	await expect(
		item( page, FIRST ).getByText( NOTIFICATIONS[ 0 ].content )
	).toBeVisible();
	// The newest first.
	await expect( drawer( page ).getByRole( 'article' ) ).toHaveText( [
		new RegExp( FIRST ),
		new RegExp( SECOND ),
	] );
	await expect(
		item( page, FIRST ).getByRole( 'link', { name: 'View Results' } )
	).toHaveAttribute( 'href', /page=userfeedback_results/ );

	// One dismissed: out of the inbox, the count drops, and it waits in the dismissed view.
	await item( page, FIRST )
		.getByRole( 'button', { name: 'Dismiss', exact: true } )
		.click();
	await expect( item( page, FIRST ) ).toHaveCount( 0 );
	await expect( item( page, SECOND ) ).toBeVisible();
	await expectCount( page, 'Notifications (1 unread)' );
	let stored = await storedList( page );
	expect( ids( stored.notifications ) ).toEqual( [ NOTIFICATIONS[ 1 ].id ] );
	expect( ids( stored.dismissed ) ).toEqual( [ NOTIFICATIONS[ 0 ].id ] );

	await drawer( page )
		.getByRole( 'button', { name: 'Dismissed Notifications' } )
		.click();
	await expect( item( page, FIRST ) ).toBeVisible();
	await expect( item( page, SECOND ) ).toHaveCount( 0 );
	// Nothing to dismiss in the dismissed view.
	await expect(
		drawer( page ).getByRole( 'button', { name: 'Dismiss', exact: true } )
	).toHaveCount( 0 );
	await expect(
		drawer( page ).getByRole( 'button', { name: 'Dismiss All' } )
	).toHaveCount( 0 );

	// Back to the inbox, and everything dismissed.
	await drawer( page ).getByRole( 'button', { name: 'Inbox' } ).click();
	await drawer( page ).getByRole( 'button', { name: 'Dismiss All' } ).click();
	await expect(
		drawer( page ).getByText( 'You have no new notifications.' )
	).toBeVisible();
	await expect( drawer( page ).getByRole( 'article' ) ).toHaveCount( 0 );
	await expectCount( page, 'Notifications' );
	stored = await storedList( page );
	expect( stored.notifications ).toEqual( [] );
	expect( ids( stored.dismissed ).sort() ).toEqual(
		ids( NOTIFICATIONS ).sort()
	);

	await drawer( page )
		.getByRole( 'button', { name: 'Dismissed Notifications' } )
		.click();
	await expect( item( page, FIRST ) ).toBeVisible();
	await expect( item( page, SECOND ) ).toBeVisible();

	// Kept on the server: a new page load shows the same.
	await page.goto( SURVEYS );
	await expect( drawer( page ) ).toHaveCount( 0 );
	await expect( toggle( page ) ).toHaveAccessibleName( 'Notifications' );
	expect( errors ).toEqual( [] );
} );

test( 'every UserFeedback page has the button; it opens and closes the drawer', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/general` );
	// Closed without the address parameter.
	await expect( toggle( page ) ).toHaveAccessibleName(
		'Notifications (2 unread)'
	);
	await expect( drawer( page ) ).toHaveCount( 0 );
	await expect( toggle( page ) ).toHaveAttribute( 'aria-expanded', 'false' );

	await toggle( page ).click();
	await expect( drawer( page ) ).toBeVisible();
	await expect( item( page, SECOND ) ).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( drawer( page ) ).toHaveCount( 0 );
	// Focus goes back to the button that opened it.
	await expect( toggle( page ) ).toBeFocused();

	for ( const other of [
		'/wp-admin/admin.php?page=userfeedback_results',
		'/wp-admin/admin.php?page=userfeedback_addons',
		'/wp-admin/admin.php?page=userfeedback_about',
		'/wp-admin/admin.php?page=userfeedback_growth_tools',
	] ) {
		await page.goto( other + OPEN );
		await expect( drawer( page ), other ).toBeVisible();
		await expect( item( page, FIRST ), other ).toBeVisible();
		await expectCount( page, 'Notifications (2 unread)', other );
	}
	expect( errors ).toEqual( [] );
} );

test( 'a dismissal is per user: another administrator still sees it', async ( {
	page,
	browser,
} ) => {
	await page.goto( SURVEYS + OPEN );
	await item( page, FIRST )
		.getByRole( 'button', { name: 'Dismiss', exact: true } )
		.click();
	await expectCount( page, 'Notifications (1 unread)' );

	const other = await loggedIn(
		browser,
		userWithRole( 'e2e-second-admin', 'administrator' )
	);
	try {
		await other.page.goto( SURVEYS + OPEN );
		await expect( item( other.page, FIRST ) ).toBeVisible();
		await expectCount( other.page, 'Notifications (2 unread)' );
	} finally {
		await other.context.close();
	}
} );

test( 'an action button runs its action on the server and follows its answer', async ( {
	page,
} ) => {
	await page.goto( SURVEYS + OPEN );
	const action = page.waitForResponse(
		( response ) =>
			response.url().includes( 'notifications/action' ) &&
			response.request().method() === 'POST'
	);
	await item( page, SECOND )
		.getByRole( 'button', { name: 'See your results' } )
		.click();
	const response = await action;
	// The page navigates away at once: its body is gone, the status stays.
	expect( response.status() ).toBe( 200 );
	expect( response.request().postDataJSON() ).toEqual( {
		class: 'survey',
		action: 'view',
	} );
	// survey/view answers redirect_to: the results page.
	await page.waitForURL( /page=userfeedback_results/ );
} );

test( 'another role has a drawer of its own without these notifications, and cannot dismiss them', async ( {
	page,
	browser,
} ) => {
	// Editors may build surveys, not read results (Access is a Pro feature); the notifications
	// put here are for those who may view results.
	site( 'batch', [
		{ command: 'entitlements', arg: licensed( 'pro' ) },
		{ command: 'settings-reset' },
		{
			command: 'settings-set',
			arg: { create_edit_surveys: [ 'administrator', 'editor' ] },
		},
	] );
	const other = await loggedIn(
		browser,
		userWithRole( 'e2e-survey-editor', 'editor' )
	);
	try {
		await other.page.goto( SURVEYS + OPEN );
		await expect( drawer( other.page ) ).toBeVisible();
		await expect(
			drawer( other.page ).getByText( 'You have no new notifications.' )
		).toBeVisible();
		await expectCount( other.page, 'Notifications' );

		const headers = { 'X-WP-Nonce': await restNonce( other.page ) };
		const list = await other.page.request.get(
			'/?rest_route=/userfeedback/v1/notifications',
			{ headers }
		);
		expect( list.status() ).toBe( 200 );
		const seen = ( await list.json() ) as Stored;
		expect( seen.notifications ).toEqual( [] );
		expect( seen.dismissed ).toEqual( [] );
		const dismiss = await other.page.request.post(
			`/?rest_route=/userfeedback/v1/notifications/${ NOTIFICATIONS[ 0 ].id }/dismiss`,
			{ headers }
		);
		expect( dismiss.status() ).toBe( 404 );
		const dismissAll = await other.page.request.post(
			'/?rest_route=/userfeedback/v1/notifications/dismiss-all',
			{ headers }
		);
		expect( dismissAll.status() ).toBe( 200 );
	} finally {
		await other.context.close();
		site( 'batch', [
			{ command: 'settings-reset' },
			{ command: 'entitlements', arg: null },
		] );
	}

	// Nothing was dismissed for the administrator.
	await page.goto( SURVEYS );
	await expect( toggle( page ) ).toHaveAccessibleName(
		'Notifications (2 unread)'
	);
} );

test( 'a user without any UserFeedback capability is refused', async ( {
	browser,
} ) => {
	const other = await loggedIn(
		browser,
		userWithRole( 'e2e-author', 'author' )
	);
	try {
		// Core's own REST nonce for the logged-in user.
		const nonce = await (
			await other.page.request.get(
				'/wp-admin/admin-ajax.php?action=rest-nonce'
			)
		).text();
		expect( nonce ).toMatch( /^[0-9a-f]{10}$/ );
		const headers = { 'X-WP-Nonce': nonce };
		for ( const [ method, route ] of [
			[ 'GET', 'notifications' ],
			[ 'POST', `notifications/${ NOTIFICATIONS[ 0 ].id }/dismiss` ],
			[ 'POST', 'notifications/dismiss-all' ],
		] ) {
			const response = await other.page.request.fetch(
				`/?rest_route=/userfeedback/v1/${ route }`,
				{ method, headers }
			);
			expect( response.status(), `${ method } ${ route }` ).toBe( 403 );
		}
	} finally {
		await other.context.close();
	}
} );

test( 'dismissing an unknown or malformed id is refused and changes nothing', async ( {
	page,
} ) => {
	await page.goto( SURVEYS );
	const headers = { 'X-WP-Nonce': await restNonce( page ) };
	const unknown = await page.request.post(
		'/?rest_route=/userfeedback/v1/notifications/uf-no-such-notification/dismiss',
		{ headers }
	);
	expect( unknown.status() ).toBe( 404 );
	const malformed = await page.request.post(
		`/?rest_route=/userfeedback/v1/notifications/${ encodeURIComponent(
			'UF_<script>'
		) }/dismiss`,
		{ headers }
	);
	expect( malformed.status() ).toBeGreaterThanOrEqual( 400 );
	expect( malformed.status() ).toBeLessThan( 500 );
	// Without the nonce, the admin's own cookie is not enough.
	const noNonce = await page.request.post(
		`/?rest_route=/userfeedback/v1/notifications/${ NOTIFICATIONS[ 0 ].id }/dismiss`
	);
	expect( noNonce.status() ).toBe( 401 );

	const stored = await storedList( page );
	expect( ids( stored.notifications ) ).toEqual( ids( NOTIFICATIONS ) );
	expect( stored.dismissed ).toEqual( [] );
} );
