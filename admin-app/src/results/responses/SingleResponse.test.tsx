/**
 * The single response screen end to end against the fake responses routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { startServer, type TestServer } from '../../shared/test/server';
import {
	API,
	findNotice,
	liteOverrides,
	manyResponses,
	partialResponse,
	renderApp,
	response,
	serveResponses,
	SURVEY,
	type FakeApi,
	countRequests as countOf,
} from './test/harness';

let server: TestServer;
let api: FakeApi;

const answers = () => screen.getByRole( 'region', { name: 'Site feedback' } );
const details = () =>
	screen.getByRole( 'region', { name: 'Response details' } );
const previous = () =>
	screen.getByRole( 'button', { name: 'Previous response' } );
const next = () => screen.getByRole( 'button', { name: 'Next response' } );

function detailRequests() {
	return server.received
		.map( ( request ) => new URL( request.url, server.url ) )
		.filter( ( url ) =>
			/\/surveys\/7\/responses\/\d+$/.test( url.pathname )
		)
		.map( ( url ) => ( {
			id: Number( url.pathname.split( '/' ).pop() ),
			status: url.searchParams.get( 'filter[status]' ),
			count: url.searchParams.get( 'count' ),
		} ) );
}

/** The value shown under a question. */
function answerTo( question: string | RegExp ) {
	const item = within( answers() )
		.getByRole( 'heading', { name: question } )
		.closest( 'li' ) as HTMLElement;
	return within( item );
}

/** The description of a term in the details card. */
function detail( term: string ) {
	const dt = within( details() ).getByText( term, { selector: 'dt' } );
	return dt.nextElementSibling as HTMLElement;
}

async function shown( id: number ) {
	await waitFor( () =>
		expect(
			screen.getByRole( 'heading', {
				level: 2,
				name: `Response #${ id }`,
			} )
		).toBeInTheDocument()
	);
	await waitFor( () =>
		expect(
			screen.getByRole( 'navigation', { name: 'Responses' } )
		).toHaveAttribute( 'aria-busy', 'false' )
	);
}

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	api = {
		responses: new Map( [
			[
				SURVEY.id,
				Array.from( { length: 12 }, ( _, index ) =>
					response( index + 1 )
				),
			],
		] ),
		actions: [],
		refuse: null,
	};
	serveResponses( server, api );
} );

