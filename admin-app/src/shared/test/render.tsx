/**
 * Renders a whole admin page as it mounts in WordPress: the shell, a memory router
 * at the given path, and a react-query client that does not retry. The router and the
 * client come back with the render result, for tests that look at the location or the
 * cache.
 */
import { render, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';

import { App, type PageRoutes } from '../mount';
import { createQueryClient } from '../query';
import type { AppConfig, PageKey } from '../types';

export function renderPage( {
	entry,
	routes,
	config,
	path = '/',
}: {
	entry: PageKey;
	routes: PageRoutes;
	config: AppConfig;
	path?: string;
} ) {
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	let router!: ReturnType< typeof createMemoryRouter >;
	const view = render(
		<App
			entry={ entry }
			routes={ routes }
			config={ config }
			queryClient={ queryClient }
			createRouter={ ( tree ) => {
				router = createMemoryRouter( tree, {
					initialEntries: [ path ],
				} );
				return router;
			} }
		/>
	);
	return {
		...view,
		router,
		queryClient,
		location: () => router.state.location,
	};
}

/** The notices area only: Notice also speaks its text into a live region. */
export const noticesArea = () =>
	within( document.querySelector( '.userfeedback-notices' ) as HTMLElement );
