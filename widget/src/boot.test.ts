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
import { makeBody, makeConfig, makeSurvey, userAgents } from './test/fixtures';
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

		// Question types are no longer checked by the loader (the server's needs_pro is).
		it( 'keeps the schedule, the end date and needs_pro', async () => {
			placeholder( 7 );
			placeholder( 8 );
			placeholder( 9 );
			placeholder( 10 );
			const nps = {
				...makeSurvey().questions[ 0 ],
				id: 5,
				type: 'nps' as const,
			};
			const surveys = [
				survey( 7, { publish_at: later } ),
				survey( 8, { end_at: '2020-01-01T00:00:00Z' } ),
				survey( 9, { needs_pro: [ 'advanced_question_types' ] } ),
				survey( 10, { questions: [ nps ], end_at: later } ),
			];
			const { start } = await run( makeConfig( { surveys } ) );
			expect( window.userfeedbackHidden ).toEqual( [
				{ survey_id: 7, reason: 'scheduled' },
				{ survey_id: 8, reason: 'closed' },
				{ survey_id: 9, reason: 'needs_pro' },
				{ survey_id: 7, reason: 'inline' },
				{ survey_id: 8, reason: 'inline' },
				{ survey_id: 9, reason: 'inline' },
				{ survey_id: 10, reason: 'inline' },
			] );
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect( start.mock.calls[ 0 ][ 1 ].id ).toBe( 10 );
		} );
	} );

	it( 'starts the real UI chunk', async () => {
		window.userfeedbackConfig = makeConfig( { surveys: [ survey( 7 ) ] } );
		// The UI fetches the survey's body (GET surveys/7/widget) before it mounts.
		vi.stubGlobal(
			'fetch',
			vi.fn( async ( url: string ) =>
				String( url ).includes( '/surveys/7/widget' )
					? Response.json( makeBody( survey( 7 ) ) )
					: new Response( '{}', { status: 201 } )
			)
		);
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

describe( 'the JavaScript API (window.userfeedback)', () => {
	afterEach( () => {
		delete window.userfeedback;
		localStorage.clear();
		document.cookie = 'uf-5=; path=/; max-age=0';
		vi.restoreAllMocks();
	} );

	/** Boots with a stand-in UI whose start() resolves to an unmount spy. */
	async function boot2( config: WidgetConfig ) {
		window.userfeedbackConfig = config;
		const unmount = vi.fn();
		const start = vi.fn< UiModule[ 'start' ] >( async () => unmount );
		const loadUi = vi.fn( async () => ( {
			start,
			mount: vi.fn(),
		} ) ) as unknown as Parameters< typeof boot >[ 0 ];
		await boot( loadUi );
		await flush();
		return { start, unmount };
	}

	/** Lets the API chunk's import and the UI's stand-in settle. */
	async function flush() {
		for ( let i = 0; i < 10; i++ ) {
			await new Promise( ( settle ) => setTimeout( settle, 0 ) );
		}
	}

	const stub = () => {
		window.userfeedback = Object.assign(
			( ...args: unknown[] ) => {
				( window.userfeedback!.q ??= [] ).push( args );
			},
			{ q: undefined }
		);
	};

	const clickOnly = ( id: number ) =>
		survey( id, {
			settings: {
				behavior: { timing: 'click', click_selector: '#never' },
			},
		} );

	it( "runs a 'show' queued before the loader: the survey starts whatever its trigger", async () => {
		stub();
		window.userfeedback!( 'show', 5 );
		const config = makeConfig( {
			surveys: [ clickOnly( 4 ), clickOnly( 5 ) ],
			features: { behavior: true },
		} );
		const { start } = await boot2( config );
		expect( start ).toHaveBeenCalledTimes( 1 );
		expect( start ).toHaveBeenCalledWith(
			config,
			config.surveys[ 1 ],
			undefined
		);
	} );

	it( "takes a 'show' after the loader ran; 'hide' unmounts it; one floating survey at a time", async () => {
		const config = makeConfig( {
			surveys: [ clickOnly( 4 ), clickOnly( 5 ) ],
			features: { behavior: true },
		} );
		const { start, unmount } = await boot2( config );
		expect( start ).not.toHaveBeenCalled();

		window.userfeedback!( 'show', 4 );
		await flush();
		expect( start ).toHaveBeenCalledTimes( 1 );
		// The same survey again: nothing new.
		window.userfeedback!( 'show', 4 );
		await flush();
		expect( start ).toHaveBeenCalledTimes( 1 );
		// Another: the first goes.
		window.userfeedback!( 'show', 5 );
		await flush();
		expect( unmount ).toHaveBeenCalledTimes( 1 );
		expect( start ).toHaveBeenCalledTimes( 2 );
		expect( start.mock.calls[ 1 ][ 1 ].id ).toBe( 5 );

		window.userfeedback!( 'hide' );
		await flush();
		expect( unmount ).toHaveBeenCalledTimes( 2 );
		// Nothing shown: hide does nothing.
		window.userfeedback!( 'hide' );
		await flush();
		expect( unmount ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'ignores sampling, the cooldown, devices and page rules, but never shows a survey that is not live or done', async () => {
		const warn = vi
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		vi.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		localStorage.uf_seen = `${ Date.now() }:1`;
		document.cookie = 'uf-5=%7B%22submitted%22%3Atrue%7D; path=/';
		const config = makeConfig( {
			surveys: [
				survey( 2, {
					settings: {
						behavior: { sample_percent: 1 },
						targeting: {
							devices: [ 'mobile' ],
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
				survey( 3, { publish_at: later } ),
				survey( 5 ),
				survey( 6, { end_at: '2020-01-01T00:00:00Z' } ),
				survey( 7, { needs_pro: [ 'behavior' ] } ),
			],
			features: {
				behavior: true,
				page_targeting: true,
				device_targeting: true,
			},
			cooldown: { days: 30, one_per_page: true },
		} as Partial< WidgetConfig > );
		const { start } = await boot2( config );
		expect( start ).not.toHaveBeenCalled();
		for ( const id of [ 3, 5, 6, 7, 99 ] ) {
			window.userfeedback!( 'show', id );
		}
		await flush();
		expect( start ).not.toHaveBeenCalled();
		expect( window.userfeedbackHidden ).toEqual(
			expect.arrayContaining( [
				{ survey_id: 3, reason: 'scheduled' },
				{ survey_id: 5, reason: 'cookie' },
				{ survey_id: 6, reason: 'closed' },
				{ survey_id: 7, reason: 'needs_pro' },
			] )
		);
		expect( warn ).toHaveBeenCalledWith(
			'userfeedback: survey 99 not shown (not on this page).'
		);
		window.userfeedback!( 'show', 2 );
		await flush();
		expect( start ).toHaveBeenCalledTimes( 1 );
		expect( start.mock.calls[ 0 ][ 1 ].id ).toBe( 2 );
	} );

	it( 'a trigger that fires while a survey is shown starts nothing', async () => {
		stub();
		window.userfeedback!( 'show', 5 );
		const config = makeConfig( {
			surveys: [
				survey( 4, {
					settings: {
						behavior: { timing: 'event', event_name: 'go' },
					},
				} ),
				survey( 5 ),
			],
			features: { behavior: true },
		} );
		const { start } = await boot2( config );
		expect( start ).toHaveBeenCalledTimes( 1 );
		window.dispatchEvent( new Event( 'go' ) );
		await flush();
		expect( start ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'one survey per page: checked again when the trigger fires', async () => {
		const config = makeConfig( {
			surveys: [
				survey( 4, {
					settings: {
						behavior: { timing: 'event', event_name: 'go' },
					},
				} ),
			],
			features: { behavior: true },
			cooldown: { days: 0, one_per_page: true },
		} as Partial< WidgetConfig > );
		const { start } = await boot2( config );
		// An inline survey's impression on this page, after the pick.
		localStorage.uf_seen = `${ Date.now() }:8`;
		window.dispatchEvent( new Event( 'go' ) );
		await flush();
		expect( start ).not.toHaveBeenCalled();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 4, reason: 'one_per_page' },
		] );
	} );
} );

describe( 'pacing with an inline survey on the page', () => {
	afterEach( () => {
		localStorage.clear();
	} );

	it.each( [
		[ 'one per page', { days: 0, one_per_page: true }, 'one_per_page' ],
		[ 'the cooldown', { days: 3, one_per_page: false }, 'cooldown' ],
	] as const )(
		'%s: a floating survey does not start beside an inline one whose impression is not recorded yet',
		async ( _name, cooldown, reason ) => {
			placeholder( 8 );
			const config = makeConfig( {
				surveys: [ survey( 4 ), survey( 8 ) ],
				cooldown,
			} as Partial< WidgetConfig > );
			const { start } = await run( config );
			expect( start ).toHaveBeenCalledTimes( 1 );
			expect( start.mock.calls[ 0 ][ 1 ].id ).toBe( 8 );
			expect( window.userfeedbackHidden ).toContainEqual( {
				survey_id: 4,
				reason,
			} );
		}
	);

	it( 'without pacing, both start; a survey that ignores the cooldown starts beside it', async () => {
		placeholder( 8 );
		const plain = await run(
			makeConfig( { surveys: [ survey( 4 ), survey( 8 ) ] } )
		);
		expect( plain.start ).toHaveBeenCalledTimes( 2 );
		document.body.innerHTML = '';
		placeholder( 8 );
		const optedOut = await run(
			makeConfig( {
				surveys: [
					survey( 4, {
						settings: { behavior: { ignore_cooldown: true } },
					} ),
					survey( 8 ),
				],
				cooldown: { days: 3, one_per_page: false },
			} as Partial< WidgetConfig > )
		);
		expect( optedOut.start ).toHaveBeenCalledTimes( 2 );
	} );
} );
