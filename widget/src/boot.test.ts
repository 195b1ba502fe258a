import { act, screen } from '@testing-library/preact';
import { render } from 'preact';
import {
	afterAll,
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { boot } from './boot';
import { makeConfig, makeSurvey, userAgents } from './test/fixtures';
import type { UiModule, VisitorSurvey, WidgetConfig } from './types';

function survey( id: number, more: Partial< VisitorSurvey > = {} ) {
	return makeSurvey( {
		id,
		title: `Survey ${ id }`,
		cookie_name: `uf-${ id }`,
		...more,
	} );
}

/** Boots with a stand-in UI module. */
async function run( config?: WidgetConfig ) {
	window.userfeedbackConfig = config;
	const start = vi.fn< UiModule[ 'start' ] >();
	const loadUi = vi.fn( async () => ( { start, mount: vi.fn() } ) );
	const picked = boot( loadUi );
	await picked;
	// Let the UI import (a resolved promise here) reach start().
	await Promise.resolve();
	await Promise.resolve();
	return { loadUi, start, picked };
}

function placeholder( id: number | string ) {
	const host = document.createElement( 'div' );
	host.className = 'userfeedback-inline';
	host.dataset.surveyId = String( id );
	document.body.append( host );
	return host;
}

const later = '2999-01-01T00:00:00Z';

beforeEach( () => {
	vi.stubGlobal(
		'fetch',
		vi.fn( async () => new Response( '{}', { status: 201 } ) )
	);
} );

afterEach( () => {
	delete window.userfeedbackConfig;
	delete window.userfeedbackHidden;
	document.body.innerHTML = '';
	vi.useRealTimers();
} );

// Preact's hooks schedule their effects with requestAnimationFrame raced by a 100 ms
// timeout, whose callback calls cancelAnimationFrame: a widget mounted by the last test
// leaves that timeout pending, and once the file's DOM is torn down it threw
// "cancelAnimationFrame is not defined" (an unhandled error that failed the CI run).
// Let it fire while the DOM is still there.
afterAll( () => new Promise( ( settle ) => setTimeout( settle, 150 ) ) );

describe( 'boot', () => {
	it( 'does nothing without a config or without surveys', async () => {
		const none = await run( undefined );
		expect( none.picked ).toBeUndefined();
		expect( none.loadUi ).not.toHaveBeenCalled();

		const empty = await run( makeConfig( { surveys: [] } ) );
		expect( empty.loadUi ).not.toHaveBeenCalled();
		expect( window.userfeedbackHidden ).toEqual( [] );
	} );

	it( 'imports no UI on a page where no survey matches, and says why', async () => {
		document.cookie = `uf-1=${ encodeURIComponent(
			'{"submitted":true,"last_response_id":3}'
		) }; path=/`;
		const { loadUi } = await run(
			makeConfig( {
				surveys: [
					survey( 1 ),
					survey( 2, { publish_at: later } ),
					survey( 3, {
						settings: {
							targeting: {
								pages: 'select',
								page_rules: [
									{
										logic: 'page_url_contains',
										operator: '&&',
										data: '/nowhere/',
									},
								],
							},
						},
					} ),
				],
				features: { page_targeting: true },
			} )
		);
		expect( loadUi ).not.toHaveBeenCalled();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'cookie' },
			{ survey_id: 2, reason: 'scheduled' },
			{ survey_id: 3, reason: 'pages' },
		] );
	} );

	it( 'starts the first matching survey floating', async () => {
		const config = makeConfig( { surveys: [ survey( 1 ), survey( 2 ) ] } );
		const { loadUi, start } = await run( config );
		expect( loadUi ).toHaveBeenCalledTimes( 1 );
		expect( loadUi ).toHaveBeenCalledWith( config );
		expect( start ).toHaveBeenCalledTimes( 1 );
		expect( start ).toHaveBeenCalledWith(
			config,
			config.surveys[ 0 ],
			undefined
		);
		expect( window.userfeedbackHidden ).toEqual( [] );
	} );

	it( 'reads the device from the user agent', async () => {
		vi.spyOn( navigator, 'userAgent', 'get' ).mockReturnValue(
			userAgents.iphone
		);
		const surveys = [
			survey( 1, {
				settings: { targeting: { devices: [ 'desktop' ] } },
			} ),
			survey( 2 ),
		];
		const phoneWithoutAddon = await run( makeConfig( { surveys } ) );
		expect( phoneWithoutAddon.loadUi ).not.toHaveBeenCalled();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'targeting_addon' },
			{ survey_id: 2, reason: 'targeting_addon' },
		] );

		const phone = await run(
			makeConfig( { surveys, features: { device_targeting: true } } )
		);
		expect( phone.start.mock.calls[ 0 ][ 1 ].id ).toBe( 2 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'device' },
		] );
	} );

	it( 'imports the UI only when the trigger fires', async () => {
		vi.useFakeTimers();
		const config = makeConfig( {
			surveys: [
				survey( 1, {
					settings: {
						behavior: { timing: 'delay', timing_delay: 3 },
					},
				} ),
			],
			features: { behavior: true },
		} );
		const { loadUi, start } = await run( config );
		await vi.advanceTimersByTimeAsync( 2999 );
		expect( loadUi ).not.toHaveBeenCalled();
		await vi.advanceTimersByTimeAsync( 1 );
		expect( loadUi ).toHaveBeenCalledTimes( 1 );
		expect( start ).toHaveBeenCalledWith(
			config,
			config.surveys[ 0 ],
			undefined
		);
	} );

	it( 'arms the trigger of the picked survey only', async () => {
		vi.useFakeTimers();
		const { loadUi } = await run(
			makeConfig( {
				surveys: [
					survey( 1, {
						settings: {
							behavior: {
								timing: 'before_abandon',
								display_length: 'until_response',
							},
						},
					} ),
					survey( 2 ),
				],
				features: { behavior: true },
			} )
		);
		await vi.advanceTimersByTimeAsync( 60_000 );
		expect( loadUi ).not.toHaveBeenCalled();
	} );

	describe( 'inline placeholders', () => {
		it( 'starts each placeholder survey into its element and keeps it out of the floating pick', async () => {
			const seven = placeholder( 7 );
			const eight = placeholder( 8 );
			placeholder( 99 );
			const config = makeConfig( {
				surveys: [ survey( 7 ), survey( 8 ), survey( 9 ) ],
			} );
			const { start } = await run( config );

			expect( start ).toHaveBeenCalledTimes( 3 );
			expect( start ).toHaveBeenCalledWith(
				config,
				{ ...config.surveys[ 0 ], shortcode: true },
				seven
			);
			expect( start ).toHaveBeenCalledWith(
				config,
				{ ...config.surveys[ 1 ], shortcode: true },
				eight
			);
			expect( start ).toHaveBeenCalledWith(
				config,
				config.surveys[ 2 ],
				undefined
			);
			expect( window.userfeedbackHidden ).toEqual( [
				{ survey_id: 7, reason: 'inline' },
				{ survey_id: 8, reason: 'inline' },
			] );
		} );

		it( 'leaves out placeholders of surveys not in the config', async () => {
			placeholder( 99 );
			placeholder( '' );
			const { start } = await run(
				makeConfig( { surveys: [ survey( 1 ) ] } )
			);
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect( start.mock.calls[ 0 ][ 2 ] ).toBeUndefined();
		} );

		it( 'skips page rules, devices, cookies and triggers', async () => {
			vi.spyOn( navigator, 'userAgent', 'get' ).mockReturnValue(
				userAgents.androidPhone
			);
			document.cookie = 'uf-7=%7B%22submitted%22%3Atrue%7D; path=/';
			const host = placeholder( 7 );
			const config = makeConfig( {
				surveys: [
					survey( 7, {
						settings: {
							targeting: {
								devices: [ 'desktop' ],
								pages: 'select',
								page_rules: [
									{
										logic: 'page_url_contains',
										operator: '&&',
										data: '/nowhere/',
									},
								],
							},
							behavior: { timing: 'delay', timing_delay: 60 },
						},
					} ),
				],
				features: { page_targeting: true, behavior: true },
			} );
			const { start } = await run( config );
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect( start.mock.calls[ 0 ][ 2 ] ).toBe( host );
		} );

		it( 'keeps the schedule and the question-types addon', async () => {
			placeholder( 7 );
			placeholder( 8 );
			const nps = {
				...makeSurvey().questions[ 0 ],
				id: 5,
				type: 'nps' as const,
			};
			const surveys = [
				survey( 7, { publish_at: later } ),
				survey( 8, { questions: [ nps ] } ),
			];
			const { loadUi } = await run( makeConfig( { surveys } ) );
			expect( loadUi ).not.toHaveBeenCalled();
			expect( window.userfeedbackHidden ).toEqual( [
				{ survey_id: 7, reason: 'scheduled' },
				{ survey_id: 8, reason: 'question_types_addon' },
				{ survey_id: 7, reason: 'inline' },
				{ survey_id: 8, reason: 'inline' },
			] );

			const { start } = await run(
				makeConfig( {
					surveys,
					features: { advanced_question_types: true },
				} )
			);
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect( start.mock.calls[ 0 ][ 1 ].id ).toBe( 8 );
		} );
	} );

	it( 'starts the real UI chunk', async () => {
		window.userfeedbackConfig = makeConfig( { surveys: [ survey( 7 ) ] } );
		const before = new Set( document.body.children );
		// Inside act, Preact runs the widget's effects before act returns instead of after the
		// next animation frame, which could come after this file's environment is gone.
		await act( async () => {
			await boot( () => import( './ui' ) as Promise< UiModule > );
		} );
		// Whatever the UI's markup, the first question shows.
		expect(
			await screen.findByText( makeSurvey().questions[ 0 ].title )
		).toBeInTheDocument();
		act( () => {
			for ( const host of document.body.children ) {
				if ( ! before.has( host ) ) {
					render( null, host );
				}
			}
		} );
	} );
} );
