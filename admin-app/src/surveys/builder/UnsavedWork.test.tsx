/**
 * Unsaved work (issue 17 item 3) and the save confirmation of what a plan strips (item 4),
 * through the whole surveys app against the fake surveys API over real HTTP.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
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

import recorded from '../../../../tests/fixtures/recorded/feature-policy.json';
import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import { installFakeApi, type FakeApi } from '../../shared/test/fakeSurveysApi';
import { survey, tierConfig } from '../../shared/test/surveyFixtures';
import { startServer, type TestServer } from '../../shared/test/server';
import type { AppConfig, FeaturePolicyRow } from '../../shared/types';
import { draftKey, localDrafts, useRestoredDraft } from './autosave';
import { browser } from './browser';
import { useBuilderStore } from './store';
import { renderSurveysApp, withServer } from './test/render';

let server: TestServer;
let api: FakeApi;

const config = ( extra: Partial< AppConfig > = {} ) =>
	withServer( tierConfig( 'pro', extra ), server.url );
const key = () => draftKey( config(), 'edit', 5 );

beforeAll( async () => {
	server = await startServer();
	setupApi( config() );
} );
afterAll( () => server.close() );

beforeEach( () => {
	useBuilderStore.getState().reset();
	useRestoredDraft.setState( { restored: null } );
	useNotices.getState().clear();
	vi.spyOn( browser, 'scrollToTop' ).mockImplementation( () => undefined );
	api = installFakeApi( server, { templates: [] } );
	api.surveys.set( 5, survey() );
} );

async function openSurvey( extra: Partial< AppConfig > = {} ) {
	const view = renderSurveysApp( '/edit/5/questions', config( extra ) );
	await screen.findByRole( 'navigation', { name: 'Survey builder steps' } );
	return view;
}

const edit = ( title: string ) =>
	act( () => useBuilderStore.getState().update( { title } ) );

/** The restored-copy notice (Notice also speaks its text into a live region). */
async function restoredNotice(): Promise< HTMLElement > {
	await waitFor( () =>
		expect(
			document.querySelector( '.userfeedback-builder__restored' )
		).not.toBeNull()
	);
	return document.querySelector(
		'.userfeedback-builder__restored'
	) as HTMLElement;
}

/** As a reload leaves it: a fresh page, with only the browser's storage kept. */
function reload( view: { unmount: () => void } ) {
	view.unmount();
	useBuilderStore.getState().reset();
	useRestoredDraft.setState( { restored: null } );
}

