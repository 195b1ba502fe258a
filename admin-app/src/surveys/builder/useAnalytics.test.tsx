/**
 * useAnalytics against a real HTTP server standing in for admin-ajax.php and the
 * installer's actions (includes/Admin/PluginInstaller.php).
 */
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { AjaxError } from '../../shared/api';
import { ConfigProvider } from '../../shared/context';
import { createQueryClient } from '../../shared/query';
import { makeConfig } from '../../shared/test/fixtures';
import {
	sendJson,
	startServer,
	type Received,
	type TestServer,
} from '../../shared/test/server';
import type { AppConfig } from '../../shared/types';
import {
	ACTION_ACTIVATE_PLUGIN,
	ACTION_GET_PLUGINS,
	ACTION_INSTALL_PLUGIN,
	PLUGINS_QUERY_KEY,
	type InstallablePlugins,
} from '../../shared/pluginInstaller';
import type { InstallablePlugin } from '../../shared/types/notifications';
import { useAnalytics } from './useAnalytics';

const MONSTERINSIGHTS: InstallablePlugin = {
	slug: 'google-analytics-for-wordpress',
	name: 'MonsterInsights',
	basename: 'google-analytics-for-wordpress/googleanalytics.php',
	group: 'analytics',
	installed: false,
	active: false,
};
const EXACTMETRICS: InstallablePlugin = {
	slug: 'google-analytics-dashboard-for-wp',
	name: 'ExactMetrics',
	basename: 'google-analytics-dashboard-for-wp/gadwp.php',
	group: 'analytics',
	installed: false,
	active: false,
};

let server: TestServer;
let config: AppConfig;
/** What the fake admin-ajax answers to userfeedback_get_plugins (null: 403). */
let answer: InstallablePlugins | null;
/** Answers to the install and activate actions, by action. */
let steps: Record< string, { status: number; body: unknown } | 'drop' >;

function fields( request: Received ): Record< string, string > {
	return Object.fromEntries( new URLSearchParams( request.body ) );
}

function plugins(
	mi: Partial< InstallablePlugin >,
	em: Partial< InstallablePlugin >
): InstallablePlugins {
	return {
		plugins: [
			{ ...MONSTERINSIGHTS, ...mi },
			{ ...EXACTMETRICS, ...em },
		],
		can_install: true,
		can_activate: true,
	};
}

beforeAll( async () => {
	server = await startServer();
	config = makeConfig( {
		page: 'surveys',
		ajax: {
			url: `${ server.url }/wp-admin/admin-ajax.php`,
			nonce: 'ajax-nonce',
			install_nonce: 'install-nonce',
		},
	} );
	server.handle( ( request, response ) => {
		const action = fields( request ).action;
		if ( action === ACTION_GET_PLUGINS ) {
			return answer
				? sendJson( response, 200, { success: true, data: answer } )
				: sendJson( response, 403, {
						success: false,
						data: {
							message:
								'Sorry, you are not allowed to manage plugins on this site.',
						},
					} );
		}
		const step = steps[ action ];
		if ( step === 'drop' ) {
			// The connection fails: what fetch sees when the network is down.
			response.socket?.destroy();
			return;
		}
		if ( step ) {
			return sendJson( response, step.status, step.body );
		}
		// admin-ajax.php's answer to an action nobody registered.
		response.statusCode = 400;
		response.end( '0' );
	} );
} );

afterAll( () => server.close() );

beforeEach( () => {
	server.received.length = 0;
	answer = plugins( {}, {} );
	steps = {};
} );

function renderUseAnalytics( queryClient: QueryClient = createQueryClient() ) {
	const wrapper = ( { children }: { children: ReactNode } ) => (
		<ConfigProvider config={ config }>
			<QueryClientProvider client={ queryClient }>
				{ children }
			</QueryClientProvider>
		</ConfigProvider>
	);
	return { ...renderHook( () => useAnalytics(), { wrapper } ), queryClient };
}

async function loaded( queryClient?: QueryClient ) {
	const view = renderUseAnalytics( queryClient );
	await waitFor( () =>
		expect( view.result.current.analytics ).toBeDefined()
	);
	return view;
}

