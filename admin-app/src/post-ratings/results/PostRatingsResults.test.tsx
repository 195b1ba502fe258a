/**
 * Post ratings > Results end to end: the rated posts table against a real HTTP server
 * answering the contract's routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { feature } from '../../shared/test/fixtures';
import { renderPostRatings } from '../test/render';
import {
	postsLoaded,
	postsTable,
	resultsSuite,
	rowOf,
} from '../test/resultsSuite';

const { server, api, lastQuery } = resultsSuite();

describe( 'Post ratings > Results', () => {
	it( 'lists the rated posts of the last 30 days, most rated first, 10 a page', async () => {
		renderPostRatings( server, '/results' );
		await postsLoaded();

		expect(
			Object.fromEntries( lastQuery( '/post-ratings/results' ) )
		).toEqual( {
			page: '1',
			per_page: '10',
			orderby: 'total_ratings',
			order: 'desc',
			from: '2026-10-23',
			to: '2026-11-21',
			_locale: 'user',
		} );
		const names = within( postsTable() )
			.getAllByRole( 'rowheader' )
			.map( ( cell ) => cell.textContent );
		expect( names ).toEqual( [ 'Pricing', 'Hello world', 'About us' ] );

		const row = rowOf( postsTable(), 'Hello world' );
		expect(
			row.getByRole( 'link', { name: 'Hello world' } )
		).toHaveAttribute(
			'href',
			'/results/11?from=2026-10-23&to=2026-11-21'
		);
		expect( row.getByRole( 'cell', { name: '12' } ) ).toBeInTheDocument();
		expect(
			row.getByRole( 'img', { name: '4.3 out of 5' } )
		).toBeInTheDocument();
		expect( row.getByText( '4.3' ) ).toBeInTheDocument();
		// Stars filled to the average: 4.25 of 5.
		expect(
			row
				.getByRole( 'img', { name: '4.3 out of 5' } )
				.querySelector< HTMLElement >( '.userfeedback-pr-stars__full' )!
				.style.width
		).toBe( '85%' );
		expect(
			rowOf( postsTable(), 'About us' ).getByRole( 'img', {
				name: '2.0 out of 5',
			} )
		).toBeInTheDocument();
	} );

	it( 'sorts on the server when a column header is clicked, with the view in the URL', async () => {
		const { user, location } = renderPostRatings( server, '/results' );
		await postsLoaded();

		await user.click(
			within( postsTable() ).getByRole( 'button', {
				name: 'Post/Page Name',
			} )
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results' ).get( 'orderby' )
			).toBe( 'post_title' )
		);
		// Issue 17: a text column sorts A→Z on the first click, then Z→A.
		expect( lastQuery( '/post-ratings/results' ).get( 'order' ) ).toBe(
			'asc'
		);
		expect( location().search ).toBe( '?orderby=post_title&order=asc' );
		await waitFor( () =>
			expect(
				within( postsTable() )
					.getAllByRole( 'rowheader' )
					.map( ( cell ) => cell.textContent )
			).toEqual( [ 'About us', 'Hello world', 'Pricing' ] )
		);

		await user.click(
			within( postsTable() ).getByRole( 'button', {
				name: 'Post/Page Name',
			} )
		);
		await waitFor( () =>
			expect( lastQuery( '/post-ratings/results' ).get( 'order' ) ).toBe(
				'desc'
			)
		);
		await waitFor( () =>
			expect(
				within( postsTable() )
					.getAllByRole( 'rowheader' )
					.map( ( cell ) => cell.textContent )
			).toEqual( [ 'Pricing', 'Hello world', 'About us' ] )
		);

		await user.click(
			within( postsTable() ).getByRole( 'button', {
				name: 'Average Rating',
			} )
		);
		await waitFor( () =>
			expect(
				lastQuery( '/post-ratings/results' ).get( 'orderby' )
			).toBe( 'average_rating' )
		);
		expect(
			within( postsTable() ).getByRole( 'columnheader', {
				name: 'Average Rating',
			} )
		).toHaveAttribute( 'aria-sort', 'descending' );
	} );

	it( 'sends the chosen date range as from and to', async () => {
		const { user, location } = renderPostRatings( server, '/results' );
		await postsLoaded();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Date range' } ),
			'last_7_days'
		);
		await waitFor( () =>
			expect( lastQuery( '/post-ratings/results' ).get( 'from' ) ).toBe(
				'2026-11-15'
			)
		);
		expect( lastQuery( '/post-ratings/results' ).get( 'to' ) ).toBe(
			'2026-11-21'
		);
		expect( location().search ).toBe( '?from=2026-11-15&to=2026-11-21' );
		expect(
			rowOf( postsTable(), 'Pricing' ).getByRole( 'link', {
				name: 'Pricing',
			} )
		).toHaveAttribute(
			'href',
			'/results/13?from=2026-11-15&to=2026-11-21'
		);
	} );

	it( 'links Export Excel to the post-ratings report with the range and sort', async () => {
		const { user } = renderPostRatings(
			server,
			'/results?orderby=average_rating&order=asc&from=2026-11-01&to=2026-11-10'
		);
		await postsLoaded();
		await user.click(
			screen.getByRole( 'button', { name: 'Export Excel' } )
		);
		const menu = screen.getByRole( 'menu', {
			name: 'Export the rated posts',
		} );
		const xlsx = new URL(
			within( menu )
				.getByRole( 'menuitem', { name: 'Excel (.xlsx)' } )
				.getAttribute( 'href' )!
		);
		expect( xlsx.origin + xlsx.pathname ).toBe(
			'http://site.test/wp-admin/admin.php'
		);
		expect( Object.fromEntries( xlsx.searchParams ) ).toEqual( {
			page: 'userfeedback_exports',
			report: 'post_ratings',
			format: 'xlsx',
			from: '2026-11-01',
			to: '2026-11-10',
			orderby: 'average_rating',
			order: 'asc',
			_wpnonce: 'export-nonce',
		} );
		const csv = new URL(
			within( menu )
				.getByRole( 'menuitem', { name: 'CSV' } )
				.getAttribute( 'href' )!
		);
		expect( csv.searchParams.get( 'format' ) ).toBe( 'csv' );
		expect( csv.searchParams.has( 'post_id' ) ).toBe( false );
	} );

	it( 'disables the export, saying why, when the export feature is locked', async () => {
		renderPostRatings( server, '/results', {
			features: {
				export: feature( {
					allowed: false,
					label: 'CSV and XLSX Export',
					reason: 'license',
				} ),
			},
		} );
		await postsLoaded();
		const button = screen.getByRole( 'button', { name: 'Export Excel' } );
		expect( button ).toBeDisabled();
		expect( button.parentElement ).toHaveAccessibleDescription(
			'Please enter a valid license key to use CSV and XLSX Export.'
		);
	} );

	it( 'says No Results Found when no post was rated in the range', async () => {
		api().posts = [];
		renderPostRatings( server, '/results' );
		expect(
			await within(
				await screen.findByRole( 'table', { name: 'Rated posts' } )
			).findByText( 'No Results Found' )
		).toBeInTheDocument();
	} );

	it( 'shows a failed load with a retry', async () => {
		api().failures.set( 'GET /post-ratings/results', {
			status: 500,
			code: 'internal_error',
			message: 'Database unavailable.',
		} );
		const { user } = renderPostRatings( server, '/results' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Database unavailable.'
		);
		api().failures.clear();
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		await postsLoaded();
	} );
} );
