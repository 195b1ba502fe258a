/** @jsxImportSource preact */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from './navigation';

import { makeBody, makeConfig, makeSurvey, strings } from '../test/fixtures';
import type { VisitorSurvey, WidgetConfig } from '../types';
import { OUTBOX_KEY, resetOutbox } from '../outbox';
import { mount } from './index';
import { readCookie, startSession, uuid } from './session';

const REST = 'http://site.test/wp-json/userfeedback/v1/';

function stubFetch(
	respond: ( url: string ) => Promise< Response > | Response = () =>
		new Response( JSON.stringify( { id: 42 } ), { status: 201 } )
) {
	// Typed with RequestInit so that tests can read mock.calls[ n ][ 1 ].
	const fetch = vi.fn( async ( ...args: [ string, RequestInit? ] ) =>
		respond( args[ 0 ] )
	);
	vi.stubGlobal( 'fetch', fetch );
	return fetch;
}

const calls = ( fetch: ReturnType< typeof stubFetch >, part: string ) =>
	fetch.mock.calls.filter( ( [ url ] ) => url.includes( part ) );

/** The JSON bodies of the response writes sent so far. */
const writes = ( fetch: ReturnType< typeof stubFetch > ) =>
	calls( fetch, '/responses' ).map( ( [ , init ] ) =>
		JSON.parse( String( init?.body ) )
	);

const UUID =
	/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(
	survey: Partial< VisitorSurvey > = {},
	config: Partial< WidgetConfig > = {},
	host?: HTMLElement
) {
	const theSurvey = makeSurvey( survey );
	const theConfig = makeConfig( { rest_url: REST, ...config } );
	// The session once start() has the survey's body (start() itself: start.test.tsx).
	startSession( theConfig, makeBody( theSurvey ), mount, host );
	return { survey: theSurvey, config: theConfig };
}

const cookie = ( name = 'userfeedback-survey-7' ) =>
	JSON.parse( readCookie( name ) ?? 'null' );

const answerAll = () => {
	fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
	fireEvent.input(
		screen.getByRole( 'textbox', { name: 'Anything else?' } ),
		{
			target: { value: 'Great' },
		}
	);
	fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
};

afterEach( () => {
	document.body.innerHTML = '';
	delete ( window as { gtag?: unknown } ).gtag;
	// A fresh page and tab: no outbox, no kept writes or response ids.
	resetOutbox();
	localStorage.clear();
	sessionStorage.clear();
	vi.unstubAllGlobals();
} );

