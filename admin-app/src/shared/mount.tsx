/**
 * Boots one admin page: config, api client, query client, hash router, shell.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from '@wordpress/element';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
	createHashRouter,
	RouterProvider,
	type RouteObject,
} from 'react-router-dom';

import { setupApi } from './api';
import { getConfig, ROOT_ID } from './config';
import { ConfigProvider } from './context';
import { AppShell, ErrorMessage, RouteError } from './components';
import { pageTitle } from './pages';
import { installQuestionTypes } from './questionTypes';
import { createQueryClient } from './query';
import type { AppConfig, PageKey } from './types';

import './app.scss';

/** A page's routes, or a function of the config when they depend on it (e.g. edition). */
export type PageRoutes =
	RouteObject[] | ( ( config: AppConfig ) => RouteObject[] );

type RouterFactory = (
	routes: RouteObject[]
) => ReturnType< typeof createHashRouter >;

/**
 * The route tree of a page under the shell: the shell is the layout route, the
 * page's routes are its children.
 *
 * @param entry  Page key.
 * @param routes The page's routes.
 * @param config Page config.
 */
export function shellRoutes(
	entry: PageKey,
	routes: PageRoutes,
	config: AppConfig
): RouteObject[] {
	const title = pageTitle( entry );
	return [
		{
			path: '/',
			element: <AppShell title={ title } />,
			errorElement: <RouteError title={ title } />,
			children: typeof routes === 'function' ? routes( config ) : routes,
		},
	];
}

/**
 * The whole app element; tests render it with a memory router.
 *
 * @param props              Everything the app needs.
 * @param props.entry        Page key.
 * @param props.routes       The page's routes.
 * @param props.config       Page config.
 * @param props.queryClient  Query client.
 * @param props.createRouter Router factory (hash router in the admin).
 */
export function App( {
	entry,
	routes,
	config,
	queryClient,
	createRouter = createHashRouter,
}: {
	entry: PageKey;
	routes: PageRoutes;
	config: AppConfig;
	queryClient: QueryClient;
	createRouter?: RouterFactory;
} ) {
	// Plain functions (the builder's rules, defaults) read the types outside React.
	installQuestionTypes( config );
	// Created once: a new router per render would reset navigation state.
	const [ router ] = useState( () =>
		createRouter( shellRoutes( entry, routes, config ) )
	);
	return (
		<ConfigProvider config={ config }>
			<QueryClientProvider client={ queryClient }>
				<RouterProvider router={ router } />
			</QueryClientProvider>
		</ConfigProvider>
	);
}

/**
 * Renders a page's app into #userfeedback-app.
 *
 * @param entry  Page key, as in the config's "page".
 * @param routes The page's routes.
 */
export function mount( entry: PageKey, routes: PageRoutes ): void {
	const element = document.getElementById( ROOT_ID );
	if ( ! element ) {
		return;
	}
	const root = createRoot( element );
	let config: AppConfig;
	try {
		config = getConfig( element );
	} catch ( error ) {
		root.render( <ErrorMessage error={ error } /> );
		throw error;
	}
	setupApi( config );
	root.render(
		<StrictMode>
			<App
				entry={ entry }
				routes={ routes }
				config={ config }
				queryClient={ createQueryClient() }
			/>
		</StrictMode>
	);
}
