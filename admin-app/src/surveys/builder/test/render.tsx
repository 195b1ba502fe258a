/**
 * Renders the surveys app (shell, routes, react-query, api-fetch) at a path, for
 * tests that talk to the fake API over real HTTP.
 */
import { renderPage } from '../../../shared/test/render';
import type { AppConfig } from '../../../shared/types';
import { routes } from '../../routes';

export function renderSurveysApp( path: string, config: AppConfig ) {
	const view = renderPage( { entry: 'surveys', routes, config, path } );
	return { ...view, pathname: () => view.location().pathname };
}

/** The config's REST root pointed at the test server. */
export function withServer( config: AppConfig, url: string ): AppConfig {
	return {
		...config,
		rest: { ...config.rest, root: `${ url }/wp-json/` },
	};
}
