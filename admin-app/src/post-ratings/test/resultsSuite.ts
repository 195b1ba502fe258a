/**
 * The ratings screens' tests: the suite's server with the fake post-ratings routes
 * holding three rated posts (and the ratings of "Hello world"), on 2026-11-21 in New
 * York; and the queries the tests share.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { serverForSuite, type TestServer } from '../../shared/test/server';
import {
	installFakePostRatingsApi,
	ratedPost,
	requestsTo,
	type FakePostRatingsApi,
} from './fakeApi';
import { resetUiState } from './render';

export interface ResultsSuite {
	server: TestServer;
	/** The current test's fake API. */
	api: () => FakePostRatingsApi;
	/** The query of the last GET of a route, e.g. '/post-ratings/results'. */
	lastQuery: ( path: string ) => URLSearchParams;
}

export function resultsSuite(): ResultsSuite {
	const server = serverForSuite();
	resetUiState();
	let api: FakePostRatingsApi;

	beforeEach( () => {
		// 10:00 in New York on 2026-11-21.
		vi.useFakeTimers( { toFake: [ 'Date' ] } );
		vi.setSystemTime( new Date( '2026-11-21T15:00:00Z' ) );
		api = installFakePostRatingsApi( server, {
			posts: [
				ratedPost( 11, 'Hello world', {
					total_ratings: 12,
					average_rating: 4.25,
				} ),
				ratedPost( 12, 'About us', {
					total_ratings: 3,
					average_rating: 2,
				} ),
				ratedPost( 13, 'Pricing', {
					total_ratings: 40,
					average_rating: 3.5,
				} ),
			],
			ratings: new Map( [
				[
					11,
					[
						{
							id: 1,
							post_id: 11,
							rating: 5,
							created_at: '2026-11-20T15:30:00Z',
						},
						{
							id: 2,
							post_id: 11,
							rating: 2,
							created_at: '2026-11-21T02:05:00Z',
						},
						{
							id: 3,
							post_id: 11,
							rating: 4,
							created_at: '2026-11-19T12:00:00Z',
						},
					],
				],
			] ),
		} );
	} );
	afterEach( () => {
		vi.useRealTimers();
	} );

	return {
		server,
		api: () => api,
		lastQuery: ( path ) => requestsTo( api, path ).at( -1 )!.query,
	};
}

export const postsTable = () =>
	screen.getByRole( 'table', { name: 'Rated posts' } );
export const ratingsTable = () =>
	screen.getByRole( 'table', { name: 'Ratings' } );
export const rowOf = ( table: HTMLElement, name: string | RegExp ) =>
	within(
		within( table )
			.getByRole( 'rowheader', { name } )
			.closest( 'tr' ) as HTMLElement
	);
export const postsLoaded = () =>
	screen.findByRole( 'rowheader', { name: 'Hello world' } );