describe( 'unsaved work', () => {
	it( 'keeps an edit in the browser and restores it after a reload, with Discard', async () => {
		const user = userEvent.setup();
		const first = await openSurvey();
		expect( localDrafts.read( key() ) ).toBeNull();
		edit( 'Customer feedback (draft 2)' );
		expect( localDrafts.read( key() )?.survey.title ).toBe(
			'Customer feedback (draft 2)'
		);

		reload( first );
		await openSurvey();
		const notice = await restoredNotice();
		expect( notice ).toHaveTextContent(
			/Unsaved changes from .* were restored from this browser/
		);
		expect( useBuilderStore.getState().draft?.title ).toBe(
			'Customer feedback (draft 2)'
		);
		expect( useBuilderStore.getState().dirty ).toBe( true );

		await user.click(
			within( notice ).getByRole( 'button', { name: 'Discard' } )
		);
		expect( useBuilderStore.getState().draft?.title ).toBe(
			'Customer feedback'
		);
		expect( useBuilderStore.getState().dirty ).toBe( false );
		expect( localDrafts.read( key() ) ).toBeNull();
		expect(
			document.querySelector( '.userfeedback-builder__restored' )
		).toBeNull();
	} );

	it( 'keeps a new survey’s draft under its own key, apart from saved surveys', async () => {
		const view = renderSurveysApp( '/new', config() );
		await screen.findByRole( 'navigation', {
			name: 'Survey builder steps',
		} );
		act( () =>
			useBuilderStore.getState().update( { title: 'Fresh idea' } )
		);
		expect(
			localDrafts.read( draftKey( config(), 'new', null ) )?.survey.title
		).toBe( 'Fresh idea' );
		expect( localDrafts.read( key() ) ).toBeNull();
		reload( view );
		renderSurveysApp( '/new', config() );
		await restoredNotice();
		expect( useBuilderStore.getState().draft?.title ).toBe( 'Fresh idea' );
		expect( useBuilderStore.getState().isNew ).toBe( true );
	} );

	it( 'asks before leaving with changes: Cancel stays, Discard leaves and forgets them', async () => {
		const user = userEvent.setup();
		const view = await openSurvey();
		edit( 'Changed' );

		await act( () => view.router.navigate( '/' ) );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Leave without saving?',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( view.pathname() ).toBe( '/edit/5/questions' );
		expect( useBuilderStore.getState().draft?.title ).toBe( 'Changed' );

		await user.click(
			screen.getByRole( 'button', { name: 'Close the builder' } )
		);
		await user.click(
			within(
				await screen.findByRole( 'dialog', {
					name: 'Leave without saving?',
				} )
			).getByRole( 'button', { name: 'Discard changes and leave' } )
		);
		await waitFor( () => expect( view.pathname() ).toBe( '/' ) );
		expect( useBuilderStore.getState().draft ).toBeNull();
		expect( localDrafts.read( key() ) ).toBeNull();
		expect( api.saves ).toHaveLength( 0 );
	} );

	it( 'moves between steps with changes without asking', async () => {
		const user = userEvent.setup();
		const view = await openSurvey();
		edit( 'Changed' );
		await user.click( screen.getByRole( 'button', { name: /Next Step/ } ) );
		await waitFor( () =>
			expect( view.pathname() ).toBe( '/edit/5/settings' )
		);
		expect(
			screen.queryByRole( 'dialog', { name: /saving|plan/ } )
		).not.toBeInTheDocument();
	} );

	it( 'does not ask when nothing changed, nor right after a save', async () => {
		const user = userEvent.setup();
		const view = await openSurvey();
		const unload = () => {
			const event = new Event( 'beforeunload', { cancelable: true } );
			window.dispatchEvent( event );
			return event.defaultPrevented;
		};
		expect( unload() ).toBe( false );
		edit( 'Changed' );
		expect( unload() ).toBe( true );

		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);
		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		await waitFor( () =>
			expect( useBuilderStore.getState().dirty ).toBe( false )
		);
		expect( localDrafts.read( key() ) ).toBeNull();
		expect( unload() ).toBe( false );
		await act( () => view.router.navigate( '/' ) );
		expect( view.pathname() ).toBe( '/' );
		expect(
			screen.queryByRole( 'dialog', { name: /saving|plan/ } )
		).not.toBeInTheDocument();
	} );
} );

describe( 'saving what the plan does not include', () => {
	const record = recorded as unknown as {
		table: FeaturePolicyRow[];
		available: Record< string, Record< string, boolean > >;
	};
	// The table as a Pro site without a licence gets it (nothing paid is available).
	const lapsed = record.table.map( ( row ) => ( {
		...row,
		available: false,
	} ) );

	beforeEach( () => {
		api.surveys.set(
			5,
			survey( {
				settings: {
					...survey().settings,
					targeting: {
						devices: [ 'mobile' ],
						pages: 'all',
						page_rules: [],
					},
				},
			} )
		);
	} );

	it( 'lists what will be removed, in the server’s words, and saves only when confirmed', async () => {
		const user = userEvent.setup();
		await openSurvey( { feature_policy: lapsed } );
		edit( 'Renamed' );

		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);
		let dialog = await screen.findByRole( 'dialog', {
			name: 'Remove what your plan does not include?',
		} );
		const device = lapsed.find(
			( row ) => row.feature === 'device_targeting'
		)!;
		expect(
			within( dialog )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [ `${ device.label }: ${ device.removal }` ] );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect(
			screen.queryByRole( 'dialog', { name: /saving|plan/ } )
		).not.toBeInTheDocument();
		expect( api.saves ).toHaveLength( 0 );
		expect( useBuilderStore.getState().dirty ).toBe( true );

		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);
		dialog = await screen.findByRole( 'dialog', {
			name: 'Remove what your plan does not include?',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Remove and save' } )
		);
		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		// The server still strips: the builder sends the survey as it is.
		expect( api.saves[ 0 ].body.settings?.targeting?.devices ).toEqual( [
			'mobile',
		] );
	} );

	it( 'saves without asking when the plan covers what the survey uses', async () => {
		const user = userEvent.setup();
		await openSurvey( {
			feature_policy: record.table.map( ( row ) => ( {
				...row,
				available: true,
			} ) ),
		} );
		edit( 'Renamed' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save as Draft' } )
		);
		await waitFor( () => expect( api.saves ).toHaveLength( 1 ) );
		expect(
			screen.queryByRole( 'dialog', { name: /saving|plan/ } )
		).not.toBeInTheDocument();
	} );
} );
