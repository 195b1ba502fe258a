/**
 * A stand-in for the results routes of the contract (shared/types/results.ts), served
 * by the real test HTTP server. Answers are set per test; every request is recorded.
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
	AnswerItem,
	AnswerList,
	NpsResults,
	OverviewSurvey,
	ResponseList,
	ResponsesOverview,
	SurveyResults,
} from '../../shared/types';

export interface FakeResultsApi {
	surveys: OverviewSurvey[];
	overview: Omit< ResponsesOverview, 'surveys' | 'pagination' >;
	results: Map< number, SurveyResults >;
	/** Text answers by question id (every page). */
	answers: Map< number, AnswerItem[] >;
	nps: Map< number, NpsResults >;
	comments: AnswerItem[];
	/** First page of each survey's responses (GET surveys/{id}/responses). */
	responses: Map< number, ResponseList >;
	/** Routes (path without the namespace) answering an error. */
	failures: Map< string, Failure >;
	requests: Array< { path: string; query: URLSearchParams } >;
}

/**
 * The cursor of the answer at a 0-based rank, as PageCursor::encode() writes it.
 *
 * @param rank The answer's place in the list.
 * @param item The answer.
 */
export function answerCursor( rank: number, item: AnswerItem ): string {
	return `${ rank }-${ item.date
		.replace( /\D/g, '' )
		.slice( 0, 14 ) }-${ item.response_id }`;
}

/**
 * A page of answers with its next_cursor. The fake reads every page by offset: a cursor
 * only makes the real server's read cheaper, the page is the same.
 *
 * @param items The whole list.
 * @param query The request's query.
 */
function answerPage( items: AnswerItem[], query: URLSearchParams ): AnswerList {
	const { items: rows, pagination } = pageOf( items, query );
	const last = rows.at( -1 );
	return {
		items: rows,
		pagination,
		next_cursor: last
			? answerCursor(
					( pagination.page - 1 ) * pagination.per_page +
						rows.length -
						1,
					last
				)
			: null,
	};
}

export function installFakeResultsApi(
	server: TestServer,
	initial: Partial< FakeResultsApi > = {}
): FakeResultsApi {
	const api: FakeResultsApi = {
		surveys: [],
		overview: { total_responses: 0, data_points: [] },
		results: new Map(),
		answers: new Map(),
		nps: new Map(),
		comments: [],
		responses: new Map(),
		failures: new Map(),
		requests: [],
		...initial,
	};

	server.handle( ( request: Received, response ) => {
		const { path, query } = restRoute( request );
		api.requests.push( { path, query } );
		const failure = api.failures.get( path );
		if ( failure ) {
			return sendFailure( response, failure );
		}
		let match: RegExpMatchArray | null;
		if ( path === '/results-summary' ) {
			const { items, pagination } = pageOf(
				sortedBy( api.surveys, query, 'id' ),
				query
			);
			const body: ResponsesOverview = {
				...api.overview,
				surveys: items,
				pagination,
			};
			return sendList( response, body );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)\/results$/ ) ) ) {
			const results = api.results.get( Number( match[ 1 ] ) );
			if ( ! results ) {
				return sendJson( response, 404, {
					code: 'userfeedback_survey_not_found',
					message: 'Survey not found.',
					data: { status: 404 },
				} );
			}
			return sendJson( response, 200, results );
		}
		if (
			( match = path.match(
				/^\/surveys\/(\d+)\/questions\/(\d+)\/answers$/
			) )
		) {
			const items = api.answers.get( Number( match[ 2 ] ) ) ?? [];
			return sendJson( response, 200, answerPage( items, query ) );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)\/nps$/ ) ) ) {
			const nps = api.nps.get( Number( match[ 1 ] ) );
			return nps
				? sendJson( response, 200, nps )
				: sendNoRoute( response );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)\/responses$/ ) ) ) {
			const list = api.responses.get( Number( match[ 1 ] ) );
			return list ? sendList( response, list ) : sendNoRoute( response );
		}
		if ( path.match( /^\/surveys\/(\d+)\/nps\/comments$/ ) ) {
			const search = ( query.get( 'search' ) ?? '' ).toLowerCase();
			const items = api.comments.filter( ( item ) =>
				( item.extra?.comments ?? '' ).toLowerCase().includes( search )
			);
			return sendJson( response, 200, answerPage( items, query ) );
		}
		return sendNoRoute( response );
	} );
	return api;
}

export function requestsTo( api: FakeResultsApi, path: string ) {
	return api.requests.filter( ( request ) => request.path === path );
}