describe( 'useAnalytics: which plugin', () => {
	it( 'asks userfeedback_get_plugins with the ajax nonce', async () => {
		await loaded();
		expect( server.received.map( fields ) ).toEqual( [
			{ action: ACTION_GET_PLUGINS, nonce: 'ajax-nonce' },
		] );
	} );

	it.each( [
		[
			'the first when neither is installed',
			plugins( {}, {} ),
			'MonsterInsights',
		],
		[
			'the first when it is installed',
			plugins( { installed: true }, { installed: true, active: true } ),
			'MonsterInsights',
		],
		[
			'the second when only it is installed',
			plugins( {}, { installed: true, active: true } ),
			'ExactMetrics',
		],
		[
			'the second when only it is installed, even inactive',
			plugins( {}, { installed: true } ),
			'ExactMetrics',
		],
	] )( 'picks %s', async ( _case, state, name ) => {
		answer = state;
		const { result } = await loaded();
		const picked = state.plugins.find( ( plugin ) => plugin.name === name );
		expect( result.current.analytics ).toEqual( picked );
	} );

	it( 'answers the same object on every render and every visit, loading once', async () => {
		answer = plugins( { installed: true, active: true }, {} );
		const first = await loaded();
		const analytics = first.result.current.analytics;
		const install = first.result.current.onInstallAnalytics;
		first.rerender();
		expect( first.result.current.analytics ).toBe( analytics );
		expect( first.result.current.onInstallAnalytics ).toBe( install );
		first.unmount();

		// The step is left and visited again: the same cached answer.
		const again = renderUseAnalytics( first.queryClient );
		expect( again.result.current.analytics ).toBe( analytics );
		expect( server.received ).toHaveLength( 1 );
	} );

	it( 'answers nothing when the plugins cannot be read', async () => {
		answer = null;
		const { result, queryClient } = renderUseAnalytics();
		await waitFor( () =>
			expect(
				queryClient.getQueryState( PLUGINS_QUERY_KEY )?.status
			).toBe( 'error' )
		);
		expect( result.current ).toEqual( {
			analytics: undefined,
			onInstallAnalytics: undefined,
		} );
		expect( server.received ).toHaveLength( 1 );
	} );
} );

describe( 'useAnalytics: install and activate', () => {
	it( 'installs, then activates, with the install nonce', async () => {
		steps = {
			[ ACTION_INSTALL_PLUGIN ]: {
				status: 200,
				body: {
					success: true,
					data: {
						message:
							'MonsterInsights has been installed successfully!',
					},
				},
			},
			[ ACTION_ACTIVATE_PLUGIN ]: {
				status: 200,
				body: {
					success: true,
					data: { message: 'MonsterInsights has been activated!' },
				},
			},
		};
		const { result } = await loaded();
		const run = result.current.onInstallAnalytics!;

		await run( 'install' );
		await run( 'activate' );

		expect( server.received.slice( 1 ).map( fields ) ).toEqual( [
			{
				action: ACTION_INSTALL_PLUGIN,
				slug: 'google-analytics-for-wordpress',
				activate: '0',
				nonce: 'install-nonce',
			},
			{
				action: ACTION_ACTIVATE_PLUGIN,
				basename: 'google-analytics-for-wordpress/googleanalytics.php',
				nonce: 'install-nonce',
			},
		] );
	} );

	it( 'installs and activates the plugin it picked', async () => {
		answer = plugins( {}, { installed: true } );
		steps = {
			[ ACTION_ACTIVATE_PLUGIN ]: {
				status: 200,
				body: { success: true },
			},
		};
		const { result } = await loaded();
		await result.current.onInstallAnalytics!( 'activate' );
		expect( fields( server.received[ 1 ] ) ).toMatchObject( {
			action: ACTION_ACTIVATE_PLUGIN,
			basename: 'google-analytics-dashboard-for-wp/gadwp.php',
		} );
	} );

	it( "rejects with the server's message", async () => {
		steps = {
			[ ACTION_INSTALL_PLUGIN ]: {
				status: 500,
				body: {
					success: false,
					data: {
						message:
							'There was an error installing MonsterInsights',
						code: 'plugins_api_failed',
						detail: 'cURL error 7: Failed to connect',
					},
				},
			},
			[ ACTION_ACTIVATE_PLUGIN ]: {
				status: 403,
				body: {
					success: false,
					data: {
						message:
							'Your session has expired. Please reload the page and try again.',
					},
				},
			},
		};
		const { result } = await loaded();
		const run = result.current.onInstallAnalytics!;

		const install = run( 'install' );
		await expect( install ).rejects.toBeInstanceOf( AjaxError );
		await expect( install ).rejects.toThrow(
			'There was an error installing MonsterInsights'
		);
		await expect( run( 'activate' ) ).rejects.toThrow(
			'Your session has expired. Please reload the page and try again.'
		);
	} );

	it( 'rejects when the network fails (which ajax() swallows)', async () => {
		steps = {
			[ ACTION_INSTALL_PLUGIN ]: 'drop',
			[ ACTION_ACTIVATE_PLUGIN ]: 'drop',
		};
		const { result } = await loaded();
		const run = result.current.onInstallAnalytics!;
		await expect( run( 'install' ) ).rejects.toThrow(
			'There was an error installing MonsterInsights'
		);
		await expect( run( 'activate' ) ).rejects.toThrow(
			'There was an error activating MonsterInsights'
		);
	} );

	it( 'offers nothing to a user who may not install the plugin', async () => {
		answer = { ...plugins( {}, {} ), can_install: false };
		const { result } = await loaded();
		expect( result.current.onInstallAnalytics ).toBeUndefined();
	} );

	it( 'offers activation to a user who may activate an installed plugin', async () => {
		answer = {
			...plugins( { installed: true }, {} ),
			can_install: false,
		};
		const { result } = await loaded();
		expect( result.current.onInstallAnalytics ).toBeTypeOf( 'function' );
	} );
} );
