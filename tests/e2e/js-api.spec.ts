/**
 * Issue 18 item 1 in the browser: the JavaScript API (window.userfeedback) called before the
 * loader ran (queued by the stub) and after it, 'hide', an 'on complete' callback after answering,
 * and the two start options for pages with scripts of their own: a click on elements matching a
 * CSS selector, and a custom DOM event.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import {
	ELITE,
	anyWidget,
	choice,
	onlySurvey,
	prepareSite,
	question,
	siteBatch,
	widget,
} from './fixtures/visitor';

const SHOTS = process.env.UF_SHOTS || '/work/notes/shots18';
const TITLE = 'Quick pricing question';
const QUESTION = 'Did you find the plan you need?';
const THANKS = 'Thanks a lot!';

/** What the page's window carries here (widget/src/api.ts, select.ts; ufEvents is this spec's). */
type ApiWindow = Window & {
	userfeedback?: ( ( command: string, ...args: unknown[] ) => void ) & {
		q?: unknown[];
	};
	userfeedbackHidden?: unknown[];
	ufEvents?: unknown[];
};

let paths: Record< string, string >;

test.beforeAll( () => {
	paths = prepareSite( {
		entitlements: ELITE,
		pages: [
			[
				'js-api',
				'Plans',
				'<!-- wp:paragraph --><p><a class="ask-pricing" href="#plans"><strong>See our plans</strong></a></p><!-- /wp:paragraph -->',
			],
		],
	} );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

/** A published survey with one question, starting as `behavior` says. */
function survey( behavior: Record< string, unknown > ): number {
	return onlySurvey(
		[
			question( 1, 'radio-button', QUESTION, {
				options: [ 'Yes', 'No' ],
			} ),
		],
		{
			title: TITLE,
			settings: {
				behavior: { display_length: 'until_response', ...behavior },
			},
		}
	);
}

/**
 * Settles once the loader ran (it sets window.userfeedbackHidden) and armed the survey's
 * trigger: every survey these tests arm has a timing other than immediate, whose code is
 * the lazily loaded triggers chunk. Its module runs when the chunk pushes itself onto
 * webpack's chunk list, and the loader arms the trigger in the microtasks right after
 * that, so a later evaluation sees it armed (no wait on the clock).
 */
async function loaderRan( page: Page ) {
	await page.waitForFunction( () => {
		const chunks = (
			globalThis as { webpackChunkuserfeedback?: unknown[][] }
		 ).webpackChunkuserfeedback;
		return (
			Array.isArray( ( window as ApiWindow ).userfeedbackHidden ) &&
			!! chunks?.some( ( [ ids ] ) =>
				( ids as string[] ).includes( 'triggers' )
			)
		);
	} );
}

/**
 * Dispatches an event and says whether the UI chunk was asked for: a trigger that fires
 * queues the import in its listener (a zero-delay timer: the loader asks for the chunk in a
 * task of its own), so a zero-delay timer set after the dispatch runs after it, and the
 * chunk's script is on the page by then if the trigger fired (no wait on the clock).
 *
 * @param page  The visitor's page.
 * @param name  The event's name.
 * @param where window or document.
 */
function dispatchStartsUi(
	page: Page,
	name: string,
	where: 'window' | 'document'
) {
	return page.evaluate(
		( [ eventName, target ] ) => {
			( target === 'window' ? window : document ).dispatchEvent(
				new CustomEvent( eventName )
			);
			return new Promise( ( resolve ) =>
				setTimeout( () =>
					resolve(
						!! document.querySelector( 'script[src*="/ui."]' )
					)
				)
			);
		},
		[ name, where ]
	);
}

/** The site's own stub (README), with calls queued before any script of the page runs. */
async function queueBeforeLoader( page: Page, calls: string ) {
	await page.addInitScript( `
		window.userfeedback = window.userfeedback || function () {
			( window.userfeedback.q = window.userfeedback.q || [] ).push( arguments );
		};
		window.ufEvents = [];
		${ calls }
	` );
}

test( "userfeedback( 'show', id ) queued before the loader shows the survey, and 'on complete' fires after answering", async ( {
	page,
} ) => {
	// Its own trigger never fires: only the API shows it.
	const id = survey( { timing: 'click', click_selector: '#nowhere' } );
	await queueBeforeLoader(
		page,
		`window.userfeedback( 'on', 'submit', function ( d ) { window.ufEvents.push( [ 'submit', d.survey_id ] ); } );
		window.userfeedback( 'on', 'complete', function ( d ) { window.ufEvents.push( [ 'complete', d.survey_id, typeof d.response_id, d.answers.length ] ); } );
		window.userfeedback( 'show', ${ id } );`
	);
	await page.goto( paths[ 'js-api' ] );
	const dialog = widget( page, TITLE );
	await expect( dialog.getByText( QUESTION ) ).toBeVisible();
	// The stub was replaced by the real API.
	expect(
		await page.evaluate( () =>
			Array.isArray( ( window as ApiWindow ).userfeedback?.q )
		)
	).toBe( false );

	await choice( dialog, 'Yes' ).click();
	await expect( dialog.getByText( THANKS ) ).toBeVisible();
	await expect
		.poll( () => page.evaluate( () => ( window as ApiWindow ).ufEvents ) )
		.toEqual( [
			[ 'submit', id ],
			[ 'complete', id, 'string', 1 ],
		] );
} );

test( "userfeedback( 'show', id ) after the loader ran shows the survey; 'hide' removes it", async ( {
	page,
} ) => {
	const id = survey( { timing: 'click', click_selector: '#nowhere' } );
	await page.goto( paths[ 'js-api' ] );
	await loaderRan( page );
	await expect( anyWidget( page, TITLE ) ).toHaveCount( 0 );

	await page.evaluate( ( surveyId ) => {
		( window as ApiWindow ).userfeedback!( 'show', surveyId );
	}, id );
	const dialog = widget( page, TITLE );
	await expect( dialog.getByText( QUESTION ) ).toBeVisible();

	await page.evaluate( () =>
		( window as ApiWindow ).userfeedback!( 'hide' )
	);
	await expect( anyWidget( page, TITLE ) ).toHaveCount( 0 );

	// Bad input is ignored with a warning that names the problem.
	const warnings: string[] = [];
	page.on( 'console', ( message ) => {
		if ( message.type() === 'warning' ) {
			warnings.push( message.text() );
		}
	} );
	await page.evaluate( () =>
		( window as ApiWindow ).userfeedback!( 'show', 'soon' )
	);
	await expect
		.poll( () => warnings )
		.toContain( 'userfeedback: show needs a survey id, not "soon".' );
	await expect( anyWidget( page, TITLE ) ).toHaveCount( 0 );
} );

test( 'a click on an element matching the selector opens the survey', async ( {
	page,
} ) => {
	survey( { timing: 'click', click_selector: 'a.ask-pricing' } );
	await page.goto( paths[ 'js-api' ] );
	await loaderRan( page );
	await expect( anyWidget( page, TITLE ) ).toHaveCount( 0 );

	// On the link's inner <strong>: the click is matched with closest().
	await page.getByText( 'See our plans' ).click();
	const dialog = widget( page, TITLE );
	await expect( dialog.getByText( QUESTION ) ).toBeVisible();
	await page.screenshot( {
		path: `${ SHOTS }/H1-click-trigger.png`,
	} );
} );

test( 'a custom event opens the survey', async ( { page } ) => {
	survey( { timing: 'event', event_name: 'cart:added' } );
	await page.goto( paths[ 'js-api' ] );
	await loaderRan( page );

	expect( await dispatchStartsUi( page, 'cart:removed', 'window' ) ).toBe(
		false
	);
	await expect( anyWidget( page, TITLE ) ).toHaveCount( 0 );

	expect( await dispatchStartsUi( page, 'cart:added', 'document' ) ).toBe(
		true
	);
	await expect( widget( page, TITLE ).getByText( QUESTION ) ).toBeVisible();
} );

test.describe( 'the builder', () => {
	test.use( { storageState: adminStatePath() } );

	test( 'checks the click selector next to its field', async ( { page } ) => {
		const id = survey( { timing: 'immediate' } );
		await page.goto(
			`/wp-admin/admin.php?page=userfeedback_surveys#/edit/${ id }/settings`
		);
		await page
			.getByRole( 'radio', { name: /When a visitor clicks an element/ } )
			.check();
		const field = page.getByRole( 'textbox', { name: 'CSS selector' } );
		await field.fill( '.pricing a[' );
		const wrapper = page.locator( '.userfeedback-click-selector' );
		await expect( wrapper ).toContainText(
			'This is not a valid CSS selector.'
		);
		await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
		await wrapper.scrollIntoViewIfNeeded();
		await page
			.locator( '.userfeedback-builder-card' )
			.filter( { hasText: 'Start the survey' } )
			.screenshot( { path: `${ SHOTS }/H1-builder-click-selector.png` } );
		await field.fill( '.pricing a[href]' );
		await expect( wrapper ).not.toContainText(
			'This is not a valid CSS selector.'
		);
	} );
} );
