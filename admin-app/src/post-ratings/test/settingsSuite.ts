/**
 * The settings screen's tests: the suite's server with the fake post-ratings routes
 * (the default settings), and the queries the tests share.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';

import { serverForSuite, type TestServer } from '../../shared/test/server';
import { installFakePostRatingsApi, type FakePostRatingsApi } from './fakeApi';
import { resetUiState } from './render';

export function settingsSuite(): {
	server: TestServer;
	api: () => FakePostRatingsApi;
} {
	const server = serverForSuite();
	resetUiState();
	let api: FakePostRatingsApi;
	beforeEach( () => {
		server.received.length = 0;
		api = installFakePostRatingsApi( server );
	} );
	return { server, api: () => api };
}

/** The form is there once its Save Settings button is. */
export const ready = () =>
	screen.findByRole( 'button', { name: 'Save Settings' } );
export const preview = () =>
	within( screen.getByRole( 'region', { name: 'Post rating preview' } ) );
export const widget = () =>
	document.querySelector( '.userfeedback-post-rating' ) as HTMLElement;
export const summary = () =>
	document.querySelector( '.userfeedback-post-rating__summary' );
