/** @jsxImportSource preact */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeConfig, makeSurvey, strings } from '../test/fixtures';
import type { VisitorSurvey, WidgetConfig } from '../types';
import { start } from './index';
import { readCookie } from './session';

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

function setup(
	survey: Partial< VisitorSurvey > = {},
	config: Partial< WidgetConfig > = {},
	host?: HTMLElement
) {
	const theSurvey = makeSurvey( survey );
	const theConfig = makeConfig( { rest_url: REST, ...config } );
	start( theConfig, theSurvey, host );
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
} );

describe( 'start()', () => {
	it( 'posts the impression with its token and no X-WP-Nonce', () => {
		const fetch = stubFetch();
		setup();
		expect( fetch ).toHaveBeenCalledTimes( 1 );
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

	it( 'submits the answers, then marks the cookie submitted with the id', async () => {
		const fetch = stubFetch();
		document.title = 'Pricing';
		setup();
		answerAll();
		await waitFor( () =>
			expect( cookie() ).toEqual( {
				submitted: true,
				last_response_id: 42,
			} )
		);
		const [ [ url, init ] ] = calls( fetch, '/responses' );
		expect( url ).toBe( `${ REST }surveys/7/responses` );
		expect( init?.method ).toBe( 'POST' );
		expect( init?.headers ).toEqual( {
			'Content-Type': 'application/json',
		} );
		expect( JSON.parse( String( init?.body ) ) ).toEqual( {
			answers: [
				{ question_id: 1, value: 'Friend' },
				{ question_id: 2, value: 'Great' },
			],
			page_submitted: { link: window.location.href, title: 'Pricing' },
			nonce: 'sub-token',
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
	} );

	it( 'sends no request when every answer is null, and still marks the cookie', async () => {
		const fetch = stubFetch();
		setup();
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		await waitFor( () =>
			expect( cookie() ).toEqual( {
				submitted: true,
				last_response_id: null,
			} )
		);
		expect( calls( fetch, '/responses' ) ).toHaveLength( 0 );
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

		online = true;
		fireEvent.click( screen.getByRole( 'button', { name: 'Retry' } ) );
		await waitFor( () =>
			expect( screen.getByRole( 'status' ) ).toHaveTextContent(
				'Thank you, really!'
			)
		);
		const sent = calls( fetch, '/responses' );
		expect( sent ).toHaveLength( 2 );
		expect( sent[ 1 ][ 1 ]?.body ).toBe( sent[ 0 ][ 1 ]?.body );
		expect( cookie() ).toEqual( { submitted: true, last_response_id: 43 } );
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
		const fetch = stubFetch( ( url ) => {
			if ( ! url.includes( '/responses' ) ) {
				return new Response( '{}' );
			}
			if ( calls( fetch, '/responses' ).length > 1 ) {
				return new Response( JSON.stringify( { id: 44 } ), {
					status: 201,
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
		const sent = calls( fetch, '/responses' );
		expect( sent ).toHaveLength( 2 );
		// The text answer after it was kept, not asked again.
		expect( JSON.parse( String( sent[ 1 ][ 1 ]?.body ) ).answers ).toEqual(
			[
				{ question_id: 1, value: 'Search' },
				{ question_id: 2, value: 'Great' },
			]
		);
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
		expect( gtag ).toHaveBeenCalledWith(
			'event',
			'userfeedback_impression',
			expect.objectContaining( { survey_id: 7 } )
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
		vi.stubGlobal( 'location', { ...window.location, assign } );
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
