/**
 * The setup step against the fake API: template cards and the gating messages of
 * each licence tier.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setupApi } from '../../../../shared/api';
import { startServer, type TestServer } from '../../../../shared/test/server';
import type { SurveyTemplate } from '../../../../shared/types';
import { useBuilderStore } from '../../store';
import { installFakeApi } from '../../../../shared/test/fakeSurveysApi';
import {
	question,
	template,
	tierConfig,
	type Tier,
} from '../../../../shared/test/surveyFixtures';
import { renderSurveysApp, withServer } from '../../test/render';

let server: TestServer;

const TEMPLATES = ( tier: Tier ): SurveyTemplate[] => [
	template( 'blank', 'Blank Template' ),
	template( 'website-feedback', 'Website Feedback', {
		config: {
			questions: [
				question( 1, 'radio-button', {
					title: 'How easy was it to find what you needed?',
				} ),
			],
		},
	} ),
	template( 'nps', 'NPS Survey', {
		type: 'nps',
		tier: 'pro',
		required_addons: [ 'question-types' ],
		is_available: tier === 'pro',
	} ),
	template( 'ecommerce', 'eCommerce Store', {
		tier: 'pro',
		required_addons: [ 'templates' ],
		is_available: tier === 'pro',
	} ),
];

function renderSetup( tier: Tier ) {
	installFakeApi( server, { templates: TEMPLATES( tier ) } );
	return renderSurveysApp(
		'/new/setup',
		withServer( tierConfig( tier ), server.url )
	);
}

const card = ( name: string ) => screen.findByRole( 'button', { name } );

beforeAll( async () => {
	server = await startServer();
	setupApi( withServer( tierConfig( 'lite' ), server.url ) );
} );
afterAll( () => server.close() );
beforeEach( () => useBuilderStore.getState().reset() );

describe( 'SetupStep', () => {
	it( 'disables templates whose addon is missing and says which (Lite)', async () => {
		renderSetup( 'lite' );
		expect(
			await screen.findByRole( 'heading', { name: 'Select a Template' } )
		).toBeInTheDocument();
		expect( await card( 'Blank Template' ) ).toBeEnabled();
		expect( await card( 'NPS Survey' ) ).toBeDisabled();
		expect( await card( 'NPS Survey' ) ).toHaveAccessibleDescription(
			'NPS Survey description Requires Question Types addon'
		);
		expect( await card( 'eCommerce Store' ) ).toHaveAccessibleDescription(
			'eCommerce Store description Requires Additional Templates addon'
		);
		expect(
			screen.getByText(
				'Upgrade to UserFeedback Pro to unlock more survey templates.',
				{ exact: false, selector: '.components-notice__content' }
			)
		).toBeInTheDocument();
	} );

	it( 'asks unlicensed Pro for a licence key', async () => {
		renderSetup( 'pro-unlicensed' );
		expect(
			await screen.findByText(
				'Please enter a valid license key to enable Pro templates',
				{ exact: false, selector: '.components-notice__content' }
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Enter License Key' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_settings'
		);
	} );

	it( 'offers licensed Pro the Additional Templates Addon', async () => {
		renderSetup( 'pro-no-addons' );
		expect(
			await screen.findByRole( 'link', {
				name: 'Additional Templates Addon',
			} )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_addons'
		);
		expect( await card( 'eCommerce Store' ) ).toBeDisabled();
	} );

	it( 'offers every template, with no notice, when all is unlocked', async () => {
		renderSetup( 'pro' );
		expect( await card( 'eCommerce Store' ) ).toBeEnabled();
		expect( await card( 'NPS Survey' ) ).toBeEnabled();
		expect(
			document.querySelectorAll(
				'.userfeedback-builder .components-notice'
			)
		).toHaveLength( 0 );
	} );

	it( 'applies the chosen template and moves on to the questions', async () => {
		const user = userEvent.setup();
		const view = renderSetup( 'lite' );

		await user.click( await card( 'Website Feedback' ) );

		await waitFor( () =>
			expect( view.pathname() ).toBe( '/new/questions' )
		);
		expect( useBuilderStore.getState().draft ).toMatchObject( {
			template: 'website-feedback',
			title: 'Website Feedback',
		} );
		const list = await screen.findByRole( 'list', { name: 'Questions' } );
		expect(
			within( list ).getByRole( 'heading', {
				name: 'Question 1: How easy was it to find what you needed?',
			} )
		).toBeInTheDocument();

		// Back on setup, the chosen card is marked.
		await user.click( screen.getByRole( 'button', { name: 'Back' } ) );
		expect( await card( 'Website Feedback' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
	} );

	it( 'keeps the title for the blank template', async () => {
		const user = userEvent.setup();
		renderSetup( 'lite' );
		await user.click( await card( 'Blank Template' ) );
		expect( useBuilderStore.getState().draft ).toMatchObject( {
			template: 'blank',
			title: 'New Survey',
		} );
	} );
} );