describe( 'Single response', () => {
	it( 'shows each question with its answer, and the response’s details', async () => {
		api.responses.get( SURVEY.id )![ 9 ] = response( 10, {
			page_submitted: {
				name: 'Pricing',
				url: 'https://site.test/pricing/?ref=JavaScript:alert(1)',
			},
		} );
		renderApp( server, '/survey/7/responses/10' );
		await shown( 10 );

		expect( detailRequests()[ 0 ] ).toEqual( {
			id: 10,
			status: 'all',
			count: 'false',
		} );
		expect(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		).toHaveAttribute( 'href', '/survey/7/responses' );

		// The survey title heads the answers, then every question in order.
		expect(
			within( answers() )
				.getAllByRole( 'heading', { level: 4 } )
				.map( ( heading ) => heading.textContent )
		).toEqual( [
			'How did you find us?',
			'What do you use?',
			'Your email',
			'Anything else?',
		] );
		// Response 10 skipped the first question.
		expect(
			answerTo( 'How did you find us?' ).getByText( 'Skipped' )
		).toBeInTheDocument();
		expect(
			answerTo( 'What do you use?' ).getByText( 'Blog, Shop' )
		).toBeInTheDocument();
		const email = answerTo( 'Your email' );
		expect( email.getByText( /jane@example\.com/ ) ).toHaveTextContent(
			'jane@example.com (Jane)'
		);
		const other = answerTo( 'Anything else?' );
		expect( other.getByText( 'Skipped' ) ).toBeInTheDocument();
		expect(
			other.getByRole( 'heading', { name: 'Comments' } )
		).toBeInTheDocument();
		expect( other.getByText( 'Great site' ) ).toBeInTheDocument();

		expect( detail( 'Status' ) ).toHaveTextContent( 'Published' );
		expect( detail( 'Started' ) ).toHaveTextContent(
			'October 10, 2026 10:58 am'
		);
		expect( detail( 'Completed' ) ).toHaveTextContent(
			'October 10, 2026 11:00 am'
		);
		expect( detail( 'Submitted' ) ).toHaveTextContent(
			'October 10, 2026 11:00 am'
		);
		// 'javascript:' is stripped from the page link.
		expect(
			within( detail( 'Page submitted' ) ).getByRole( 'link', {
				name: 'Pricing (opens in a new tab)',
			} )
		).toHaveAttribute( 'href', 'https://site.test/pricing/?ref=alert(1)' );
		expect( detail( 'User IP' ) ).toHaveTextContent( '203.0.113.10' );
		expect( detail( 'Browser' ) ).toHaveTextContent( 'Firefox' );
		expect( detail( 'OS' ) ).toHaveTextContent( 'Linux' );
		expect( detail( 'Device' ) ).toHaveTextContent( 'desktop' );
	} );

	it( 'shows a partial response: its status, the question it reached, when it started and that it is not completed', async () => {
		api.responses.get( SURVEY.id )!.push( partialResponse( 26, 2 ) );
		renderApp( server, '/survey/7/responses/26?status=partial' );
		await shown( 26 );
		expect( detailRequests()[ 0 ] ).toEqual( {
			id: 26,
			status: 'partial',
			count: 'false',
		} );
		expect(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		).toHaveAttribute( 'href', '/survey/7/responses?status=partial' );

		expect( detail( 'Status' ) ).toHaveTextContent(
			'PartialReached question 3 of 4Your email'
		);
		expect( detail( 'Started' ) ).toHaveTextContent(
			'October 26, 2026 10:58 am'
		);
		expect( detail( 'Completed' ) ).toHaveTextContent( 'Not completed' );
		expect(
			within( details() ).queryByText( 'Submitted', { selector: 'dt' } )
		).toBeNull();
		expect( detail( 'Last answer' ) ).toHaveTextContent(
			'October 26, 2026 10:59 am'
		);

		expect(
			answerTo( 'How did you find us?' ).getByText( 'Search 26' )
		).toBeInTheDocument();
		expect(
			answerTo( 'What do you use?' ).getByText( 'Blog, Shop' )
		).toBeInTheDocument();
		expect(
			answerTo( 'Your email' ).getByText(
				'Not answered (the visitor stopped here)'
			)
		).toBeInTheDocument();
		expect(
			answerTo( 'Anything else?' ).getByText( 'Not reached' )
		).toBeInTheDocument();
	} );

	it( 'says "Not shown" for a question the survey\'s logic hid, "Skipped" for one skipped', async () => {
		api.responses.get( SURVEY.id )![ 9 ] = response( 10, {
			answers: [
				{ question_id: 1, value: 'Search', extra: null },
				{ question_id: 2, value: null, extra: null },
			],
			not_shown: [ 3 ],
		} );
		renderApp( server, '/survey/7/responses/10' );
		await shown( 10 );
		expect(
			answerTo( 'What do you use?' ).getByText( 'Skipped' )
		).toBeInTheDocument();
		expect(
			answerTo( 'Your email' ).getByText( 'Not shown' )
		).toBeInTheDocument();
		expect(
			answerTo( 'Your email' ).queryByText( 'Skipped' )
		).not.toBeInTheDocument();
		expect(
			answerTo( 'Anything else?' ).getByText( 'Skipped' )
		).toBeInTheDocument();
	} );

	it( 'lists the answer to a removed (archived) question under its old title, marked as removed', async () => {
		api.survey = {
			...SURVEY,
			questions: [
				...SURVEY.questions,
				{
					id: 5,
					title: 'Old question',
					type: 'text',
					archived: true,
				},
				{
					id: 6,
					title: 'Never answered',
					type: 'text',
					archived: true,
				},
			],
		};
		api.responses.get( SURVEY.id )![ 9 ] = response( 10, {
			answers: [
				...response( 10 ).answers,
				{ question_id: 5, value: 'Kept answer', extra: null },
			],
		} );
		renderApp( server, '/survey/7/responses/10' );
		await shown( 10 );
		const removed = answerTo( /^Old question/ );
		expect( removed.getByText( 'Kept answer' ) ).toBeInTheDocument();
		expect(
			within( answers() ).getByRole( 'heading', {
				name: 'Old question Removed from the survey',
			} )
		).toBeInTheDocument();
		// An archived question this response did not answer is left out.
		expect(
			within( answers() ).queryByText( /Never answered/ )
		).not.toBeInTheDocument();
	} );

	it( 'shows the page name as text when the page has no usable link', async () => {
		api.responses.get( SURVEY.id )![ 0 ] = response( 1, {
			page_submitted: { name: 'Evil', url: 'javascript:alert(1)' },
		} );
		api.responses.get( SURVEY.id )![ 1 ] = response( 2, {
			page_submitted: { name: 'Home', url: '' },
		} );
		const { user } = renderApp( server, '/survey/7/responses/2' );
		await shown( 2 );
		expect( detail( 'Page submitted' ) ).toHaveTextContent( 'Home' );
		expect(
			within( detail( 'Page submitted' ) ).queryByRole( 'link' )
		).not.toBeInTheDocument();

		await user.click( next() );
		await shown( 1 );
		expect( detail( 'Page submitted' ) ).toHaveTextContent( 'Evil' );
		expect(
			within( detail( 'Page submitted' ) ).queryByRole( 'link' )
		).not.toBeInTheDocument();
	} );

	it( 'steps through the list with previous and next, disabled at either end', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		// 3 and 8 are trashed: "all" holds 10, the newest first.
		expect( screen.getByText( 'Response 1 of 10' ) ).toBeInTheDocument();
		expect( previous() ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( next() ).not.toHaveAttribute( 'aria-disabled' );

		// At an end the button does nothing.
		await user.click( previous() );
		expect( router.state.location.pathname ).toBe(
			'/survey/7/responses/12'
		);

		await user.click( next() );
		await shown( 11 );
		expect( router.state.location.pathname ).toBe(
			'/survey/7/responses/11'
		);
		expect( screen.getByText( 'Response 2 of 10' ) ).toBeInTheDocument();
		expect( previous() ).not.toHaveAttribute( 'aria-disabled' );

		await user.click( previous() );
		await shown( 12 );
		expect( screen.getByText( 'Response 1 of 10' ) ).toBeInTheDocument();

		router.navigate( '/survey/7/responses/1' );
		await shown( 1 );
		expect( screen.getByText( 'Response 10 of 10' ) ).toBeInTheDocument();
		expect( next() ).toHaveAttribute( 'aria-disabled', 'true' );
		// Still focusable at the end, so the keyboard does not lose its place.
		next().focus();
		expect( next() ).toHaveFocus();
		await user.keyboard( '{Enter}' );
		expect( router.state.location.pathname ).toBe(
			'/survey/7/responses/1'
		);

		// The other way is still open.
		await user.click( previous() );
		await shown( 2 );
		expect( screen.getByText( 'Response 9 of 10' ) ).toBeInTheDocument();
	} );

	it( 'says "of 1,000+" when the list’s count is only a lower bound', async () => {
		api.position = { index: 12, total: 1000, capped: true };
		renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		expect(
			screen.getByText( 'Response 12 of 1,000+' )
		).toBeInTheDocument();
		expect( screen.queryByText( /Response 12 of 1,000$/ ) ).toBeNull();
	} );

	it( 'says "One of 1,000+ responses" when the rank is not known in a capped list', async () => {
		api.position = { index: 0, total: 1000, capped: true };
		renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		expect(
			screen.getByText( 'One of 1,000+ responses' )
		).toBeInTheDocument();
		expect( screen.queryByText( /^Response \d/ ) ).toBeNull();
		// Stepping still works: the neighbours are known.
		expect( next() ).not.toHaveAttribute( 'aria-disabled' );
	} );

	it( 'shows no place when the rank is not known in a counted list', async () => {
		api.position = { index: 0, total: 10, capped: false };
		renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		expect(
			screen.queryByText( /^(Response \d|One of)/ )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'navigation', { name: 'Responses' } )
		).toHaveTextContent( /^‹ PreviousNext ›$/ );
	} );

	it( 'reads a position without capped (an older answer) as an exact count', async () => {
		// undefined is left out of the JSON: the answer has no capped at all.
		api.position = { index: 3, total: 1000, capped: undefined };
		renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		expect( screen.getByText( 'Response 3 of 1,000' ) ).toBeInTheDocument();
	} );

	it( 'keeps the list’s status filter while stepping and going back', async () => {
		const { user, router } = renderApp(
			server,
			'/survey/7/responses/8?status=trash'
		);
		await shown( 8 );
		expect( detailRequests().at( -1 ) ).toEqual( {
			id: 8,
			status: 'trash',
			count: 'false',
		} );
		expect( screen.getByText( 'Response 1 of 2' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		).toHaveAttribute( 'href', '/survey/7/responses?status=trash' );

		await user.click( next() );
		await shown( 3 );
		expect( router.state.location.pathname ).toBe(
			'/survey/7/responses/3'
		);
		expect( router.state.location.search ).toBe( '?status=trash' );
		expect( detailRequests().at( -1 ) ).toEqual( {
			id: 3,
			status: 'trash',
			count: 'false',
		} );
		expect( next() ).toHaveAttribute( 'aria-disabled', 'true' );
	} );

	it( 'says so when the response does not exist', async () => {
		renderApp( server, '/survey/7/responses/99' );
		expect(
			await screen.findByRole( 'heading', { name: 'Response not found' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		).toHaveAttribute( 'href', '/survey/7/responses' );
		expect(
			screen.queryByRole( 'navigation', { name: 'Responses' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows a failed load with a retry', async () => {
		server.handle( ( _request, res ) => {
			res.statusCode = 500;
			res.setHeader( 'Access-Control-Allow-Origin', '*' );
			res.setHeader( 'Content-Type', 'application/json' );
			res.end(
				JSON.stringify( {
					code: 'internal',
					message: 'Database is down.',
					data: { status: 500 },
				} )
			);
		} );
		const { user } = renderApp( server, '/survey/7/responses/5' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'The data could not be loaded: Database is down.'
		);
		serveResponses( server, api );
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		await shown( 5 );
	} );

	it( 'moves a response to the trash and steps to the next one', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses/12' );
		await shown( 12 );
		await user.click(
			screen.getByRole( 'button', { name: 'Move to Trash' } )
		);
		expect(
			await findNotice( '1 response moved to the Trash.' )
		).toBeInTheDocument();
		expect( api.actions ).toEqual( [
			expect.objectContaining( { action: 'trash', ids: [ 12 ] } ),
		] );
		await shown( 11 );
		expect( router.state.location.pathname ).toBe(
			'/survey/7/responses/11'
		);
		expect( screen.getByText( 'Response 1 of 9' ) ).toBeInTheDocument();
	} );

	it( 'restores the last trashed response and returns to the trash list', async () => {
		api.responses.set( SURVEY.id, [ response( 3 ), response( 4 ) ] );
		const { user, router } = renderApp(
			server,
			'/survey/7/responses/3?status=trash'
		);
		await shown( 3 );
		await user.click( screen.getByRole( 'button', { name: 'Restore' } ) );
		expect(
			await findNotice( '1 response restored from the Trash.' )
		).toBeInTheDocument();
		await waitFor( () =>
			expect( router.state.location.pathname ).toBe(
				'/survey/7/responses'
			)
		);
		expect( router.state.location.search ).toBe( '?status=trash' );
	} );

	it( 'offers Lite no trash action, and ignores a status filter in the URL', async () => {
		renderApp(
			server,
			'/survey/7/responses/12?status=trash',
			liteOverrides()
		);
		await shown( 12 );
		expect( detailRequests().at( -1 ) ).toEqual( {
			id: 12,
			status: 'all',
			count: 'false',
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Move to Trash' } )
		).not.toBeInTheDocument();
		expect(
			server.received.some( ( request ) =>
				request.url.startsWith( `${ API }/surveys/7/responses/trash` )
			)
		).toBe( false );
	} );
} );

describe( 'The place in a filtered list', () => {
	const devices = ( ...value: string[] ) => [
		{ field: 'device', operator: 'isAny', value },
	];
	const listPath = ( view: object ) =>
		`/survey/7/responses?view=${ encodeURIComponent(
			JSON.stringify( view )
		) }`;
	const responseIn = ( id: number, view: object ) =>
		`/survey/7/responses/${ id }?view=${ encodeURIComponent(
			JSON.stringify( view )
		) }`;
	const countRequests = () => countOf( server );
	/** The query of the last GET surveys/7/responses/{rid}. */
	const lastDetail = () =>
		Object.fromEntries(
			server.received
				.map( ( request ) => new URL( request.url, server.url ) )
				.filter( ( url ) =>
					/\/surveys\/7\/responses\/\d+$/.test( url.pathname )
				)
				.at( -1 )!.searchParams
		);
	const place = () =>
		document.querySelector( '.userfeedback-response__position' )
			?.textContent;
	const matched = () =>
		document.querySelector( '.userfeedback-filter-bar__matched' )
			?.textContent;
	/** Holds the count route's answers until the function it returns is called. */
	function holdCounts() {
		let release = () => {};
		api.holdCounts = new Promise< void >( ( resolve ) => {
			release = resolve;
		} );
		return () => {
			api.holdCounts = undefined;
			release();
		};
	}
	/**
	 * Waits until every count query has its answer (data or error), whatever it says.
	 *
	 * @param client The app's query client.
	 */
	async function countsSettled(
		client: ReturnType< typeof renderApp >[ 'queryClient' ]
	) {
		await waitFor( () => {
			const counts = client
				.getQueryCache()
				.findAll( { queryKey: [ 'responses', SURVEY.id, 'count' ] } );
			expect( counts.length ).toBeGreaterThan( 0 );
			for ( const count of counts ) {
				expect( count.state.fetchStatus ).toBe( 'idle' );
				expect(
					count.state.data !== undefined || count.state.error !== null
				).toBe( true );
			}
		} );
	}

	it( 'asks for the place without the count, counts the list once with its filter only, and the list reuses that count', async () => {
		// 39 responses, 37 of them completed; #37 is the third newest of the desktop ones.
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const view = { conditions: devices( 'desktop' ), page: 2 };
		const release = holdCounts();
		const { user, router } = renderApp( server, responseIn( 37, view ) );
		await shown( 37 );
		expect( lastDetail() ).toEqual( {
			_locale: 'user',
			'filter[status]': 'all',
			'filter[conditions]': JSON.stringify( view.conditions ),
			count: 'false',
		} );
		// Until the count comes, what the place itself knows: the rank, and one after it.
		expect( place() ).toBe( 'Response 3 of 4+' );
		await waitFor( () => expect( countRequests() ).toHaveLength( 1 ) );
		// The list's filter only: no page, page size, order, cursor or count flag.
		expect( countRequests()[ 0 ] ).toEqual( {
			_locale: 'user',
			'filter[status]': 'all',
			'filter[conditions]': JSON.stringify( view.conditions ),
		} );

		release();
		await waitFor( () => expect( place() ).toBe( 'Response 3 of 37' ) );

		// Stepping keeps the count: not asked again.
		await user.click( next() );
		await shown( 36 );
		expect( place() ).toBe( 'Response 4 of 37' );
		expect( lastDetail() ).toMatchObject( { count: 'false' } );

		// Back to the list (page 2, not counted): the same count, not asked again.
		await user.click(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		);
		await waitFor( () =>
			expect( router.state.location.pathname ).toBe(
				'/survey/7/responses'
			)
		);
		await waitFor( () => expect( matched() ).toBe( '37 responses match' ) );
		await waitFor( () =>
			expect(
				screen.getByRole( 'table', { name: 'Responses' } )
			).toHaveAttribute( 'aria-busy', 'false' )
		);
		expect( matched() ).toBe( '37 responses match' );
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'shows the count the list remembered, capped, without counting again', async () => {
		// 1,098 completed responses match: counted up to 1,000.
		api.responses.set( SURVEY.id, manyResponses( 1100 ) );
		const view = { conditions: devices( 'desktop' ), page: 2 };
		const { user } = renderApp( server, listPath( view ) );
		await waitFor( () =>
			expect( matched() ).toBe( '1,000+ responses match' )
		);
		expect( countRequests() ).toHaveLength( 1 );

		// Page 2: #1090 is the 11th, #1089 the 12th.
		await user.click(
			await screen.findByRole( 'link', { name: 'Response #1089' } )
		);
		await shown( 1089 );
		expect( lastDetail() ).toMatchObject( { count: 'false' } );
		expect( place() ).toBe( 'Response 12 of 1,000+' );
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'shows the exact count the list remembered', async () => {
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const view = { conditions: devices( 'desktop' ) };
		const { user } = renderApp( server, listPath( view ) );
		await waitFor( () => expect( matched() ).toBe( '37 responses match' ) );
		await user.click(
			await screen.findByRole( 'link', { name: 'Response #37' } )
		);
		await shown( 37 );
		expect( place() ).toBe( 'Response 3 of 37' );
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'never shows fewer than the place knows: a list grown since it was counted is a lower bound', async () => {
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const view = { conditions: devices( 'desktop' ) };
		const { router } = renderApp( server, listPath( view ) );
		await waitFor( () => expect( matched() ).toBe( '37 responses match' ) );
		// Six new responses since: #1 is now the 43rd, the last one.
		api.responses.set( SURVEY.id, manyResponses( 45 ) );
		router.navigate( responseIn( 1, view ) );
		await shown( 1 );
		expect( place() ).toBe( 'Response 43 of 43+' );
		expect( next() ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'shows what the list’s page showed when the list’s count says nothing', async () => {
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		api.countAnswer = 'unknown';
		const view = { conditions: devices( 'desktop' ) };
		const { user, queryClient } = renderApp( server, listPath( view ) );
		await countsSettled( queryClient );
		await waitFor( () =>
			expect( matched() ).toBe( '11+ responses match' )
		);
		await user.click(
			await screen.findByRole( 'link', { name: 'Response #37' } )
		);
		await shown( 37 );
		// Not "3 of 4+": the list showed at least 11.
		expect( place() ).toBe( 'Response 3 of 11+' );
		await user.click( next() );
		await shown( 36 );
		expect( place() ).toBe( 'Response 4 of 11+' );
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it.each( [
		[ 'says nothing (out of time)', 'unknown' as const ],
		[ 'fails', 500 ],
	] )(
		'keeps the place’s own lower bound when the count %s',
		async ( _label, countAnswer ) => {
			api.responses.set( SURVEY.id, manyResponses( 39 ) );
			api.countAnswer = countAnswer;
			const { user, queryClient } = renderApp(
				server,
				responseIn( 37, { conditions: devices( 'desktop' ) } )
			);
			await shown( 37 );
			await waitFor( () => expect( countRequests() ).toHaveLength( 1 ) );
			await countsSettled( queryClient );
			expect( place() ).toBe( 'Response 3 of 4+' );
			expect( screen.queryByRole( 'alert' ) ).toBeNull();

			// Not asked again on every step.
			await user.click( next() );
			await shown( 36 );
			expect( place() ).toBe( 'Response 4 of 5+' );
			await countsSettled( queryClient );
			expect( countRequests() ).toHaveLength( 1 );
		}
	);

	it( 'counts the list again once a response is trashed', async () => {
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const view = { conditions: devices( 'desktop' ) };
		const { user } = renderApp( server, responseIn( 37, view ) );
		await shown( 37 );
		await waitFor( () => expect( place() ).toBe( 'Response 3 of 37' ) );
		expect( countRequests() ).toHaveLength( 1 );

		await user.click(
			screen.getByRole( 'button', { name: 'Move to Trash' } )
		);
		await findNotice( '1 response moved to the Trash.' );
		await shown( 36 );
		await waitFor( () => expect( place() ).toBe( 'Response 3 of 36' ) );
		expect( countRequests() ).toHaveLength( 2 );
	} );

	it( 'asks for no count of a list that is not filtered, even a capped one', async () => {
		const { user } = renderApp(
			server,
			'/survey/7/responses/8?status=trash'
		);
		await shown( 8 );
		expect( lastDetail() ).toMatchObject( { count: 'false' } );
		expect( place() ).toBe( 'Response 1 of 2' );

		api.position = { index: 12, total: 1000, capped: true };
		await user.click( next() );
		await shown( 3 );
		expect( place() ).toBe( 'Response 12 of 1,000+' );
		expect( countRequests() ).toEqual( [] );
	} );
} );
