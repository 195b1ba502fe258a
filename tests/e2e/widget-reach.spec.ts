/**
 * Issue 17, the visitor widget: a floating survey a keyboard or screen-reader user can find (item
 * 11: reached in at most two Tab presses on the default theme's front page, announced once through
 * a polite live region, focus left alone when it opens by itself), star buttons named "4 of 5
 * stars", NPS and star buttons at least 44 px on a 390 px phone (item 7), and a visitor's × kept
 * for the browser session (item 9).
 */
import { test, expect, type Page } from '@playwright/test';
import {
	ELITE,
	onlySurvey,
	prepareSite,
	question,
	siteBatch,
	widget,
} from './fixtures/visitor';

const SHOTS = process.env.UF_SHOTS || '/work/notes/shots17';
const TITLE = 'Help us improve';
const Q = {
	plan: 'Which plan are you on?',
	nps: 'How likely are you to recommend us?',
	stars: 'How would you rate us?',
};

test.beforeAll( () => {
	prepareSite( { entitlements: ELITE } );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

function choiceSurvey( settings: Record< string, unknown > = {} ): number {
	return onlySurvey(
		[
			question( 1, 'radio-button', Q.plan, {
				options: [ 'Basic', 'Pro' ],
			} ),
		],
		{ title: TITLE, settings }
	);
}

/** Where the keyboard focus is: the element's accessible text and whether it is in the survey. */
const focusInfo = ( page: Page ) =>
	page.evaluate( () => {
		// eslint-disable-next-line @wordpress/no-global-active-element -- the page's focus.
		const el = document.activeElement as HTMLElement | null;
		return {
			tag: el?.tagName ?? '',
			text: (
				el?.getAttribute( 'aria-label' ) ||
				el?.textContent ||
				''
			).trim(),
			inSurvey: !! el?.closest( '.userfeedback-widget' ),
		};
	} );

test( 'the open survey is reached in at most two Tab presses on the front page, and announced once', async ( {
	page,
} ) => {
	choiceSurvey();
	await page.goto( '/' );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();

	// Announced once, politely: its title and how to reach it.
	const region = page.locator(
		'.userfeedback-widget .uf-sr[aria-live="polite"]'
	);
	await expect( region ).toHaveText(
		`A survey is open: ${ TITLE }. Use the “Skip to survey” link at the start of the page to go to it.`
	);
	await expect( region ).toHaveCount( 1 );

	// It opened by itself: the focus was left where it was.
	expect( ( await focusInfo( page ) ).tag ).toBe( 'BODY' );

	// Tab 1: the skip link, first in the page's tab order (before the theme's own).
	await page.keyboard.press( 'Tab' );
	const link = page.getByRole( 'link', {
		name: `Skip to survey: ${ TITLE }`,
	} );
	await expect( link ).toBeFocused();
	await expect( link ).toBeInViewport();
	await page.screenshot( { path: `${ SHOTS }/H4-reach-skip-link.png` } );
	await page.keyboard.press( 'Enter' );
	await expect(
		dialog.getByRole( 'heading', { name: Q.plan } )
	).toBeFocused();
	// Tab 2: the first answer.
	await page.keyboard.press( 'Tab' );
	const focus = await focusInfo( page );
	expect( focus.inSurvey ).toBe( true );
	await expect(
		dialog.getByRole( 'button', { name: 'Basic', exact: true } )
	).toBeFocused();
} );

test( 'focus is not taken when the survey opens after a delay, and moves in when the visitor opens it from the toggle', async ( {
	page,
} ) => {
	choiceSurvey( {
		behavior: {
			timing: 'delay',
			timing_delay: 1,
			display_length: 'until_response',
			start_minimized: false,
		},
	} );
	await page.goto( '/' );
	// The visitor is reading and has put the focus on the page's first link meanwhile.
	await page.keyboard.press( 'Tab' );
	const before = await focusInfo( page );
	const dialog = widget( page, TITLE );
	await expect( dialog ).toBeVisible();
	expect( await focusInfo( page ) ).toEqual( before );

	await dialog.getByRole( 'button', { name: 'Minimize' } ).click();
	await page.getByRole( 'button', { name: TITLE } ).click();
	await expect(
		dialog.getByRole( 'heading', { name: Q.plan } )
	).toBeFocused();
} );

test( 'a visitor’s × keeps the survey away for the rest of the session, unless the survey says otherwise', async ( {
	page,
	browser,
} ) => {
	const id = choiceSurvey();
	await page.goto( '/' );
	const dialog = widget( page, TITLE );
	await dialog.getByRole( 'button', { name: 'Close' } ).click();
	await expect( dialog ).toBeHidden();
	await page.reload();
	await page.waitForFunction(
		() => !! ( window as any ).userfeedbackHidden?.length
	);
	await expect( widget( page, TITLE ) ).toBeHidden();
	expect(
		await page.evaluate( () => ( window as any ).userfeedbackHidden )
	).toContainEqual( { survey_id: id, reason: 'dismissed' } );
	// Links are skipped only while it is dismissed: no skip link either.
	await expect( page.locator( '.uf-skip-link' ) ).toHaveCount( 0 );

	// A new browser session asks again.
	const fresh = await browser.newPage();
	await fresh.goto( '/' );
	await expect( widget( fresh, TITLE ) ).toBeVisible();
	await fresh.close();

	// A survey that does not remember: shown again after a reload.
	choiceSurvey( {
		behavior: {
			timing: 'immediate',
			display_length: 'until_response',
			remember_dismissal: false,
		},
	} );
	await page.goto( '/' );
	await widget( page, TITLE )
		.getByRole( 'button', { name: 'Close' } )
		.click();
	await page.reload();
	await expect( widget( page, TITLE ) ).toBeVisible();
} );

test.describe( 'on a 390 px phone', () => {
	test.use( {
		viewport: { width: 390, height: 844 },
		hasTouch: true,
		isMobile: true,
	} );

	test( 'NPS and star buttons are at least 44 x 44 px, and star buttons say "4 of 5 stars"', async ( {
		page,
	} ) => {
		onlySurvey(
			[
				question( 1, 'nps', Q.nps ),
				question( 2, 'star-rating', Q.stars ),
			],
			{ title: TITLE }
		);
		await page.goto( '/' );
		const dialog = widget( page, TITLE );
		await expect( dialog ).toBeVisible();

		const nps = dialog
			.getByRole( 'radiogroup', { name: Q.nps } )
			.getByRole( 'radio' );
		await expect( nps ).toHaveCount( 11 );
		const viewport = page.viewportSize()!;
		for ( const box of await Promise.all(
			( await nps.all() ).map( ( radio ) => radio.boundingBox() )
		) ) {
			expect( box!.width ).toBeGreaterThanOrEqual( 44 );
			expect( box!.height ).toBeGreaterThanOrEqual( 44 );
			expect( box!.x + box!.width ).toBeLessThanOrEqual( viewport.width );
		}
		await dialog.screenshot( { path: `${ SHOTS }/H4-touch-390-nps.png` } );
		await nps.nth( 9 ).tap();

		const stars = dialog.getByRole( 'radiogroup', { name: Q.stars } );
		await expect( stars ).toBeVisible();
		await expect( stars.getByRole( 'radio' ) ).toHaveCount( 5 );
		const four = stars.getByRole( 'radio', { name: '4 of 5 stars' } );
		await expect( four ).toBeVisible();
		for ( const radio of await stars.getByRole( 'radio' ).all() ) {
			const box = ( await radio.boundingBox() )!;
			expect( box.width ).toBeGreaterThanOrEqual( 44 );
			expect( box.height ).toBeGreaterThanOrEqual( 44 );
		}
		await dialog.screenshot( {
			path: `${ SHOTS }/H4-touch-390-stars.png`,
		} );
	} );
} );

test( 'on a desktop the NPS buttons keep their single row', async ( {
	page,
} ) => {
	await page.setViewportSize( { width: 1280, height: 800 } );
	onlySurvey( [ question( 1, 'nps', Q.nps ) ], { title: TITLE } );
	await page.goto( '/' );
	const nps = widget( page, TITLE )
		.getByRole( 'radiogroup', { name: Q.nps } )
		.getByRole( 'radio' );
	await expect( nps ).toHaveCount( 11 );
	// Measured once the widget's opening animation has ended (mid-animation, the buttons'
	// boxes come from different frames on a busy machine).
	await widget( page, TITLE ).evaluate( ( element ) =>
		Promise.all(
			element
				.getAnimations( { subtree: true } )
				.map( ( animation ) => animation.finished )
		)
	);
	const tops = new Set(
		await Promise.all(
			( await nps.all() ).map( async ( radio ) =>
				Math.round( ( await radio.boundingBox() )!.y )
			)
		)
	);
	expect( tops.size ).toBe( 1 );
} );
