import { screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { boot, type Page, type UiModule } from './boot';
import { makeSurvey, strings } from './test/fixtures';
import type { Answer, WidgetConfig, WidgetProps } from './types';

const page = window as Page;
const realFetch = window.fetch;

function config( overrides: Partial< WidgetConfig > = {} ): WidgetConfig {
	return {
		version: '0.1.0',
		rest_url: 'http://site.test/wp-json/userfeedback/v1/',
		assets_url:
			'http://site.test/wp-content/plugins/userfeedback/build/widget/',
		surveys: [ makeSurvey() ],
		strings,
		...overrides,
	};
}

/** Boots with a stand-in UI module and returns the props the loader mounted it with. */
async function bootWithFakeUi() {
	const mount = vi.fn();
	const loadUi = vi.fn( async (): Promise< UiModule > => ( { mount } ) );
	await boot( page, loadUi );
	return {
		loadUi,
		mount,
		props: mount.mock.calls[ 0 ]?.[ 0 ] as WidgetProps,
	};
}

interface Sent {
	url: string;
	init: RequestInit;
}

function interceptFetch( answer: () => Promise< Response > ) {
	const sent: Sent[] = [];
	window.fetch = ( ( url: string, init: RequestInit ) => {
		sent.push( { url, init } );
		return answer();
	} ) as typeof window.fetch;
	return sent;
}

function surveyCookie() {
	const match = document.cookie.match( /userfeedback-survey-7=([^;]*)/ );
	return match ? JSON.parse( decodeURIComponent( match[ 1 ] ) ) : null;
}

describe( 'boot', () => {
	beforeEach( () => {
		delete page.userfeedbackConfig;
		document.title = 'Hello world';
	} );
	afterEach( () => {
		window.fetch = realFetch;
		document.body.innerHTML = '';
	} );

	it( 'loads nothing without a config or without surveys', async () => {
		expect( ( await bootWithFakeUi() ).loadUi ).not.toHaveBeenCalled();
		page.userfeedbackConfig = config( { surveys: [] } );
		expect( ( await bootWithFakeUi() ).loadUi ).not.toHaveBeenCalled();
	} );

	it( 'loads nothing when every survey was already answered', async () => {
		document.cookie = `userfeedback-survey-7=${ encodeURIComponent(
			'{"submitted":true,"last_response_id":3}'
		) }; path=/`;
		page.userfeedbackConfig = config();
		expect( ( await bootWithFakeUi() ).loadUi ).not.toHaveBeenCalled();
	} );

	it( 'loads nothing when no survey targets this device (jsdom is a desktop)', async () => {
		page.userfeedbackConfig = config( {
			surveys: [
				makeSurvey( {
					settings: { targeting: { devices: [ 'mobile' ] } },
				} ),
			],
		} );
		expect( ( await bootWithFakeUi() ).loadUi ).not.toHaveBeenCalled();
	} );

	it( 'mounts the UI with the chosen survey and the strings', async () => {
		const second = makeSurvey( {
			id: 8,
			cookie_name: 'userfeedback-survey-8',
		} );
		document.cookie = `userfeedback-survey-7=${ encodeURIComponent(
			'{"submitted":true}'
		) }; path=/`;
		page.userfeedbackConfig = config( {
			surveys: [ makeSurvey(), second ],
		} );
		const { loadUi, props } = await bootWithFakeUi();
		expect( loadUi ).toHaveBeenCalledTimes( 1 );
		expect( props.survey.id ).toBe( 8 );
		expect( props.strings ).toBe( strings );
		expect( props.minimized ).toBe( false );
	} );

	it( 'remembers the minimized state in a cookie named after the survey', async () => {
		page.userfeedbackConfig = config();
		const { props } = await bootWithFakeUi();
		props.onMinimizedChange?.( true );
		expect( document.cookie ).toContain(
			'userfeedback-survey-7-minimized=1'
		);

		expect( ( await bootWithFakeUi() ).props.minimized ).toBe( true );
	} );

	it( 'POSTs the answers without a WordPress nonce, then marks the survey answered', async () => {
		const sent = interceptFetch(
			async () =>
				new Response( JSON.stringify( { id: 55 } ), { status: 201 } )
		);
		page.userfeedbackConfig = config();
		const { props } = await bootWithFakeUi();
		const answers: Answer[] = [
			{ question_id: 1, value: 'Friend' },
			{ question_id: 2, value: null },
		];
		await props.onFinish?.( answers );

		expect( sent ).toHaveLength( 1 );
		expect( sent[ 0 ].url ).toBe(
			'http://site.test/wp-json/userfeedback/v1/surveys/7/responses'
		);
		expect( sent[ 0 ].init.method ).toBe( 'POST' );
		expect(
			Object.keys(
				sent[ 0 ].init.headers as Record< string, string >
			).map( ( name ) => name.toLowerCase() )
		).not.toContain( 'x-wp-nonce' );
		expect( JSON.parse( sent[ 0 ].init.body as string ) ).toEqual( {
			answers,
			page_submitted: {
				link: window.location.href,
				title: 'Hello world',
			},
			nonce: 'sub-token',
		} );
		expect( surveyCookie() ).toEqual( {
			submitted: true,
			last_response_id: 55,
		} );
	} );

	it( 'ignores a failed submission quietly and still marks the survey answered', async () => {
		interceptFetch( () =>
			Promise.reject( new TypeError( 'Failed to fetch' ) )
		);
		page.userfeedbackConfig = config();
		const { props } = await bootWithFakeUi();
		await expect(
			props.onFinish?.( [ { question_id: 1, value: 'Ad' } ] )
		).resolves.toBeUndefined();
		expect( surveyCookie() ).toEqual( {
			submitted: true,
			last_response_id: null,
		} );

		interceptFetch(
			async () => new Response( 'Too many', { status: 429 } )
		);
		await props.onFinish?.( [ { question_id: 1, value: 'Ad' } ] );
		expect( surveyCookie().last_response_id ).toBeNull();
	} );

	it( 'sends nothing when every question was skipped', async () => {
		const sent = interceptFetch( async () => new Response( '{}' ) );
		page.userfeedbackConfig = config();
		const { props } = await bootWithFakeUi();
		await props.onFinish?.( [
			{ question_id: 1, value: null },
			{ question_id: 2, value: null },
		] );
		expect( sent ).toHaveLength( 0 );
		expect( surveyCookie() ).toMatchObject( { submitted: true } );
	} );

	it( 'mounts the real UI chunk', async () => {
		page.userfeedbackConfig = config();
		await boot( page, () => import( './ui' ) );
		await waitFor( () =>
			expect(
				screen.getByRole( 'dialog', { name: 'Quick question' } )
			).toBeInTheDocument()
		);
		expect(
			document.getElementById( 'userfeedback-widget-css' )
		).not.toBeNull();
	} );
} );
