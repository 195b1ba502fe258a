/**
 * Inline surveys: the shortcode [userfeedback id="N"] and the block userfeedback/survey print a
 * placeholder in the content, and the survey is answered there, with no close button.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { site } from './fixtures/site';
import {
	Traffic,
	choice,
	createSurvey,
	isUiChunk,
	prepareSite,
	putPages,
	question,
	storedResponses,
	submission,
	surveyCookie,
	valuesOf,
} from './fixtures/visitor';

const TITLE = 'Inline survey';
const ASKED = 'Did this guide help you?';
const THANKS = 'Thanks a lot!';

const BEFORE = 'Before the survey.';
const AFTER = 'After the survey.';

let id: number;
let paths: Record< string, string >;

test.beforeAll( () => {
	prepareSite( {} );
	id = createSurvey(
		[ question( 1, 'radio-button', ASKED, { options: [ 'Yes', 'No' ] } ) ],
		{ title: TITLE }
	);
	paths = putPages( [
		[
			'shortcode',
			'Shortcode page',
			`<p>${ BEFORE }</p>\n\n[userfeedback id="${ id }"]\n\n<p>${ AFTER }</p>`,
		],
		[
			'block',
			'Block page',
			[
				`<!-- wp:paragraph --><p>${ BEFORE }</p><!-- /wp:paragraph -->`,
				`<!-- wp:userfeedback/survey {"surveyId":${ id }} /-->`,
				`<!-- wp:paragraph --><p>${ AFTER }</p><!-- /wp:paragraph -->`,
			].join( '\n\n' ),
		],
	] );
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

/** True when `inner` comes after the text `before` and ahead of the text `after` in the page. */
async function isBetween( page: Page, inner: Locator ): Promise< boolean > {
	const handle = await inner.elementHandle();
	return page.evaluate(
		( [ element, before, after ] ) => {
			const find = ( text: string ) =>
				[ ...document.querySelectorAll( 'p' ) ].find(
					( p ) => p.textContent?.trim() === text
				);
			const a = find( before as string );
			const b = find( after as string );
			const el = element as Element;
			if ( ! a || ! b ) {
				return false;
			}
			// Document order: before, the survey, after.
			const all = [ ...document.querySelectorAll( '*' ) ];
			const at = ( node: Element ) => all.indexOf( node );
			return at( a ) < at( el ) && at( el ) < at( b );
		},
		[ handle, BEFORE, AFTER ] as const
	);
}

/**
 * Opens a page with the survey inline, answers it there and checks what was stored.
 *
 * @param page The page.
 * @param path The page's path.
 */
async function answerInline( page: Page, path: string ): Promise< void > {
	const traffic = new Traffic( page );
	await page.goto( path );

	const host = page.locator(
		`.userfeedback-inline[data-survey-id="${ id }"]`
	);
	await expect( host ).toHaveCount( 1 );
	expect( await isBetween( page, host ) ).toBe( true );

	await expect( host.getByText( ASKED ) ).toBeVisible();
	expect( traffic.urls( isUiChunk ) ).toHaveLength( 1 );
	// Shown once, in the content: not also as a floating widget.
	await expect( page.getByText( ASKED ) ).toHaveCount( 1 );
	// Part of the page: neither close nor minimise.
	await expect(
		page.getByRole( 'button', { name: 'Close', exact: true } )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'button', { name: 'Minimize', exact: true } )
	).toHaveCount( 0 );

	const submitted = submission( page, id );
	await choice( host, 'Yes' ).click();
	const { response, body } = await submitted;
	expect( response.status() ).toBe( 201 );
	await expect( host.getByText( THANKS ) ).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: 'Close', exact: true } )
	).toHaveCount( 0 );

	const stored = storedResponses( id ).find( ( r ) => r.id === body.id );
	expect( stored ).toBeDefined();
	expect( stored!.page_url ).toContain( path );
	expect( valuesOf( stored!, 1 ) ).toEqual( [ 'Yes' ] );
	expect( ( await surveyCookie( page.context(), id ) )?.submitted ).toBe(
		true
	);
}

test( 'the shortcode renders the survey inside the content, where it is answered', async ( {
	page,
} ) => {
	const path = paths.shortcode;
	await answerInline( page, path );

	// Answered already: the placeholder shows the thank-you, not the questions again.
	await page.reload();
	const host = page.locator(
		`.userfeedback-inline[data-survey-id="${ id }"]`
	);
	await expect( host.getByText( THANKS ) ).toBeVisible();
	await expect( host.getByText( ASKED ) ).toHaveCount( 0 );
	await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
} );

// eslint-disable-next-line playwright/expect-expect -- answerInline asserts.
test( 'the block renders the survey inside the content, where it is answered', async ( {
	page,
} ) => {
	const path = paths.block;
	await answerInline( page, path );
} );
