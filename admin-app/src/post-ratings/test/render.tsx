/**
 * Renders the post-ratings page (shell, routes, react-query, api-fetch) at a path
 * against the test server, with the feature allowed unless a test says otherwise.
 */
import { beforeEach } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';

import { setupApi } from '../../shared/api';
import { App } from '../../shared/mount';
import { useNotices } from '../../shared/notices';
import { createQueryClient } from '../../shared/query';
import {
	feature,
	makeConfig,
	type ConfigOverrides,
} from '../../shared/test/fixtures';
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
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
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
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	let router!: ReturnType< typeof createMemoryRouter >;
	const view = render(
		<App
			entry="post-ratings"
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
		config,
		user: userEvent.setup(),
		location: () => router.state.location,
	};
}
