import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { STORAGE_PREFIX, formatAverage, hydrate } from './post-rating';

const REST = 'https://example.test/wp-json/userfeedback/v1/';

/**
 * The markup RatingMarkup.php prints (the contract's), for post 12.
 */
function widget( { count = 2, average = 3.5 } = {} ) {
	const filled = Math.round( average );
	const icons = [ 1, 2, 3, 4, 5 ]
		.map(
			( n ) =>
				`<button type="button" class="userfeedback-post-rating__icon${
					n <= filled ? ' is-filled' : ''
				}" data-rating="${ n }" aria-label="Rate ${ n } out of 5"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M0 0h24v24z" fill="currentColor"/></svg></button>`
		)
		.join( '' );
	const hidden = count ? '' : ' hidden';
	document.body.innerHTML = `
		<div class="userfeedback-post-rating" data-post-id="12" data-token="tok-12" data-rest="${ REST }" data-error="Your rating could not be saved. Please try again.">
			<p class="userfeedback-post-rating__question" id="userfeedback-post-rating-12">How would you rate this post?</p>
			<div class="userfeedback-post-rating__icons" role="group" aria-labelledby="userfeedback-post-rating-12">${ icons }</div>
			<p class="userfeedback-post-rating__instruction">Click on a star to rate it!</p>
			<p class="userfeedback-post-rating__thanks" role="status" hidden>Thank you for rating this post!</p>
			<p class="userfeedback-post-rating__summary" aria-live="polite">
				<span class="userfeedback-post-rating__average"${ hidden }>Average rating <strong data-average>${ formatAverage(
					average
				) }</strong>/5.</span>
				<span class="userfeedback-post-rating__count"${ hidden }>Vote count: <strong data-count>${ count }</strong></span>
				${
					count
						? ''
						: '<span class="userfeedback-post-rating__none">No votes yet.</span>'
				}
			</p>
		</div>`;
	const root = document.querySelector< HTMLElement >(
		'.userfeedback-post-rating'
	)!;
	hydrate( root );
	return root;
}

const star = ( n: number ) =>
	screen.getByRole( 'button', { name: `Rate ${ n } out of 5` } );
const stars = () =>
	screen.getAllByRole( 'button', { name: /^Rate \d out of 5$/ } );
const filled = () =>
	stars().filter( ( button ) => button.classList.contains( 'is-filled' ) )
		.length;
const thanks = () => screen.getByText( 'Thank you for rating this post!' );
const instruction = () => screen.getByText( 'Click on a star to rate it!' );

function answer( status: number, body: unknown ) {
	return new Response( JSON.stringify( body ), {
		status,
		headers: { 'Content-Type': 'application/json' },
	} );
}

let fetchMock: ReturnType< typeof vi.fn >;

function serve( ...responses: Array< Response | Error > ) {
	for ( const response of responses ) {
		fetchMock.mockImplementationOnce( async () => {
			if ( response instanceof Error ) {
				throw response;
			}
			return response;
		} );
	}
}

beforeEach( () => {
	fetchMock = vi.fn();
	vi.stubGlobal( 'fetch', fetchMock );
	window.localStorage.clear();
} );

afterEach( () => {
	document.body.innerHTML = '';
	window.localStorage.clear();
} );

describe( 'formatAverage', () => {
	it.each( [
		[ 5, '5' ],
		[ 4.25, '4.3' ],
		[ 4.5, '4.5' ],
		[ 3.04, '3' ],
		[ 0, '0' ],
	] )( '%s -> %s', ( average, shown ) => {
		expect( formatAverage( average ) ).toBe( shown );
	} );
} );

