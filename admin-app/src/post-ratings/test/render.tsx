/**
 * Renders the post-ratings page (shell, routes, react-query, api-fetch) at a path
 * against the test server, with the feature allowed unless a test says otherwise.
 */
import { beforeEach } from 'vitest';
import userEvent from '@testing-library/user-event';

import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import {
	feature,
	makeConfig,
	restOn,
	type ConfigOverrides,
} from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import type { TestServer } from '../../shared/test/server';
import { useUpgradeDialog } from '../../shared/upgrade';
import { useListSearch } from '../results/listSearch';
import { routes } from '../routes';

/** Notices, dialog and the remembered list query start empty in every test. */
export function resetUiState() {
	beforeEach( () => {
		useNotices.getState().clear();
		useUpgradeDialog.getState().close();
		useListSearch.setState( { search: '' } );
	} );
}

export function postRatingsConfig(
	server: TestServer,
	overrides: ConfigOverrides = {}
) {
	const allowed = ( label: string ) =>
		feature( { allowed: true, label, reason: null, plan: 'pro' } );
	return makeConfig( {
		page: 'post-ratings',
		rest: restOn( server ),
		exports_url: 'admin.php?page=userfeedback_exports',
		exports_nonce: 'export-nonce',
		...overrides,
		entitlements: {
			edition: 'pro',
			is_pro: true,
			is_licensed: true,
			license_type: 'plus',
			addons: { 'post-ratings': true },
			...overrides.entitlements,
		},
		features: {
			post_ratings: allowed( 'Post Ratings' ),
			export: allowed( 'CSV and XLSX Export' ),
			...overrides.features,
		},
	} );
}

export function renderPostRatings(
	server: TestServer,
	path: string,
	overrides: ConfigOverrides = {}
) {
	const config = postRatingsConfig( server, overrides );
	setupApi( config );
	return {
		...renderPage( { entry: 'post-ratings', routes, config, path } ),
		config,
		user: userEvent.setup(),
	};
}
