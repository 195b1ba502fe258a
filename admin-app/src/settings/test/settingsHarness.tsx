/**
 * The Settings page end to end against a real HTTP server standing in for the REST
 * API (and admin-ajax when asked): config, api-fetch, shell, router and react-query.
 */
import { beforeEach } from 'vitest';

import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import { makeConfig, type ConfigOverrides } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import { serverForSuite, type TestServer } from '../../shared/test/server';
import { useUpgradeDialog } from '../../shared/upgrade';
import { routes } from '../routes';

// The settings tabs' tests answer the settings route with it.
export { answerSettings, WIDGET_SETTINGS } from '../../shared/test/settingsApi';

export const SETTINGS_PATH = '/wp-json/userfeedback/v1/settings';

/**
 * The suite's server; before each test the notices, the upgrade dialog and the
 * recorded requests start empty.
 */
export function settingsSuite(): TestServer {
	const server = serverForSuite();
	beforeEach( () => {
		useNotices.getState().clear();
		useUpgradeDialog.getState().close();
		server.received.length = 0;
	} );
	return server;
}

/**
 * Renders the Settings page at `path` with the REST root on the test server.
 *
 * @param server    The suite's server.
 * @param path      The tab's route, e.g. '/email'.
 * @param overrides Config overrides (e.g. entitlements, features, ajax).
 */
export function renderSettingsAt(
	server: TestServer,
	path: string,
	overrides: ConfigOverrides = {}
) {
	const config = makeConfig( {
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
		...overrides,
	} );
	setupApi( config );
	return renderPage( { entry: 'settings', routes, config, path } );
}
