/**
 * The AI summary block against a real HTTP server standing in for the two routes
 * (preload-ai-summary/{id}, ai-summary/{id}): the stored summary on mount and on a survey
 * change, a fresh one on click, loading, error and empty states, and the upsell with its
 * dismissal.
 */
import type { ServerResponse } from 'node:http';
import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ApiError, setupApi } from '../../shared/api';
import { ConfigProvider } from '../../shared/context';
import { createQueryClient } from '../../shared/query';
import { feature, makeConfig } from '../../shared/test/fixtures';
import {
	sendJson,
	startServer,
	type Received,
	type TestServer,
} from '../../shared/test/server';
import type { AiSummary, AppConfig, Feature } from '../../shared/types';
import {
	AiSummaryBlock,
	aiErrorMessage,
	aiSummaryKey,
	UPSELL_DISMISSED_KEY,
} from './AiSummaryBlock';

const API = '/wp-json/userfeedback/v1';

let server: TestServer;
let config: AppConfig;

/** Answers by path (without the query string); a function answers itself. */
let routes: Record<
	string,
	| { status: number; body: unknown }
	| ( ( request: Received, response: ServerResponse ) => void )
>;

function summary( overrides: Partial< AiSummary > = {} ): AiSummary {
	return {
		survey_id: 5,
		summary:
			'Themes: delivery speed and prices.\n\nSentiment: mostly positive.',
		generated_at: '2026-11-21T09:30:00Z',
		answers_count: 7,
		...overrides,
	};
}

const NONE = ( surveyId = 5 ): AiSummary => ( {
	survey_id: surveyId,
	summary: null,
	generated_at: null,
	answers_count: 0,
} );

function withFeature( ai: Partial< Feature >, userId = 1 ): AppConfig {
	return {
		...makeConfig( {
			features: {
				ai_summary: feature( {
					label: 'AI Summary',
					plan: 'pro',
					...ai,
				} ),
			},
		} ),
		rest: config.rest,
		user: { ...config.user, id: userId },
	};
}

const ALLOWED: Partial< Feature > = { allowed: true, reason: null };

function renderBlock( surveyId = 5, pageConfig = withFeature( ALLOWED ) ) {
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	const ui = ( id: number, client: QueryClient = queryClient ) => (
		<ConfigProvider config={ pageConfig }>
			<QueryClientProvider client={ client }>
				<AiSummaryBlock surveyId={ id } />
			</QueryClientProvider>
		</ConfigProvider>
	);
	const view = render( ui( surveyId ) );
	return {
		...view,
		queryClient,
		setSurvey: ( id: number ) => view.rerender( ui( id ) ),
	};
}

const paths = () =>
	server.received.map( ( request ) => new URL( request.url, 'http://x' ) );

const region = () =>
	screen
		.getByRole( 'region', { name: 'AI Summary' } )
		.querySelector( '[aria-live="polite"]' ) as HTMLElement;

/** The error notice (Notice speaks its text through wp.a11y rather than role="alert"). */
const findErrorNotice = () =>
	waitFor( () => {
		const notice = document.querySelector(
			'.userfeedback-ai-summary .components-notice.is-error'
		);
		expect( notice ).not.toBeNull();
		return notice as HTMLElement;
	} );

beforeAll( async () => {
	server = await startServer();
	config = makeConfig( {
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
	} );
	setupApi( config );
} );
afterAll( () => server.close() );

beforeEach( () => {
	window.localStorage.clear();
	server.received.length = 0;
	routes = {
		[ `${ API }/preload-ai-summary/5` ]: { status: 200, body: summary() },
	};
	server.handle( ( request, response ) => {
		const path = new URL( request.url, 'http://x' ).pathname;
		const route = routes[ path ];
		if ( typeof route === 'function' ) {
			return route( request, response );
		}
		if ( route ) {
			return sendJson( response, route.status, route.body );
		}
		sendJson( response, 404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		} );
	} );
} );

