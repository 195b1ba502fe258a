/**
 * About and Growth Tools (issue 7, spec 3 section 2) for each tier: the About tabs (Lite vs Pro
 * only without Pro), the cross-sale cards with their status and button (Activate and Deactivate
 * switch a plugin of the site), and Growth Tools' sections with the featured item of the tier:
 * a UserFeedback Pro upgrade for Lite, an Elite upgrade for plus and pro licences, another
 * product for elite.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { app, collectErrors } from './fixtures/licensing';
import { ELITE, licensed } from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const ABOUT = '/wp-admin/admin.php?page=userfeedback_about';
const GROWTH = '/wp-admin/admin.php?page=userfeedback_growth_tools';

/** The stand-in partner plugin (an allow-listed one of Admin\PluginInstaller). */
const SMTP = {
	name: 'WP Mail SMTP',
	basename: 'wp-mail-smtp/wp_mail_smtp.php',
};

test.beforeAll( () => {
	site( 'partner-plugins-remove' );
} );

test.afterAll( () => {
	site( 'batch', [
		{ command: 'partner-plugins-remove' },
		{ command: 'entitlements', arg: null },
	] );
} );

const aboutTabs = ( page: Page ) =>
	app( page ).getByRole( 'navigation', { name: 'About sections' } );
const card = ( page: Page, name: string ) =>
	app( page ).getByRole( 'article', { name, exact: true } );

const PRO_TIERS: Array< [ string, object ] > = [
	[ 'a plus licence', licensed( 'plus' ) ],
	[ 'a pro licence', licensed( 'pro' ) ],
	[ 'an elite licence', ELITE ],
];

/**
 * The About Us tab: the tab bar and a cross-sale card of a plugin the site does not have.
 *
 * @param page The admin's page.
 */
async function expectAboutUs( page: Page ) {
	await page.goto( ABOUT );
	await expect(
		aboutTabs( page ).getByRole( 'link', { name: 'About Us' } )
	).toHaveAttribute( 'aria-current', 'page' );
	await expect(
		app( page ).getByRole( 'heading', { name: 'About Us', exact: true } )
	).toBeVisible();
	const wpforms = card( page, 'WPForms' );
	await expect(
		wpforms.getByText( 'Not Installed', { exact: true } )
	).toBeVisible();
	await expect(
		wpforms.getByRole( 'button', { name: 'Install Addon' } )
	).toBeEnabled();

	await aboutTabs( page )
		.getByRole( 'link', { name: 'Getting Started' } )
		.click();
	await expect(
		app( page ).getByRole( 'heading', {
			name: 'Getting Started',
			exact: true,
		} )
	).toBeVisible();
}

test( 'About for Lite: About Us, Getting Started and Lite vs Pro', async ( {
	page,
} ) => {
	site( 'entitlements', null );
	const errors = collectErrors( page );
	await expectAboutUs( page );
	await aboutTabs( page )
		.getByRole( 'link', { name: 'Lite vs Pro' } )
		.click();
	await expect( page ).toHaveURL( /#\/lite-vs-pro$/ );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Lite vs Pro', exact: true } )
	).toBeVisible();
	expect( errors ).toEqual( [] );
} );

for ( const [ tier, entitlements ] of PRO_TIERS ) {
	test( `About for ${ tier }: no Lite vs Pro`, async ( { page } ) => {
		site( 'entitlements', entitlements );
		const errors = collectErrors( page );
		await expectAboutUs( page );
		await expect(
			aboutTabs( page ).getByRole( 'link', { name: 'Lite vs Pro' } )
		).toHaveCount( 0 );
		// Not even by its address.
		await page.goto( `${ ABOUT }#/lite-vs-pro` );
		await expect(
			app( page ).getByRole( 'heading', { name: 'Page not found' } )
		).toBeVisible();
		expect( errors ).toEqual( [] );
	} );
}

const SECTIONS = [
	'Featured',
	'Traffic',
	'Engagement',
	'Revenue',
	'Guides & Resources',
];

