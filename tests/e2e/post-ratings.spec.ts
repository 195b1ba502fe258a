/**
 * Post ratings (issue 8, spec 2 section 2.2): a visitor rates a post with the star widget and
 * sees the new average; the admin finds the vote in Post Ratings > Results and in the post's
 * details, exports it, and changes the settings, which show in the preview and on the post.
 * A site without the post-ratings addon shows no widget and refuses votes.
 */
import {
	test,
	expect,
	type Browser,
	type Locator,
	type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { adminStatePath, site } from './fixtures/site';
import { siteBatch, useEntitlements } from './fixtures/visitor';
import { downloadText, exportCsv, parseCsv } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const POST_RATINGS = '/wp-admin/admin.php?page=userfeedback_post_ratings';
const ENTITLED = {
	edition: 'pro',
	license_type: 'pro',
	licensed: true,
	addons: [ 'post-ratings' ],
};
const QUESTION = 'How would you rate this post?';
const THANKS = 'Thank you for rating this post!';

/** 'Y-m-d H:i:s' in UTC, some hours ago: inside every default range. */
function hoursAgo( hours: number ): string {
	return new Date( Date.now() - hours * 3_600_000 )
		.toISOString()
		.slice( 0, 19 )
		.replace( 'T', ' ' );
}

type Posts = {
	rated: { id: number; path: string };
	other: { id: number; path: string };
};

/**
 * Entitlements, no ratings and default settings, two posts: "Rated post" with votes 4 and 5,
 * "Other post" with one vote of 2.
 */
function prepare( entitlements: object | null = ENTITLED ): Posts {
	const [ , , rated, other ] = siteBatch<
		[
			unknown,
			unknown,
			{ id: number; path: string },
			{ id: number; path: string },
		]
	>( [
		{ command: 'entitlements', arg: entitlements },
		{ command: 'post-ratings-reset' },
		{
			command: 'page-put',
			arg: {
				slug: 'rated-post',
				title: 'Rated post',
				type: 'post',
				content:
					'<!-- wp:paragraph --><p>A post that visitors rate.</p><!-- /wp:paragraph -->',
			},
		},
		{
			command: 'page-put',
			arg: {
				slug: 'other-post',
				title: 'Other post',
				type: 'post',
				content:
					'<!-- wp:paragraph --><p>Another post.</p><!-- /wp:paragraph -->',
			},
		},
	] );
	siteBatch( [
		{
			command: 'post-ratings-add',
			arg: {
				post_id: rated.id,
				ratings: [
					[ 4, hoursAgo( 30 ) ],
					[ 5, hoursAgo( 20 ) ],
				],
			},
		},
		{
			command: 'post-ratings-add',
			arg: { post_id: other.id, ratings: [ [ 2, hoursAgo( 10 ) ] ] },
		},
	] );
	return { rated, other };
}

/** A visitor: a fresh context with no login and no stored vote. */
async function visitor( browser: Browser ): Promise< Page > {
	const context = await browser.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	return context.newPage();
}

function ratingWidget( page: Page ): Locator {
	return page.locator( '.userfeedback-post-rating' );
}

function star( scope: Locator, value: number ): Locator {
	return scope.getByRole( 'button', { name: `Rate ${ value } out of 5` } );
}

test.describe( 'post ratings', () => {
	test.afterAll( () => {
		useEntitlements( null );
		site( 'post-ratings-reset' );
	} );

	test( 'a visitor rates a post by mouse and by keyboard and sees the new average', async ( {
		browser,
	} ) => {
		const { rated } = prepare();
		const page = await visitor( browser );
		const scripts: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.resourceType() === 'script' ) {
				scripts.push( request.url() );
			}
		} );
		await page.goto( rated.path );

		const widget = ratingWidget( page );
		await expect( widget ).toHaveCount( 1 );
		await expect(
			widget.getByRole( 'group', { name: QUESTION } )
		).toBeVisible();
		await expect( widget ).toContainText( 'Average rating 4.5/5.' );
		await expect( widget ).toContainText( 'Vote count: 2' );
		const axe = await new AxeBuilder( { page } )
			.include( '.userfeedback-post-rating' )
			.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa' ] )
			.analyze();
		expect( axe.violations.map( ( violation ) => violation.id ) ).toEqual(
			[]
		);
		// The rating script is the page's only script of ours, and no survey UI or React comes with it.
		const ours = scripts.filter( ( url ) =>
			url.includes( '/userfeedback' )
		);
		expect( ours.some( ( url ) => /post-rating\.js/.test( url ) ) ).toBe(
			true
		);
		expect(
			scripts.some( ( url ) => /react|\/ui\.[\w]+\.js/.test( url ) )
		).toBe( false );

		const voted = page.waitForResponse(
			( response ) =>
				/post-ratings\/\d+\/votes/.test( response.url() ) &&
				response.request().method() === 'POST'
		);
		await star( widget, 3 ).click();
		expect( ( await voted ).status() ).toBe( 201 );
		await expect( widget.getByText( THANKS ) ).toBeVisible();
		// ( 4 + 5 + 3 ) / 3 = 4.
		await expect( widget ).toContainText( 'Average rating 4/5.' );
		await expect( widget ).toContainText( 'Vote count: 3' );
		await expect( star( widget, 1 ) ).toBeDisabled();

		// One vote per visitor and post: after a reload the widget remembers it.
		await page.reload();
		await expect( ratingWidget( page ).getByText( THANKS ) ).toBeVisible();
		await expect( star( ratingWidget( page ), 5 ) ).toBeDisabled();
		await page.context().close();

		// Another visitor votes with the keyboard alone.
		const second = await visitor( browser );
		await second.goto( rated.path );
		const widget2 = ratingWidget( second );
		await expect( widget2 ).toContainText( 'Vote count: 3' );
		await star( widget2, 5 ).focus();
		await second.keyboard.press( 'Enter' );
		await expect( widget2.getByText( THANKS ) ).toBeVisible();
		// ( 4 + 5 + 3 + 5 ) / 4 = 4.25, one decimal.
		await expect( widget2 ).toContainText( 'Average rating 4.3/5.' );
		await expect( widget2 ).toContainText( 'Vote count: 4' );
		await second.context().close();

		const stored = site< Array< { rating: number } > >(
			'post-ratings-stored',
			{
				post_id: rated.id,
			}
		);
		expect( stored.map( ( row ) => row.rating ) ).toEqual( [ 4, 5, 3, 5 ] );
	} );

	test( 'the admin sees the vote in the results, sorts them, opens the post and exports', async ( {
		page,
		browser,
	} ) => {
		const { rated } = prepare();
		const voter = await visitor( browser );
		await voter.goto( rated.path );
		await star( ratingWidget( voter ), 3 ).click();
		await expect( ratingWidget( voter ) ).toContainText( 'Vote count: 3' );
		await voter.context().close();

		await page.goto( `${ POST_RATINGS }#/results` );
		const table = page.getByRole( 'table' );
		const ratedRow = table.getByRole( 'row', { name: /Rated post/ } );
		await expect( ratedRow ).toContainText( '3' );
		await expect( ratedRow ).toContainText( '4.0' );
		const otherRow = table.getByRole( 'row', { name: /Other post/ } );
		await expect( otherRow ).toContainText( '2.0' );

		// Sorted on the server: ascending average puts Other post (2.0) first.
		const sorted = page.waitForResponse(
			( response ) =>
				response.url().includes( 'post-ratings/results' ) &&
				/orderby=average_rating/.test(
					decodeURIComponent( response.url() )
				)
		);
		await table.getByRole( 'button', { name: /Average Rating/ } ).click();
		await sorted;
		await expect( page ).toHaveURL( /orderby=average_rating/ );
		const titles = async () =>
			( await table.getByRole( 'row' ).allInnerTexts() ).flatMap(
				( text ) => text.match( /Rated post|Other post/ ) ?? []
			);
		const first = await titles();
		await table.getByRole( 'button', { name: /Average Rating/ } ).click();
		await expect.poll( titles ).toEqual( [ ...first ].reverse() );

		// The post's details: its three ratings with date, time and stars.
		await table.getByRole( 'link', { name: 'Rated post' } ).click();
		await expect( page ).toHaveURL(
			new RegExp( `#/results/${ rated.id }` )
		);
		const ratings = page.getByRole( 'table' );
		await expect( ratings.getByRole( 'row' ) ).toHaveCount( 4 ); // header + 3
		await expect(
			ratings.getByRole( 'img', { name: /3 out of 5/ } )
		).toHaveCount( 1 );

		// Export of the post's ratings as CSV.
		const download = await exportCsv(
			page,
			page.getByRole( 'button', { name: /Export/ } ).first()
		);
		const rows = parseCsv( await downloadText( download ) );
		expect( rows ).toHaveLength( 4 );
		expect(
			rows
				.slice( 1 )
				.map( ( row ) => row[ rows[ 0 ].length - 1 ] )
				.sort()
		).toEqual( [ '3', '4', '5' ] );

		await page.getByRole( 'link', { name: /Go Back/ } ).click();
		await expect( page ).toHaveURL( /#\/results/ );
		await expect(
			page.getByRole( 'row', { name: /Other post/ } )
		).toBeVisible();
	} );

	test( 'settings changes show in the preview and on the post', async ( {
		page,
		browser,
	} ) => {
		const { rated } = prepare();
		await page.goto( POST_RATINGS );
		await expect( page ).toHaveURL( /#\/settings/ );
		const preview = page.locator( '.userfeedback-post-rating' );
		await expect( preview ).toContainText(
			'Average rating 5/5. Vote count: 200'
		);

		const question = page.getByRole( 'textbox', {
			name: /Rating question/i,
		} );
		await question.fill( 'Was this article useful?' );
		await expect( preview ).toContainText( 'Was this article useful?' );
		await page.getByRole( 'checkbox', { name: /vote count/i } ).uncheck();
		await expect( preview ).not.toContainText( 'Vote count' );
		await expect( preview ).toContainText( 'Average rating 5/5.' );

		await page.getByRole( 'button', { name: 'Save Settings' } ).click();
		await expect(
			page.locator( '.components-notice__content', {
				hasText: 'Settings Updated',
			} )
		).toBeVisible();
		const saved = site< Record< string, string > >( 'post-ratings-get' );
		expect( saved.rating_question ).toBe( 'Was this article useful?' );
		expect( saved.show_vote_count ).toBe( 'no' );

		const reader = await visitor( browser );
		await reader.goto( rated.path );
		const widget = ratingWidget( reader );
		await expect(
			widget.getByRole( 'group', { name: 'Was this article useful?' } )
		).toBeVisible();
		await expect( widget ).toContainText( 'Average rating 4.5/5.' );
		await expect( widget ).not.toContainText( 'Vote count' );
		await reader.context().close();

		// The revert control brings back the default text.
		await page.reload();
		await page
			.getByRole( 'button', { name: /Reset.*Rating question/i } )
			.click();
		await expect(
			page.getByRole( 'textbox', { name: /Rating question/i } )
		).toHaveValue( QUESTION );
	} );

	test( 'without the post-ratings addon there is no widget and no vote', async ( {
		page,
		browser,
	} ) => {
		const { rated } = prepare( null );
		const reader = await visitor( browser );
		await reader.goto( rated.path );
		await expect(
			reader.getByText( 'A post that visitors rate.' )
		).toBeVisible();
		await expect( ratingWidget( reader ) ).toHaveCount( 0 );
		// Even with the post's real token, the route refuses while the feature is locked.
		const { token } = site< { token: string } >( 'post-rating-token', {
			post_id: rated.id,
		} );
		const refused = await reader.request.post(
			`/?rest_route=/userfeedback/v1/post-ratings/${ rated.id }/votes`,
			{ data: { rating: 5, token } }
		);
		expect( refused.status() ).toBe( 403 );
		expect(
			site< unknown[] >( 'post-ratings-stored', { post_id: rated.id } )
		).toHaveLength( 2 );
		await reader.context().close();

		await page.goto( `${ POST_RATINGS }#/results` );
		await expect( page.getByText( /Post Ratings/ ).first() ).toBeVisible();
		await expect( page.getByRole( 'table' ) ).toHaveCount( 0 );
		await expect(
			page
				.getByRole( 'button', { name: /Upgrade/i } )
				.or( page.getByRole( 'link', { name: /Upgrade/i } ) )
				.first()
		).toBeVisible();
	} );
} );
