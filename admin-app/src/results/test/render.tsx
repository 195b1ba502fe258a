/**
 * Renders the results app (shell, routes, react-query, api-fetch) at a path against the
 * test server.
 */
import userEvent from '@testing-library/user-event';

import { setupApi } from '../../shared/api';
import { feature, makeConfig, restOn } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import type { TestServer } from '../../shared/test/server';
import type { AppConfig } from '../../shared/types';
import { routes } from '../routes';

export type Tier = 'lite' | 'pro';

export function resultsConfig( server: TestServer, tier: Tier = 'pro' ) {
	const allowed = tier === 'pro';
	const gate = ( label: string ) =>
		feature( { allowed, label, reason: allowed ? null : 'upgrade' } );
	return makeConfig( {
		page: 'results',
		rest: restOn( server ),
		exports_url: 'admin.php?page=userfeedback_exports',
		exports_nonce: 'export-nonce',
		urls: {
			admin: 'http://site.test/wp-admin/',
			plugin: 'http://site.test/wp-content/plugins/userfeedback/',
			upgrade: 'https://userfeedback.com/lite/',
			settings: 'admin.php?page=userfeedback_settings',
			pages: {
				surveys: 'admin.php?page=userfeedback_surveys',
				results: 'admin.php?page=userfeedback_results',
			},
		},
		entitlements: {
			edition: tier,
			is_pro: allowed,
			is_licensed: allowed,
			license_type: allowed ? 'pro' : null,
		},
		features: {
			export: gate( 'CSV and XLSX Export' ),
			results_30_days: gate( '30-Day Results' ),
			response_management: gate( 'Response Management' ),
		},
	} as Parameters< typeof makeConfig >[ 0 ] );
}

export function renderResults( path: string, config: AppConfig ) {
	setupApi( config );
	return {
		...renderPage( { entry: 'results', routes, config, path } ),
		user: userEvent.setup(),
	};
}
