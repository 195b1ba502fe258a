/**
 * The publish step has its primary action at the bottom too (issue 17 item 8): the same
 * save as the header's, through the whole surveys app against the fake surveys API.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { setupApi } from '../../../../shared/api';
import { useNotices } from '../../../../shared/notices';
import {
	installFakeApi,
	type FakeApi,
} from '../../../../shared/test/fakeSurveysApi';
import { survey, tierConfig } from '../../../../shared/test/surveyFixtures';
import { startServer, type TestServer } from '../../../../shared/test/server';
import { browser } from '../../browser';
import { useBuilderStore } from '../../store';
import { renderSurveysApp, withServer } from '../../test/render';

let server: TestServer;
let api: FakeApi;
const config = () => withServer( tierConfig( 'pro' ), server.url );

beforeAll( async () => {
	server = await startServer();
	setupApi( config() );
} );
afterAll( () => server.close() );

beforeEach( () => {
	useBuilderStore.getState().reset();
	useNotices.getState().clear();
	vi.spyOn( browser, 'scrollToTop' ).mockImplementation( () => undefined );
	api = installFakeApi( server, { templates: [] } );
	api.surveys.set( 5, survey( { status: 'draft' } ) );
} );

describe( 'publish step', () => {
	it( 'offers the header’s save again below the last card', async () => {
		const user = userEvent.setup();
		renderSurveysApp( '/edit/5/publish', config() );
		await screen.findByRole( 'navigation', {
			name: 'Survey builder steps',
		} );
		// The step's card renders once its route has loaded.
		await screen.findByRole( 'heading', { name: 'Publish', level: 3 } );
		const saves = screen.getAllByRole( 'button', {
			name: 'Save as Draft',
		} );
		expect( saves ).toHaveLength( 2 );
		const bottom = saves[ 1 ];
		expect(
			bottom.closest( '.userfeedback-publish-step__actions' )
		).not.toBeNull();

		await user.click( bottom );
		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		expect( api.saves[ 0 ].path ).toBe(
			'/wp-json/userfeedback/v1/surveys/5'
		);
	} );
} );
