/**
 * A lapsed licence fails closed for visitors (issue 17 item 4): a survey targeted on an elite
 * licence is not shown anywhere once the licence lapses (hidden reason needs_pro), the surveys
 * list says "Needs Pro" and why, and saving it asks first, listing what will be removed.
 * Also the plan-related bits of items 8 and 9: the Lite schedule toggle opens the upgrade
 * dialog, the Publish step has its primary action at the bottom, the list shows a scheduled
 * survey's start date.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	ELITE,
	anyWidget,
	prepareSite,
	question,
	replaceSurveys,
	settle,
	siteBatch,
	useEntitlements,
	widget,
} from './fixtures/visitor';

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const LAPSED = { ...ELITE, licensed: false };
// The default thank-you message: a custom one is a paid feature too.
const THANK_YOU = { type: 'message', message: 'Thanks for your feedback!' };
const QUESTIONS = [
	question( 1, 'radio-button', 'Did you find it?', {
		options: [ 'Yes', 'No' ],
	} ),
];

let paths: Record< string, string >;

test.beforeAll( () => {
	paths = prepareSite( {
		entitlements: ELITE,
		pages: [
			[ 'pricing-lapse', 'Pricing' ],
			[ 'elsewhere-lapse', 'Elsewhere' ],
		],
	} );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

function hidden( page: Page ) {
	return page.evaluate(
		() =>
			( window as any ).userfeedbackHidden as
				Array< { survey_id: number; reason: string } > | undefined
	);
}

async function adminPage( browser: Browser ): Promise< Page > {
	const context = await browser.newContext( {
		storageState: adminStatePath(),
	} );
	return context.newPage();
}

test( 'a targeted survey is hidden once the licence lapses, marked Needs Pro, and a save asks first', async ( {
	page,
	browser,
} ) => {
	useEntitlements( ELITE );
	const [ id ] = replaceSurveys( [
		QUESTIONS,
		{
			title: 'Pricing survey',
			settings: {
				thank_you: THANK_YOU,
				targeting: {
					devices: [ 'desktop', 'tablet', 'mobile' ],
					pages: 'select',
					page_rules: [
						{
							logic: 'page_url_contains',
							operator: '&&',
							data: '/pricing-lapse/',
						},
					],
				},
			},
		},
	] );

	// Elite: shown where it targets, not elsewhere.
	await page.goto( paths[ 'pricing-lapse' ] );
	await expect( widget( page, 'Pricing survey' ) ).toBeVisible();

	// The licence lapses: not shown anywhere (it was shown everywhere, rules ignored).
	useEntitlements( LAPSED );
	for ( const path of [
		paths[ 'pricing-lapse' ],
		paths[ 'elsewhere-lapse' ],
	] ) {
		await page.goto( path );
		await settle( page );
		await expect( anyWidget( page, 'Pricing survey' ) ).toHaveCount( 0 );
		expect( await hidden( page ) ).toContainEqual( {
			survey_id: id,
			reason: 'needs_pro',
		} );
	}

	const admin = await adminPage( browser );
	await admin.goto( SURVEYS );
	const row = admin.getByRole( 'row', { name: /Pricing survey/ } );
	await expect( row.getByText( 'Needs Pro', { exact: true } ) ).toBeVisible();
	await expect( row ).toContainText(
		'Hidden from visitors: it uses Page Targeting, which your plan no longer includes.'
	);
	await admin.screenshot( { path: '/work/notes/shots17/H3-needs-pro.png' } );

	// Saving asks first and lists what the server will strip.
	await row.getByRole( 'link', { name: 'Pricing survey' } ).first().click();
	await admin
		.getByRole( 'button', { name: 'Save and Publish' } )
		.first()
		.click();
	const ask = admin.getByRole( 'dialog', {
		name: 'Remove what your plan does not include?',
	} );
	await expect( ask ).toBeVisible();
	await expect( ask.getByRole( 'listitem' ) ).toHaveText( [
		'Page Targeting: The survey is shown on every page.',
	] );
	await admin.screenshot( {
		path: '/work/notes/shots17/H3-strip-dialog.png',
	} );
	await ask.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( ask ).toHaveCount( 0 );
	const stored = () =>
		(
			site< Array< { id: number; settings: any } > >(
				'surveys-list'
			).find( ( survey ) => survey.id === id ) as {
				settings: { targeting: { pages: string } };
			}
		 ).settings.targeting.pages;
	expect( stored() ).toBe( 'select' );

	await admin
		.getByRole( 'button', { name: 'Save and Publish' } )
		.first()
		.click();
	await ask.getByRole( 'button', { name: 'Remove and save' } ).click();
	await expect.poll( stored ).toBe( 'all' );
	await admin.context().close();
} );

test.describe( 'Lite', () => {
	test( 'the schedule toggle opens the upgrade dialog; Publish has its action at the bottom too', async ( {
		browser,
	} ) => {
		useEntitlements( null );
		const [ id ] = replaceSurveys( [
			QUESTIONS,
			{
				title: 'Lite survey',
				status: 'draft',
				settings: { thank_you: THANK_YOU },
			},
		] );
		const admin = await adminPage( browser );
		await admin.goto( `${ SURVEYS }#/edit/${ id }/publish` );
		await admin.getByRole( 'checkbox', { name: 'Schedule' } ).click();
		const upgrade = admin.getByRole( 'dialog', {
			name: 'Scheduling is a Pro feature',
		} );
		await expect( upgrade ).toBeVisible();
		await upgrade.getByRole( 'button', { name: /Close/ } ).click();
		await expect(
			admin.getByRole( 'checkbox', { name: 'Schedule' } )
		).not.toBeChecked();

		const saves = admin.getByRole( 'button', { name: 'Save as Draft' } );
		await expect( saves ).toHaveCount( 2 );
		await saves.last().scrollIntoViewIfNeeded();
		await admin.screenshot( {
			path: '/work/notes/shots17/H3-publish-bottom.png',
		} );
		await saves.last().click();
		await expect(
			admin.getByText( 'Your Survey was Saved as a Draft.' ).first()
		).toBeVisible();
		await admin.context().close();
	} );

	test( 'the surveys list shows when a scheduled survey starts', async ( {
		browser,
	} ) => {
		useEntitlements( ELITE );
		replaceSurveys( [
			QUESTIONS,
			{ title: 'Later survey', publish_at: '2031-05-04 14:30:00' },
		] );
		const admin = await adminPage( browser );
		await admin.goto( SURVEYS );
		const row = admin.getByRole( 'row', { name: /Later survey/ } );
		await expect(
			row.getByText( 'Scheduled', { exact: true } )
		).toBeVisible();
		await expect(
			row.locator( 'time.userfeedback-surveys__starts' )
		).toHaveText( /^Starts May 4, 2031 \d{1,2}:\d{2} (am|pm)$/ );
		await admin.context().close();
	} );
} );