describe( 'AiSummaryBlock', () => {
	it( 'loads the stored summary on mount and shows it with its date', async () => {
		renderBlock();

		expect(
			screen.getByRole( 'heading', { level: 2, name: 'AI Summary' } )
		).toBeInTheDocument();
		expect( region() ).toHaveAttribute( 'aria-busy', 'true' );
		expect( region() ).toHaveTextContent( 'Loading the AI summary…' );

		expect(
			await screen.findByText( 'Themes: delivery speed and prices.' )
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Sentiment: mostly positive.' )
		).toBeInTheDocument();
		// 09:30 UTC is 4:30 am in New York (the fixture's site time zone).
		expect(
			screen.getByText(
				'Generated on November 21, 2026 at 4:30 am from 7 answers.'
			)
		).toBeInTheDocument();
		expect( region() ).toHaveAttribute( 'aria-busy', 'false' );
		expect(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		).toBeEnabled();
		expect( paths().map( ( url ) => url.pathname ) ).toEqual( [
			`${ API }/preload-ai-summary/5`,
		] );
		expect( server.received[ 0 ].method ).toBe( 'GET' );
		expect( server.received[ 0 ].headers[ 'x-wp-nonce' ] ).toBe(
			'rest-nonce'
		);
	} );

	it( 'says the summary is unavailable when none is stored, and offers to generate one', async () => {
		routes[ `${ API }/preload-ai-summary/5` ] = {
			status: 200,
			body: NONE(),
		};
		renderBlock();

		expect(
			await screen.findByText(
				'AI Summary is unavailable at this moment.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Generate summary' } )
		).toBeEnabled();
		expect(
			screen.queryByRole( 'button', { name: 'Refresh summary' } )
		).not.toBeInTheDocument();
	} );

	it( 'fetches a fresh summary on click, busy meanwhile, and keeps it as the stored one', async () => {
		let release: () => void = () => {};
		routes[ `${ API }/ai-summary/5` ] = ( _request, response ) => {
			release = () =>
				sendJson(
					response,
					200,
					summary( {
						summary: 'Fresh: people want a dark mode.',
						generated_at: '2026-11-21T15:05:00Z',
						answers_count: 1,
					} )
				);
		};
		const { queryClient } = renderBlock();
		await screen.findByText( 'Themes: delivery speed and prices.' );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		);

		await waitFor( () =>
			expect( region() ).toHaveTextContent(
				'Generating the summary. This can take up to half a minute…'
			)
		);
		expect( region() ).toHaveAttribute( 'aria-busy', 'true' );
		expect( region().querySelector( '.components-spinner' ) ).not.toBe(
			null
		);
		expect(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		).toBeDisabled();
		await waitFor( () =>
			expect( paths().map( ( url ) => url.pathname ) ).toContain(
				`${ API }/ai-summary/5`
			)
		);

		act( () => release() );

		expect(
			await screen.findByText( 'Fresh: people want a dark mode.' )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'Generated on November 21, 2026 at 10:05 am from 1 answer.'
			)
		).toBeInTheDocument();
		expect( region() ).toHaveAttribute( 'aria-busy', 'false' );
		expect(
			screen.queryByText( 'Themes: delivery speed and prices.' )
		).not.toBeInTheDocument();
		expect( queryClient.getQueryData( aiSummaryKey( 5 ) ) ).toMatchObject( {
			summary: 'Fresh: people want a dark mode.',
		} );
		expect(
			paths().filter(
				( url ) => url.pathname === `${ API }/preload-ai-summary/5`
			)
		).toHaveLength( 1 );
	} );

	it( 'shows the server’s text after "Error:" and keeps the stored summary', async () => {
		routes[ `${ API }/ai-summary/5` ] = {
			status: 502,
			body: {
				code: 'userfeedback_ai_provider_error',
				message: 'Incorrect API key provided.',
				data: { status: 502 },
			},
		};
		renderBlock();
		await screen.findByText( 'Themes: delivery speed and prices.' );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		);

		expect( await findErrorNotice() ).toHaveTextContent(
			'Error: Incorrect API key provided.'
		);
		expect(
			screen.getByText( 'Themes: delivery speed and prices.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		).toBeEnabled();
	} );

	it( 'links to Settings > AI Summaries when no provider is set up (issue 17 item 1)', async () => {
		const NOT_SET_UP =
			'AI summaries are not set up. Add an AI provider (base URL, API key and model) in Settings.';
		routes[ `${ API }/ai-summary/5` ] = {
			status: 400,
			body: {
				code: 'userfeedback_ai_not_configured',
				message: NOT_SET_UP,
				data: { status: 400 },
			},
		};
		renderBlock();
		await screen.findByText( 'Themes: delivery speed and prices.' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		);
		const notice = await findErrorNotice();
		expect( notice ).toHaveTextContent( `Error: ${ NOT_SET_UP }` );
		expect(
			within( notice ).getByRole( 'link', {
				name: 'Set up the AI provider in Settings',
			} )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_settings#/ai'
		);
	} );

	it( 'tells a user who may not change settings whom to ask', async () => {
		routes[ `${ API }/ai-summary/5` ] = {
			status: 400,
			body: {
				code: 'userfeedback_ai_not_configured',
				message: 'AI summaries are not set up.',
				data: { status: 400 },
			},
		};
		const pageConfig = withFeature( ALLOWED );
		pageConfig.user = {
			...pageConfig.user,
			capabilities: { view_results: true },
		};
		renderBlock( 5, pageConfig );
		await screen.findByText( 'Themes: delivery speed and prices.' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		);
		const notice = await findErrorNotice();
		expect( notice ).toHaveTextContent(
			'Ask an administrator to set up an AI provider in Settings > AI Summaries.'
		);
		expect( within( notice ).queryByRole( 'link' ) ).toBeNull();
	} );

	it( 'shows the generic message when the failure carries no text of the server', async () => {
		routes[ `${ API }/preload-ai-summary/5` ] = {
			status: 200,
			body: NONE(),
		};
		routes[ `${ API }/ai-summary/5` ] = ( _request, response ) => {
			response.statusCode = 502;
			response.setHeader( 'Content-Type', 'text/html' );
			response.end( '<html><body>Bad Gateway</body></html>' );
		};
		renderBlock();
		await screen.findByText( 'AI Summary is unavailable at this moment.' );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Generate summary' } )
		);

		const notice = await findErrorNotice();
		expect( notice ).toHaveTextContent(
			'An error occurred while fetching the AI summary.'
		);
		expect( notice ).not.toHaveTextContent( 'Error:' );
		expect(
			screen.queryByText( 'AI Summary is unavailable at this moment.' )
		).not.toBeInTheDocument();
	} );

	it( 'says a fresh summary without data is unavailable', async () => {
		routes[ `${ API }/ai-summary/5` ] = { status: 200, body: NONE() };
		renderBlock();
		await screen.findByText( 'Themes: delivery speed and prices.' );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Refresh summary' } )
		);

		expect(
			await screen.findByText(
				'AI Summary is unavailable at this moment.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Generate summary' } )
		).toBeInTheDocument();
	} );

	it( 'shows a failed load of the stored summary as an error', async () => {
		routes[ `${ API }/preload-ai-summary/5` ] = {
			status: 403,
			body: {
				code: 'userfeedback_forbidden',
				message: 'Please enter a valid license key to use AI Summary.',
				data: { status: 403 },
			},
		};
		renderBlock();

		expect( await findErrorNotice() ).toHaveTextContent(
			'Error: Please enter a valid license key to use AI Summary.'
		);
	} );

	it( 'loads the stored summary of another survey when the survey changes', async () => {
		routes[ `${ API }/preload-ai-summary/6` ] = {
			status: 200,
			body: summary( {
				survey_id: 6,
				summary: 'Survey six: all about pricing.',
			} ),
		};
		const { setSurvey } = renderBlock();
		await screen.findByText( 'Themes: delivery speed and prices.' );

		setSurvey( 6 );

		expect(
			await screen.findByText( 'Survey six: all about pricing.' )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'Themes: delivery speed and prices.' )
		).not.toBeInTheDocument();
		expect( paths().map( ( url ) => url.pathname ) ).toEqual( [
			`${ API }/preload-ai-summary/5`,
			`${ API }/preload-ai-summary/6`,
		] );
	} );

	describe( 'without the feature', () => {
		it( 'offers an upgrade instead, and asks the server nothing', async () => {
			renderBlock(
				5,
				withFeature( { allowed: false, reason: 'upgrade' } )
			);

			const card = screen.getByRole( 'region', {
				name: 'Summarize your feedback with AI',
			} );
			expect( card ).toHaveTextContent(
				'what visitors talk about most, how they feel, and what they suggest'
			);
			expect( card ).toHaveTextContent(
				'AI Summary is available with a Pro or Elite license.'
			);
			const link = within( card ).getByRole( 'link', {
				name: 'Upgrade to Pro',
			} );
			const url = new URL( link.getAttribute( 'href' ) as string );
			expect( url.origin + url.pathname ).toBe(
				'https://userfeedback.com/lite/'
			);
			expect( Object.fromEntries( url.searchParams ) ).toEqual( {
				utm_source: 'liteplugin',
				utm_medium: 'ai-summary',
				utm_campaign: 'ai_summary',
				utm_content: '0.1.0',
			} );
			expect( link ).toHaveAttribute( 'target', '_blank' );
			expect(
				screen.queryByRole( 'button', { name: /summary/ } )
			).not.toBeInTheDocument();

			// Give a stray request the time to arrive.
			await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
			expect( server.received ).toHaveLength( 0 );
		} );

		it( 'asks a Pro site without a valid licence for its key', () => {
			renderBlock(
				5,
				withFeature( { allowed: false, reason: 'license' } )
			);

			const card = screen.getByRole( 'region', {
				name: 'Summarize your feedback with AI',
			} );
			expect( card ).toHaveTextContent(
				'Please enter a valid license key to use AI Summary.'
			);
			expect(
				within( card ).getByRole( 'link', {
					name: 'Enter License Key',
				} )
			).toHaveAttribute(
				'href',
				'http://site.test/wp-admin/admin.php?page=userfeedback_settings'
			);
		} );

		it( 'can be dismissed, and stays dismissed for that user only', () => {
			const locked = { allowed: false, reason: 'upgrade' as const };
			const first = renderBlock( 5, withFeature( locked, 1 ) );

			fireEvent.click(
				screen.getByRole( 'button', { name: 'Dismiss' } )
			);

			expect(
				screen.queryByRole( 'region', {
					name: 'Summarize your feedback with AI',
				} )
			).not.toBeInTheDocument();
			expect(
				JSON.parse(
					window.localStorage.getItem( UPSELL_DISMISSED_KEY ) ?? ''
				)
			).toEqual( [ 1 ] );
			first.unmount();

			// The same user on the next page load.
			const again = renderBlock( 5, withFeature( locked, 1 ) );
			expect(
				screen.queryByRole( 'region', {
					name: 'Summarize your feedback with AI',
				} )
			).not.toBeInTheDocument();
			again.unmount();

			// Another user of the same browser still sees it.
			renderBlock( 5, withFeature( locked, 2 ) );
			expect(
				screen.getByRole( 'region', {
					name: 'Summarize your feedback with AI',
				} )
			).toBeInTheDocument();
		} );

		it( 'survives storage that holds something unexpected', () => {
			window.localStorage.setItem( UPSELL_DISMISSED_KEY, '{oops' );
			renderBlock(
				5,
				withFeature( { allowed: false, reason: 'upgrade' }, 1 )
			);
			fireEvent.click(
				screen.getByRole( 'button', { name: 'Dismiss' } )
			);
			expect( window.localStorage.getItem( UPSELL_DISMISSED_KEY ) ).toBe(
				'[1]'
			);
		} );
	} );
} );

describe( 'aiErrorMessage', () => {
	it( 'uses the text of a REST error and the generic message otherwise', () => {
		expect(
			aiErrorMessage(
				new ApiError( {
					code: 'userfeedback_ai_unreachable',
					message: 'Could not reach the AI provider: timeout',
					data: { status: 502 },
				} )
			)
		).toBe( 'Error: Could not reach the AI provider: timeout' );
		for ( const error of [
			new ApiError( {
				code: 'http_error',
				message: 'Bad Gateway',
				data: { status: 502 },
			} ),
			new ApiError( {
				code: 'fetch_error',
				message: 'You are probably offline.',
			} ),
			new ApiError( {
				code: 'userfeedback_ai_provider_error',
				message: ' ',
				data: { status: 502 },
			} ),
			new Error( 'boom' ),
			undefined,
		] ) {
			expect( aiErrorMessage( error ) ).toBe(
				'An error occurred while fetching the AI summary.'
			);
		}
	} );
} );