describe( 'start()', () => {
	it( 'posts the impression with its token and no X-WP-Nonce, in the task after the render', async () => {
		const fetch = stubFetch();
		setup();
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();
		expect( fetch ).not.toHaveBeenCalled();
		await waitFor( () => expect( fetch ).toHaveBeenCalledTimes( 1 ) );
		const [ url, init ] = fetch.mock.calls[ 0 ];
		expect( url ).toBe( `${ REST }surveys/7/impression?nonce=imp-token` );
		expect( init?.method ).toBe( 'POST' );
		expect( JSON.stringify( init?.headers ?? {} ) ).not.toMatch( /nonce/i );
	} );

	it( 'ignores a failed impression', async () => {
		stubFetch( () => Promise.reject( new TypeError( 'offline' ) ) );
		setup();
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();
	} );

	it( 'sets the survey cookie to not submitted when there is none', () => {
		stubFetch();
		setup();
		expect( cookie() ).toEqual( {
			submitted: false,
			last_response_id: null,
		} );
	} );

	it( 'leaves an existing survey cookie alone', () => {
		stubFetch();
		document.cookie = `userfeedback-survey-7=${ encodeURIComponent(
			'{"submitted":false,"last_response_id":3}'
		) }; path=/`;
		setup();
		expect( cookie() ).toEqual( { submitted: false, last_response_id: 3 } );
	} );

	it( 'mounts a floating widget at the end of <body>; Close removes it', () => {
		stubFetch();
		setup( { questions: [ makeSurvey().questions[ 1 ] ] } );
		const root = document.body.lastElementChild?.firstElementChild;
		expect( root ).toHaveClass(
			'userfeedback-widget',
			'uf-pos-bottom_right'
		);
		expect(
			document.getElementById( 'userfeedback-widget-css' )
		).not.toBeNull();
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( document.querySelector( '.userfeedback-widget' ) ).toBeNull();
	} );

	it( 'writes each answer as it is given, then completes the response; the cookie is marked with its id', async () => {
		const fetch = stubFetch();
		document.title = 'Pricing';
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
		const id = sessionStorage.getItem( 'uf_rid_7' );
		expect( id ).toMatch( UUID );
		fireEvent.input(
			screen.getByRole( 'textbox', { name: 'Anything else?' } ),
			{ target: { value: 'Great' } }
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		await waitFor( () =>
			expect( cookie() ).toEqual( {
				submitted: true,
				last_response_id: 42,
			} )
		);
		const sent = calls( fetch, '/responses' );
		expect( sent ).toHaveLength( 2 );
		for ( const [ url, init ] of sent ) {
			expect( url ).toBe( `${ REST }surveys/7/responses` );
			expect( init?.method ).toBe( 'POST' );
			expect( init?.keepalive ).toBe( true );
			expect( init?.headers ).toEqual( {
				'Content-Type': 'application/json',
			} );
		}
		const page = { link: window.location.href, title: 'Pricing' };
		expect( writes( fetch ) ).toEqual( [
			{
				response_id: id,
				answers: [ { question_id: 1, value: 'Friend' } ],
				reached: 1,
				complete: false,
				page_submitted: page,
				nonce: 'sub-token',
			},
			{
				response_id: id,
				answers: [
					{ question_id: 1, value: 'Friend' },
					{ question_id: 2, value: 'Great' },
				],
				reached: 1,
				complete: true,
				page_submitted: page,
				nonce: 'sub-token',
			},
		] );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		// The survey session's response is over; nothing is left to send.
		expect( sessionStorage.getItem( 'uf_rid_7' ) ).toBeNull();
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
	} );

	it( 'a reload in the same tab carries on the same response', async () => {
		const fetch = stubFetch();
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
		// Taken by the server: nothing left in the outbox.
		await waitFor( () => expect( writes( fetch ) ).toHaveLength( 1 ) );
		await waitFor( () =>
			expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull()
		);
		// The page again: the widget starts over, the response id stays.
		document.body.innerHTML = '';
		resetOutbox();
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Search' } ) );
		await waitFor( () => expect( writes( fetch ) ).toHaveLength( 2 ) );
		const [ first, second ] = writes( fetch );
		expect( second.response_id ).toBe( first.response_id );
		expect( second.answers ).toEqual( [
			{ question_id: 1, value: 'Search' },
		] );
	} );

	it( 'a single question skipped: nothing to send, the cookie still marked', async () => {
		const fetch = stubFetch();
		setup( { questions: [ makeSurvey().questions[ 1 ] ] } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		await waitFor( () =>
			expect( cookie() ).toEqual( {
				submitted: true,
				last_response_id: null,
			} )
		);
		expect( calls( fetch, '/responses' ) ).toHaveLength( 0 );
		expect( sessionStorage.getItem( 'uf_rid_7' ) ).toBeNull();
	} );

	it( 'every question skipped: each skip is written, and the response completed', async () => {
		const fetch = stubFetch();
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		await waitFor( () =>
			expect( cookie() ).toEqual( {
				submitted: true,
				last_response_id: 42,
			} )
		);
		expect(
			writes( fetch ).map( ( { answers, complete } ) => ( {
				answers,
				complete,
			} ) )
		).toEqual( [
			{ answers: [ { question_id: 1, value: null } ], complete: false },
			{
				answers: [
					{ question_id: 1, value: null },
					{ question_id: 2, value: null },
				],
				complete: true,
			},
		] );
	} );

	it( 'makes a version 4 UUID without crypto.randomUUID (plain-http pages)', () => {
		const real = globalThis.crypto;
		vi.stubGlobal( 'crypto', {
			getRandomValues: ( bytes: Uint8Array ) =>
				real.getRandomValues( bytes ),
		} );
		const made = new Set( Array.from( { length: 50 }, () => uuid() ) );
		expect( made.size ).toBe( 50 );
		for ( const id of made ) {
			expect( id ).toMatch( UUID );
		}
	} );

	it( 'a network failure: the retry prompt, every answer kept, the cookie not marked; Retry stores them', async () => {
		let online = false;
		const fetch = stubFetch( ( url ) => {
			if ( url.includes( '/responses' ) && ! online ) {
				return Promise.reject( new TypeError( 'Failed to fetch' ) );
			}
			return new Response( JSON.stringify( { id: 43 } ), {
				status: 201,
			} );
		} );
		setup();
		answerAll();
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( strings.send_failed );
		await waitFor( () => expect( alert ).toHaveFocus() );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
		expect(
			screen.getByRole( 'textbox', { name: 'Anything else?' } )
		).toHaveValue( 'Great' );
		expect( cookie() ).toEqual( {
			submitted: false,
			last_response_id: null,
		} );
		// Kept for the next try: the completing write only (it carries the first answer too).
		const kept = JSON.parse( localStorage.getItem( OUTBOX_KEY )! );
		expect( kept ).toHaveLength( 1 );
		expect( JSON.parse( kept[ 0 ].body ).complete ).toBe( true );

		online = true;
		const before = calls( fetch, '/responses' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		await waitFor( () =>
			expect( screen.getByRole( 'status' ) ).toHaveTextContent(
				'Thank you, really!'
			)
		);
		const sent = calls( fetch, '/responses' );
		// Retry sent the same completing write once more (the tries before it all failed).
		expect( sent ).toHaveLength( before.length + 1 );
		expect( sent[ sent.length - 1 ][ 1 ]?.body ).toBe(
			before[ before.length - 1 ][ 1 ]?.body
		);
		expect( writes( fetch ).pop().complete ).toBe( true );
		expect( cookie() ).toEqual( { submitted: true, last_response_id: 43 } );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
	} );

	it( 'a 503 with Retry-After: the retry prompt says how long to wait; the cookie is not marked', async () => {
		stubFetch( ( url ) =>
			url.includes( '/responses' )
				? new Response( '<html>Busy</html>', {
						status: 503,
						headers: { 'Retry-After': '20' },
					} )
				: new Response( '{}' )
		);
		setup();
		answerAll();
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( strings.send_failed );
		expect( alert ).toHaveTextContent( 'You can try again in 20 seconds.' );
		expect(
			screen.getByRole( 'button', { name: 'Retry' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		expect( cookie() ).toEqual( {
			submitted: false,
			last_response_id: null,
		} );
	} );

	it( 'a 4xx: the server’s message in the widget, the answers kept; fixing the answer named sends them again', async () => {
		const refusal = 'The answer to question 1 must be one of its options.';
		let completions = 0;
		const fetch = stubFetch( ( url ) => {
			if ( ! url.includes( '/responses' ) ) {
				return new Response( '{}' );
			}
			const { complete } = writes( fetch ).pop();
			// The answers written as they go are taken; the first completion is refused.
			if ( ! complete || ++completions > 1 ) {
				return new Response( JSON.stringify( { id: 44 } ), {
					status: complete ? 200 : 201,
				} );
			}
			return new Response(
				JSON.stringify( {
					code: 'userfeedback_invalid_params',
					message: refusal,
					data: { status: 400, params: { 'answers[0]': refusal } },
				} ),
				{ status: 400 }
			);
		} );
		setup();
		answerAll();
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent( refusal );
		await waitFor( () => expect( alert ).toHaveFocus() );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
		expect( cookie() ).toEqual( {
			submitted: false,
			last_response_id: null,
		} );
		// The last answer is still on screen.
		expect(
			screen.getByRole( 'textbox', { name: 'Anything else?' } )
		).toHaveValue( 'Great' );

		fireEvent.click(
			screen.getByRole( 'button', {
				name: 'Change your answer to “How did you find us?”',
			} )
		);
		const heading = screen.getByRole( 'heading', {
			name: 'How did you find us?',
		} );
		expect( heading ).toHaveFocus();
		expect( heading ).toHaveAccessibleDescription( refusal );
		// The answer given is shown as picked; picking another holds it for Submit.
		expect(
			screen.getByRole( 'button', { name: 'Friend' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Search' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );

		await waitFor( () =>
			expect( screen.getByRole( 'status' ) ).toHaveTextContent(
				'Thank you, really!'
			)
		);
		const sent = writes( fetch );
		// The first answer as it was given, the refused completion, the fixed one.
		expect( sent.map( ( { complete } ) => complete ) ).toEqual( [
			false,
			true,
			true,
		] );
		// The text answer after it was kept, not asked again.
		expect( sent[ 2 ].answers ).toEqual( [
			{ question_id: 1, value: 'Search' },
			{ question_id: 2, value: 'Great' },
		] );
		expect( cookie() ).toEqual( { submitted: true, last_response_id: 44 } );
	} );

	it( 'sends gtag events only with enable_tracking and a gtag on the page', async () => {
		stubFetch();
		setup();
		answerAll();
		await waitFor( () => expect( cookie()?.submitted ).toBe( true ) );
		document.body.innerHTML = '';

		const gtag = vi.fn();
		( window as { gtag?: unknown } ).gtag = gtag;
		setup( {
			settings: { ...makeSurvey().settings, enable_tracking: true },
		} );
		await waitFor( () =>
			expect( gtag ).toHaveBeenCalledWith(
				'event',
				'userfeedback_impression',
				expect.objectContaining( { survey_id: 7 } )
			)
		);
		answerAll();
		await waitFor( () =>
			expect( gtag ).toHaveBeenCalledWith(
				'event',
				'userfeedback_submission',
				expect.objectContaining( { survey_id: 7, response_id: 42 } )
			)
		);
	} );

	it( 'does not call a gtag when tracking is off', () => {
		stubFetch();
		const gtag = vi.fn();
		( window as { gtag?: unknown } ).gtag = gtag;
		setup();
		expect( gtag ).not.toHaveBeenCalled();
	} );

	it( 'redirects only with the thank_you_redirect feature', async () => {
		stubFetch();
		const assign = vi.fn();
		vi.spyOn( navigation, 'assign' ).mockImplementation( assign );
		const settings = {
			...makeSurvey().settings,
			thank_you: {
				type: 'redirect',
				redirect_url: 'https://site.test/thanks/',
			},
		};
		setup( { settings } );
		answerAll();
		await waitFor( () => expect( cookie()?.submitted ).toBe( true ) );
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
		expect( assign ).not.toHaveBeenCalled();

		document.body.innerHTML = '';
		setup( { settings }, { features: { thank_you_redirect: true } } );
		answerAll();
		await waitFor( () =>
			expect( assign ).toHaveBeenCalledWith( 'https://site.test/thanks/' )
		);
		// The response was saved before leaving.
		expect( cookie() ).toEqual( { submitted: true, last_response_id: 42 } );
	} );
} );

describe( 'start(): minimise', () => {
	const minimized = () => readCookie( 'userfeedback-survey-7-minimized' );

	it( 'remembers minimise and reopen in <cookie_name>-minimized', () => {
		stubFetch();
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Minimize' } ) );
		expect( minimized() ).toBe( '1' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Quick question' } )
		);
		expect( minimized() ).toBe( '0' );
	} );

	it( 'starts minimised when the cookie says so', () => {
		stubFetch();
		document.cookie = 'userfeedback-survey-7-minimized=1; path=/';
		setup();
		expect(
			screen.getByRole( 'button', { name: 'Quick question' } )
		).toHaveAttribute( 'aria-expanded', 'false' );
	} );

	it( 'with no cookie, start_minimized counts only with the behavior feature', () => {
		stubFetch();
		const settings = {
			...makeSurvey().settings,
			theming: { start_minimized: true },
		};
		setup( { settings } );
		expect( screen.queryByRole( 'heading' ) ).toBeInTheDocument();
		document.body.innerHTML = '';

		setup( { settings }, { features: { behavior: true } } );
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
		document.body.innerHTML = '';

		setup(
			{
				settings: {
					...makeSurvey().settings,
					behavior: { start_minimized: true },
				},
			},
			{ features: { behavior: true } }
		);
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
		document.body.innerHTML = '';

		// A cookie saying "open" wins over start_minimized.
		document.cookie = 'userfeedback-survey-7-minimized=0; path=/';
		setup( { settings }, { features: { behavior: true } } );
		expect( screen.queryByRole( 'heading' ) ).toBeInTheDocument();
	} );
} );

describe( 'start(): inline', () => {
	const host = () =>
		document.body.appendChild( document.createElement( 'div' ) );
	const submitted = () => {
		document.cookie = `userfeedback-survey-7=${ encodeURIComponent(
			'{"submitted":true,"last_response_id":9}'
		) }; path=/`;
	};

	it( 'renders into the host, in the page flow, never minimised', () => {
		stubFetch();
		document.cookie = 'userfeedback-survey-7-minimized=1; path=/';
		const element = host();
		setup( {}, {}, element );
		expect( element.firstElementChild ).toHaveClass( 'uf-inline' );
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Close' } )
		).not.toBeInTheDocument();
	} );

	it( 'already answered: the thank-you in place, no impression', () => {
		const fetch = stubFetch();
		submitted();
		setup( {}, {}, host() );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
		expect( fetch ).not.toHaveBeenCalled();
		expect( cookie() ).toEqual( { submitted: true, last_response_id: 9 } );
	} );

	it( 'already answered but shown repeatedly (behavior): the questions again', () => {
		stubFetch();
		submitted();
		const settings = {
			...makeSurvey().settings,
			behavior: { display_length: 'repeatedly' },
		};
		setup( { settings }, { features: { behavior: true } }, host() );
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();
		document.body.innerHTML = '';

		// Without the entitlement, "repeatedly" does not apply.
		setup( { settings }, {}, host() );
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
	} );
} );
