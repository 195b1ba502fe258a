/**
 * A stand-in for the post-ratings REST routes of the contract (shared/types/postRatings.ts),
 * served by the real test HTTP server: settings GET/POST (a POST merges, or answers the
 * error a test sets), the rated posts and one post's ratings, sorted and paged as asked.
 * Every request is recorded.
 */
import {
	pageOf,
	sendFailure,
	sendJson,
	sendList,
	sendNoRoute,
	restRoute,
	sortedBy,
	type Failure,
	type Received,
	type TestServer,
} from '../../shared/test/server';
import type {
	PostRatingIcon,
	PostRatingItem,
	PostRatingRow,
	PostRatingSettings,
	PostRatingSettingsResponse,
} from '../../shared/types';

/** RatingSettingsSchema::defaults(). */
export const DEFAULTS: PostRatingSettings = {
	icon_id: 'star',
	icon_color: '#1579EF',
	rating_question: 'How would you rate this post?',
	rating_instruction_message: 'Click on a star to rate it!',
	thank_you_message: 'Thank you for rating this post!',
	font: '',
	background_color: '#FFFFFF',
	text_color: '#23282D',
	show_vote_count: 'yes',
	show_rating: 'yes',
	display_settings: 'after_content',
	use_review_schema: 'no',
	show_uf_logo: 'no',
};

/** RatingSettingsSchema::icons(). */
export const ICONS: PostRatingIcon[] = [
	{ id: 'star', viewBox: '0 0 24 24', path: 'M12 1.1l2.82 7.62 8.12.33-6.37 5.03 2.19 7.82L12 17.4l-6.76 4.5 2.19-7.82-6.37-5.03 8.12-.33z', fill: 'currentColor' }, // prettier-ignore
	{ id: 'heart', viewBox: '0 0 24 24', path: 'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z', fill: 'currentColor' }, // prettier-ignore
	{ id: 'circle', viewBox: '0 0 24 24', path: 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20z', fill: 'currentColor' }, // prettier-ignore
	{ id: 'diamond', viewBox: '0 0 24 24', path: 'M12 1.5l10.5 10.5L12 22.5 1.5 12z', fill: 'currentColor' }, // prettier-ignore
	{ id: 'bolt', viewBox: '0 0 24 24', path: 'M13.5 1L4 13.5h6.5L9 23l11-13.5h-6.8z', fill: 'currentColor' }, // prettier-ignore
	{ id: 'thumb', viewBox: '0 0 24 24', path: 'M2 10h4v12H2zM8 21.5V10.2l5.6-8.2c1.6-.3 2.7 1 2.4 2.5L15 9h6c1.1 0 2 .9 2 2v1.6l-3.3 7.7c-.3.7-1 1.2-1.8 1.2z', fill: 'currentColor' }, // prettier-ignore
];

export interface FakePostRatingsApi {
	settings: PostRatingSettings;
	posts: PostRatingRow[];
	/** Ratings by post id; a post id missing here (and from posts) answers 404. */
	ratings: Map< number, PostRatingItem[] >;
	/** Routes (path below the namespace, method) answering an error: 'POST /post-ratings/settings'. */
	failures: Map< string, Failure >;
	/** Bodies of the settings saves, in order. */
	saves: unknown[];
	requests: Array< { method: string; path: string; query: URLSearchParams } >;
}

export function installFakePostRatingsApi(
	server: TestServer,
	initial: Partial< FakePostRatingsApi > = {}
): FakePostRatingsApi {
	const api: FakePostRatingsApi = {
		settings: { ...DEFAULTS },
		posts: [],
		ratings: new Map(),
		failures: new Map(),
		saves: [],
		requests: [],
		...initial,
	};

	server.handle( ( request: Received, response ) => {
		const { path, query } = restRoute( request );
		api.requests.push( { method: request.method, path, query } );
		if ( request.method === 'POST' && path === '/post-ratings/settings' ) {
			api.saves.push( JSON.parse( request.body || '{}' ) );
		}
		const failure = api.failures.get( `${ request.method } ${ path }` );
		if ( failure ) {
			return sendFailure( response, failure );
		}
		const answerSettings = (): PostRatingSettingsResponse => ( {
			settings: api.settings,
			defaults: DEFAULTS,
			icons: ICONS,
		} );
		if ( path === '/post-ratings/settings' ) {
			if ( request.method === 'POST' ) {
				api.settings = {
					...api.settings,
					...JSON.parse( request.body || '{}' ),
				};
			}
			return sendJson( response, 200, answerSettings() );
		}
		if ( path === '/post-ratings/results' ) {
			return sendList(
				response,
				pageOf( sortedBy( api.posts, query, 'total_ratings' ), query )
			);
		}
		const match = path.match( /^\/post-ratings\/results\/(\d+)$/ );
		if ( match ) {
			const id = Number( match[ 1 ] );
			const post = api.posts.find( ( entry ) => entry.post_id === id );
			if ( ! post ) {
				return sendJson( response, 404, {
					code: 'userfeedback_post_not_found',
					message: 'Post not found.',
					data: { status: 404 },
				} );
			}
			const items = api.ratings.get( id ) ?? [];
			return sendList( response, {
				post,
				...pageOf( sortedBy( items, query, 'created_at' ), query ),
			} );
		}
		return sendNoRoute( response );
	} );
	return api;
}

export function requestsTo( api: FakePostRatingsApi, path: string ) {
	return api.requests.filter(
		( request ) => request.method === 'GET' && request.path === path
	);
}

export function ratedPost(
	id: number,
	title: string,
	extra: Partial< PostRatingRow > = {}
): PostRatingRow {
	return {
		post_id: id,
		post_title: title,
		post_url: `http://site.test/?p=${ id }`,
		total_ratings: id * 3,
		average_rating: 4,
		last_rated_at: '2026-11-20T10:00:00Z',
		...extra,
	};
}