describe( 'post rating widget', () => {
	it( 'posts the vote as JSON without cookies, then shows the thanks and the new figures', async () => {
		const user = userEvent.setup();
		widget( { count: 2, average: 3.5 } );
		expect( filled() ).toBe( 4 );
		serve( answer( 201, { post_id: 12, count: 3, average: 3.67 } ) );

		await user.click( star( 5 ) );

		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe( `${ REST }post-ratings/12/votes` );
		expect( init.method ).toBe( 'POST' );
		expect( init.credentials ).toBe( 'omit' );
		expect( new Headers( init.headers ).get( 'Content-Type' ) ).toBe(
			'application/json'
		);
		expect( new Headers( init.headers ).has( 'X-WP-Nonce' ) ).toBe( false );
		expect( JSON.parse( String( init.body ) ) ).toEqual( {
			rating: 5,
			token: 'tok-12',
		} );

		await waitFor( () => expect( thanks() ).toBeVisible() );
		expect( instruction() ).not.toBeVisible();
		expect( document.querySelector( '[data-average]' )?.textContent ).toBe(
			'3.7'
		);
		expect( document.querySelector( '[data-count]' )?.textContent ).toBe(
			'3'
		);
		expect( filled() ).toBe( 5 );
		for ( const button of stars() ) {
			expect( button ).toBeDisabled();
			expect( button ).toHaveAttribute( 'aria-disabled', 'true' );
		}
		expect( window.localStorage.getItem( `${ STORAGE_PREFIX }12` ) ).toBe(
			'5'
		);
	} );

	it( 'votes from the keyboard and reveals the figures of a post that had no votes', async () => {
		const user = userEvent.setup();
		widget( { count: 0, average: 0 } );
		expect( screen.getByText( 'No votes yet.' ) ).toBeVisible();
		expect( screen.getByText( /Average rating/ ) ).not.toBeVisible();
		serve(
			answer( 201, { post_id: 12, count: 1, average: 2 } ),
			answer( 201, { post_id: 12, count: 1, average: 2 } )
		);

		await user.tab();
		expect( star( 1 ) ).toHaveFocus();
		await user.tab();
		expect( star( 2 ) ).toHaveFocus();
		expect( filled() ).toBe( 2 ); // Focus previews like hover.
		await user.keyboard( '{Enter}' );

		await waitFor( () => expect( thanks() ).toBeVisible() );
		expect(
			JSON.parse( String( fetchMock.mock.calls[ 0 ][ 1 ].body ) ).rating
		).toBe( 2 );
		expect( screen.getByText( 'No votes yet.' ) ).not.toBeVisible();
		expect( screen.getByText( /Average rating/ ) ).toBeVisible();
		expect( screen.getByText( /Average rating/ ) ).toHaveTextContent(
			'Average rating 2/5.'
		);
		expect( screen.getByText( /Vote count/ ) ).toHaveTextContent(
			'Vote count: 1'
		);
		expect( filled() ).toBe( 2 );

		// Space works too (a fresh page, nothing remembered).
		window.localStorage.clear();
		widget( { count: 1, average: 2 } );
		star( 4 ).focus();
		await user.keyboard( ' ' );
		await waitFor( () => expect( thanks() ).toBeVisible() );
		expect( fetchMock ).toHaveBeenCalledTimes( 2 );
		expect(
			JSON.parse( String( fetchMock.mock.calls[ 1 ][ 1 ].body ) ).rating
		).toBe( 4 );
	} );

	it( 'previews on hover and puts the average back when the pointer leaves', async () => {
		const user = userEvent.setup();
		widget( { count: 4, average: 2.4 } );
		expect( filled() ).toBe( 2 );
		await user.hover( star( 4 ) );
		expect( filled() ).toBe( 4 );
		await user.hover( star( 1 ) );
		expect( filled() ).toBe( 1 );
		await user.unhover( screen.getByRole( 'group' ) );
		expect( filled() ).toBe( 2 );
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'disables the buttons while saving', async () => {
		const user = userEvent.setup();
		widget();
		let release: ( response: Response ) => void = () => {};
		fetchMock.mockImplementationOnce(
			() =>
				new Promise< Response >( ( resolve ) => ( release = resolve ) )
		);
		await user.click( star( 3 ) );
		for ( const button of stars() ) {
			expect( button ).toBeDisabled();
		}
		await user.click( star( 4 ) );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		release( answer( 201, { post_id: 12, count: 3, average: 3.33 } ) );
		await waitFor( () => expect( thanks() ).toBeVisible() );
	} );

	it( 'shows the server’s message on a 4xx and lets the visitor try again', async () => {
		const user = userEvent.setup();
		widget( { count: 2, average: 3.5 } );
		serve(
			answer( 429, {
				code: 'userfeedback_rate_limited',
				message: 'Too many requests. Please wait a few minutes.',
				data: { status: 429 },
			} ),
			answer( 201, { post_id: 12, count: 3, average: 4 } )
		);

		await user.click( star( 5 ) );
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'Too many requests. Please wait a few minutes.'
		);
		for ( const button of stars() ) {
			expect( button ).toBeEnabled();
		}
		expect( thanks() ).not.toBeVisible();
		expect( instruction() ).toBeVisible();
		expect( star( 5 ) ).toHaveFocus();
		expect( window.localStorage.length ).toBe( 0 );
		expect( document.querySelector( '[data-count]' )?.textContent ).toBe(
			'2'
		);

		await user.click( star( 5 ) );
		await waitFor( () => expect( thanks() ).toBeVisible() );
		expect(
			screen.getByRole( 'alert', { hidden: true } )
		).not.toBeVisible();
		expect( document.querySelector( '[data-count]' )?.textContent ).toBe(
			'3'
		);
	} );

	it.each( [
		[
			'a server error',
			() => answer( 500, { message: 'Internal detail' } ),
		],
		[ 'a network failure', () => new TypeError( 'Failed to fetch' ) ],
		[
			'a 4xx without JSON',
			() => new Response( '<html>', { status: 403 } ),
		],
	] )( 'falls back to the translated message on %s', async ( _, make ) => {
		const user = userEvent.setup();
		widget();
		serve( make() );
		await user.click( star( 2 ) );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Your rating could not be saved. Please try again.'
		);
		expect( star( 2 ) ).toBeEnabled();
		expect( filled() ).toBe( 4 ); // The average (3.5) again.
	} );

	it( 'shows the voted state of a remembered vote without asking the server', () => {
		window.localStorage.setItem( `${ STORAGE_PREFIX }12`, '3' );
		widget( { count: 10, average: 4.6 } );
		expect( filled() ).toBe( 3 );
		expect( thanks() ).toBeVisible();
		expect( instruction() ).not.toBeVisible();
		for ( const button of stars() ) {
			expect( button ).toBeDisabled();
			expect( button ).toHaveAttribute( 'aria-disabled', 'true' );
		}
		expect( fetchMock ).not.toHaveBeenCalled();
		expect( document.querySelector( '[data-average]' )?.textContent ).toBe(
			'4.6'
		);
	} );

	it( 'ignores a remembered value that is not a rating, and another post’s vote', () => {
		window.localStorage.setItem( `${ STORAGE_PREFIX }12`, 'x' );
		window.localStorage.setItem( `${ STORAGE_PREFIX }13`, '4' );
		widget();
		expect( thanks() ).not.toBeVisible();
		expect( star( 1 ) ).toBeEnabled();
	} );

	it( 'hydrates a widget once', async () => {
		const user = userEvent.setup();
		const root = widget();
		hydrate( root );
		serve( answer( 201, { post_id: 12, count: 3, average: 3 } ) );
		await user.click( star( 1 ) );
		await waitFor( () => expect( thanks() ).toBeVisible() );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
	} );
} );
