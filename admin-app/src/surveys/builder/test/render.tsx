/**
 * Renders the surveys app (shell, routes, react-query, api-fetch) at a path, for
 * tests that talk to the fake API over real HTTP.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';

import { App } from '../../../shared/mount';
import { createQueryClient } from '../../../shared/query';
import type { AppConfig } from '../../../shared/types';
import { routes } from '../../routes';

export function renderSurveysApp( path: string, config: AppConfig ) {
	let router: ReturnType< typeof createMemoryRouter > | undefined;
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	const view = render(
		<App
			entry="surveys"
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
		queryClient,
		pathname: () => router?.state.location.pathname,
	};
}

/** The config's REST root pointed at the test server. */
export function withServer( config: AppConfig, url: string ): AppConfig {
	return {
		...config,
		rest: { ...config.rest, root: `${ url }/wp-json/` },
	};
}
