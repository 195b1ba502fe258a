/**
 * Post ratings > Results > a post end to end: one post's ratings against a real HTTP
 * server answering the contract's routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderPostRatings } from '../test/render';
import { postsLoaded, ratingsTable, resultsSuite } from '../test/resultsSuite';

const { server, lastQuery } = resultsSuite();

describe( 'Post ratings > Results > a post', () => {
	const ratingsLoaded = () =>
		screen.findByRole( 'heading', { name: 'Hello world' } );

	it( 'lists the post’s ratings, newest first, with date and time in the site’s time zone', async () => {
		renderPostRatings(
			server,
			'/results/11?from=2026-11-01&to=2026-11-21'
		);
		await ratingsLoaded();
		await within( ratingsTable() ).findAllByRole( 'rowheader' );

		expect(
			Object.fromEntries( lastQuery( '/post-ratings/results/11' ) )
		).toEqual( {
			page: '1',
			per_page: '10',
			orderby: 'created_at',
			order: 'desc',
			from: '2026-11-01',
			to: '2026-11-21',
			_locale: 'user',
		} );
		const rows = within( ratingsTable() )
			.getAllByRole( 'row' )
			.slice( 1 )
			.map( ( row ) =>
				Array.from(
					row.querySelectorAll< HTMLElement >( 'th, td' )
				).map(
					( cell ) =>
						within( cell )
							.queryByRole( 'img' )
							?.getAttribute( 'aria-label' ) ?? cell.textContent
				)
			);
		// 02:05 UTC on the 21st is 21:05 on the 20th in New York.
		expect( rows ).toEqual( [
			[ 'November 20, 2026', '9:05 pm', '2 out of 5' ],
			[ 'November 20, 2026', '10:30 am', '5 out of 5' ],
			[ 'November 19, 2026', '7:00 am', '4 out of 5' ],
		] );
		expect(
			screen.getByRole( 'link', { name: 'View Post' } )
		).toHaveAttribute( 'href', 'http://site.test/?p=11' );
		expect(
			screen.getByText( 'Number of Ratings: 12' )
		).toBeInTheDocument();
	} );

	it( 'sorts by rating and by date on the server', async () => {
		const { user, location } = renderPostRatings( server, '/results/11' );
		await ratingsLoaded();
		await user.click(
			within( ratingsTable() ).getByRole( 'button', { name: 'Rating' } )
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results/11' ).get( 'orderby' )
			).toBe( 'rating' )
		);
		expect( lastQuery( '/post-ratings/results/11' ).get( 'order' ) ).toBe(
			'desc'
		);
		expect( location().search ).toBe( '?orderby=rating&order=desc' );

		await user.click(
			within( ratingsTable() ).getByRole( 'button', { name: 'Date' } )
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results/11' ).get( 'orderby' )
			).toBe( 'created_at' )
		);
		await user.click(
			within( ratingsTable() ).getByRole( 'button', { name: 'Date' } )
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results/11' ).get( 'order' )
			).toBe( 'asc' )
		);
		expect(
			within( ratingsTable() ).getByRole( 'columnheader', {
				name: 'Date',
			} )
		).toHaveAttribute( 'aria-sort', 'ascending' );
	} );

	it( 'goes back to the list with its sort and the range', async () => {
		const { user, location } = renderPostRatings(
			server,
			'/results?orderby=post_title&order=asc&from=2026-11-01&to=2026-11-21'
		);
		await postsLoaded();
		await user.click( screen.getByRole( 'link', { name: 'Hello world' } ) );
		await ratingsLoaded();
		expect( location().pathname ).toBe( '/results/11' );
		expect( location().search ).toBe( '?from=2026-11-01&to=2026-11-21' );

		await user.click( screen.getByRole( 'link', { name: 'Go Back' } ) );
		await postsLoaded();
		expect( location().pathname ).toBe( '/results' );
		expect(
			Object.fromEntries( new URLSearchParams( location().search ) )
		).toEqual( {
			orderby: 'post_title',
			order: 'asc',
			from: '2026-11-01',
			to: '2026-11-21',
		} );
	} );

	it( 'goes back to the list with the range chosen on the post', async () => {
		const { user, location } = renderPostRatings( server, '/results/11' );
		await ratingsLoaded();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Date range' } ),
			'last_7_days'
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results/11' ).get( 'from' )
			).toBe( '2026-11-15' )
		);
		await user.click( screen.getByRole( 'link', { name: 'Go Back' } ) );
		expect( location().pathname ).toBe( '/results' );
		expect( location().search ).toBe( '?from=2026-11-15&to=2026-11-21' );
	} );

	it( 'exports the post’s ratings', async () => {
		const { user } = renderPostRatings(
			server,
			'/results/11?orderby=rating&order=asc'
		);
		await ratingsLoaded();
		await user.click(
			screen.getByRole( 'button', { name: 'Export Excel' } )
		);
		const csv = new URL(
			screen
				.getByRole( 'menuitem', { name: 'CSV' } )
				.getAttribute( 'href' )!
		);
		expect( Object.fromEntries( csv.searchParams ) ).toEqual( {
			page: 'userfeedback_exports',
			report: 'post_ratings',
			format: 'csv',
			post_id: '11',
			from: '2026-10-23',
			to: '2026-11-21',
			orderby: 'rating',
			order: 'asc',
			_wpnonce: 'export-nonce',
		} );
	} );

	it( 'says No Results Found for a post without ratings in the range', async () => {
		renderPostRatings( server, '/results/12' );
		expect(
			await screen.findByRole( 'heading', { name: 'About us' } )
		).toBeInTheDocument();
		expect(
			await within( ratingsTable() ).findByText( 'No Results Found' )
		).toBeInTheDocument();
	} );

	it( 'says so for a post that does not exist', async () => {
		const { user, location } = renderPostRatings( server, '/results/999' );
		expect(
			await screen.findByRole( 'heading', { name: 'Post not found' } )
		).toBeInTheDocument();
		await user.click( screen.getByRole( 'link', { name: 'Go Back' } ) );
		expect( location().pathname ).toBe( '/results' );
	} );
} );