const FEATURED: Array< {
	tier: string;
	entitlements: object | null;
	title: string;
	link: string;
	href: RegExp;
} > = [
	{
		tier: 'Lite',
		entitlements: null,
		title: 'Upgrade to UserFeedback Pro',
		link: 'Upgrade to Pro',
		href: /utm_source=liteplugin&utm_medium=growth-tools&utm_campaign=featured-pro&utm_content=/,
	},
	{
		tier: 'a plus licence',
		entitlements: licensed( 'plus' ),
		title: 'Upgrade to UserFeedback Elite',
		link: 'Upgrade to Elite',
		href: /utm_source=proplugin&utm_medium=growth-tools&utm_campaign=featured-elite&utm_content=/,
	},
	{
		tier: 'a pro licence',
		entitlements: licensed( 'pro' ),
		title: 'Upgrade to UserFeedback Elite',
		link: 'Upgrade to Elite',
		href: /utm_campaign=featured-elite/,
	},
	{
		tier: 'an elite licence',
		entitlements: ELITE,
		title: 'MonsterInsights Pro',
		link: 'Get MonsterInsights Pro',
		href: /^https:\/\/www\.monsterinsights\.com\//,
	},
];

for ( const { tier, entitlements, title, link, href } of FEATURED ) {
	test( `Growth Tools for ${ tier }: the sections and the featured item`, async ( {
		page,
	} ) => {
		site( 'entitlements', entitlements );
		const errors = collectErrors( page );
		await page.goto( GROWTH );
		const tabs = app( page ).getByRole( 'navigation', {
			name: 'Growth Tools sections',
		} );
		for ( const name of SECTIONS ) {
			await expect(
				tabs.getByRole( 'button', { name, exact: true } )
			).toBeVisible();
			await expect(
				app( page ).getByRole( 'region', { name, exact: true } )
			).toBeAttached();
		}
		const featured = app( page ).getByRole( 'region', {
			name: 'Featured',
			exact: true,
		} );
		await expect(
			featured.getByRole( 'heading', { level: 4 } )
		).toHaveText( title );
		await expect(
			featured.getByRole( 'link', { name: new RegExp( `^${ link }` ) } )
		).toHaveAttribute( 'href', href );

		// A tab scrolls to its section.
		const guidesTab = tabs.getByRole( 'button', {
			name: 'Guides & Resources',
		} );
		await guidesTab.click();
		await expect( guidesTab ).toHaveAttribute( 'aria-current', 'true' );
		await expect(
			app( page ).getByRole( 'region', { name: 'Guides & Resources' } )
		).toBeInViewport();
		await expect(
			app( page )
				.getByRole( 'region', { name: 'Traffic', exact: true } )
				.getByRole( 'article', { name: 'All in One SEO' } )
		).toBeAttached();
		expect( errors ).toEqual( [] );
	} );
}

test( 'a cross-sale card activates and deactivates an installed plugin', async ( {
	page,
} ) => {
	site( 'batch', [
		{ command: 'entitlements', arg: null },
		{ command: 'partner-plugin-put', arg: SMTP },
	] );
	const state = () =>
		site< { installed: boolean; active: boolean } >(
			'partner-plugin-state',
			{
				basename: SMTP.basename,
			}
		);
	const errors = collectErrors( page );
	await page.goto( ABOUT );
	const smtp = card( page, SMTP.name );
	await expect(
		smtp.getByText( 'Not Active', { exact: true } )
	).toBeVisible();

	await smtp.getByRole( 'button', { name: 'Activate' } ).click();
	await expect( smtp.getByText( 'Active', { exact: true } ) ).toBeVisible();
	await expect(
		smtp.getByRole( 'button', { name: 'Deactivate' } )
	).toBeEnabled();
	expect( state() ).toEqual( { installed: true, active: true } );

	await page.reload();
	await expect( smtp.getByText( 'Active', { exact: true } ) ).toBeVisible();
	await smtp.getByRole( 'button', { name: 'Deactivate' } ).click();
	await expect(
		smtp.getByText( 'Not Active', { exact: true } )
	).toBeVisible();
	await expect(
		smtp.getByRole( 'button', { name: 'Activate' } )
	).toBeEnabled();
	expect( state() ).toEqual( { installed: true, active: false } );
	expect( errors ).toEqual( [] );
} );
