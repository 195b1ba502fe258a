/**
 * The surveys list end to end: shell, router, react-query, api-fetch and notices
 * against a real HTTP server that keeps surveys and answers the contract's routes
 * (GET surveys, POST surveys/bulk).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, type RouteObject } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import { makeConfig, restOn } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import {
	sendJson,
	startServer,
	type TestServer,
} from '../../shared/test/server';
import type {
	AppConfig,
	BulkAction,
	DisplayStatus,
	StatusFilter,
	SurveyListItem,
} from '../../shared/types';
import { SurveysList } from './SurveysList';

const API = '/wp-json/userfeedback/v1';
const RESULTS = 'http://site.test/wp-admin/admin.php?page=userfeedback_results';

let server: TestServer;
let surveys: SurveyListItem[];
/** Ids the server refuses to change, with its reason. */
let refusals: Map< number, string >;
let bulkCalls: { action: BulkAction; ids: number[] }[];

function survey(
	id: number,
	title: string,
	display: DisplayStatus,
	extra: Partial< SurveyListItem > = {}
): SurveyListItem {
	return {
		id,
		title,
		type: 'survey',
		status: display === 'scheduled' ? 'publish' : display,
		display_status: display,
		created_at: `2026-01-0${ id }T15:00:00Z`,
		publish_at: display === 'scheduled' ? '2099-01-01T00:00:00Z' : null,
		responses_count: 0,
		shortcode: `[userfeedback id="${ id }"]`,
		needs_pro: [],
		...extra,
	};
}

function inFilter( item: SurveyListItem, status: string ): boolean {
	if ( status === 'all' ) {
		return item.status !== 'trash';
	}
	return item.display_status === status;
}

function serveSurveys() {
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		if ( url.pathname === `${ API }/surveys` && request.method === 'GET' ) {
			const query = url.searchParams;
			const status = query.get( 'filter[status]' ) ?? 'all';
			const perPage = Number( query.get( 'per_page' ) ?? 10 );
			const page = Number( query.get( 'page' ) ?? 1 );
			const field = ( query.get( 'orderby' ) ??
				'id' ) as keyof SurveyListItem;
			const direction = query.get( 'order' ) === 'asc' ? 1 : -1;
			const matching = surveys
				.filter( ( item ) => inFilter( item, status ) )
				.filter( ( item ) =>
					item.title.includes( query.get( 'search' ) ?? '' )
				)
				.sort(
					( a, b ) =>
						( String( a[ field ] ) > String( b[ field ] )
							? 1
							: -1 ) * direction
				);
			const statuses: StatusFilter[ 'status' ][] = [
				'all',
				'publish',
				'scheduled',
				'draft',
				'trash',
			];
			return sendJson( response, 200, {
				items: matching.slice( ( page - 1 ) * perPage, page * perPage ),
				pagination: {
					page,
					pages: Math.ceil( matching.length / perPage ),
					per_page: perPage,
					total: matching.length,
				},
				status_filters: statuses.map( ( name ) => ( {
					status: name,
					count: surveys.filter( ( item ) => inFilter( item, name ) )
						.length,
				} ) ),
			} );
		}
		if (
			url.pathname === `${ API }/surveys/bulk` &&
			request.method === 'POST'
		) {
			const { action, ids } = JSON.parse( request.body ) as {
				action: BulkAction;
				ids: number[];
			};
			bulkCalls.push( { action, ids } );
			const done: number[] = [];
			const failed: { id: number; message: string }[] = [];
			for ( const id of ids ) {
				const reason = refusals.get( id );
				if ( reason ) {
					failed.push( { id, message: reason } );
					continue;
				}
				done.push( id );
				if ( action === 'delete' ) {
					surveys = surveys.filter( ( item ) => item.id !== id );
					continue;
				}
				const status = (
					{
						publish: 'publish',
						draft: 'draft',
						trash: 'trash',
						restore: 'draft',
					} as const
				 )[ action ];
				surveys = surveys.map( ( item ) =>
					item.id === id
						? { ...item, status, display_status: status }
						: item
				);
			}
			return sendJson( response, 200, { done, failed } );
		}
		sendJson( response, 404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		} );
	} );
}

function listRequests() {
	return server.received.filter(
		( request ) =>
			request.method === 'GET' &&
			new URL( request.url, server.url ).pathname === `${ API }/surveys`
	);
}

/** Stands in for the builder: "Save" creates a survey and returns to the list as it does. */
function NewSurveyScreen() {
	const queryClient = useQueryClient();
	const navigate = useNavigate();
	return (
		<>
			<p>New survey screen</p>
			<button
				type="button"
				onClick={ () => {
					surveys = [ survey( 9, 'First survey', 'publish' ) ];
					queryClient.invalidateQueries( {
						queryKey: [ 'surveys', 'list' ],
					} );
					navigate( '/' );
				} }
			>
				Save and Publish
			</button>
		</>
	);
}

const testRoutes: RouteObject[] = [
	{ index: true, element: <SurveysList /> },
	{ path: 'new/*', element: <NewSurveyScreen /> },
	{ path: 'edit/:id/*', element: <p>Edit screen</p> },
];

function renderList(
	overrides: Parameters< typeof makeConfig >[ 0 ] = {},
	path = '/'
) {
	const config: AppConfig = makeConfig( {
		page: 'surveys',
		rest: restOn( server ),
		...overrides,
	} );
	setupApi( config );
	const { router } = renderPage( {
		entry: 'surveys',
		routes: testRoutes,
		config,
		path,
	} );
	return { router, user: userEvent.setup() };
}

/** The notices area only: Notice also speaks its text into a live region. */
const notices = () =>
	within( document.querySelector( '.userfeedback-notices' ) as HTMLElement );
const findNotice = ( text: string ) =>
	waitFor( () => {
		const area = document.querySelector( '.userfeedback-notices' );
		expect( area ).not.toBeNull();
		return within( area as HTMLElement ).getByText( text );
	} );
const table = () => screen.getByRole( 'table', { name: 'Surveys' } );
const rowOf = ( title: string ) =>
	within(
		within( table() )
			.getByRole( 'rowheader', { name: new RegExp( `^${ title }` ) } )
			.closest( 'tr' ) as HTMLElement
	);
const filter = ( name: string ) => screen.getByRole( 'button', { name } );
const bulkOptions = () =>
	within( screen.getByRole( 'combobox', { name: 'Select bulk action' } ) )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

/** The list was asked for and its answer is shown (the table is not busy before the first request either). */
async function loaded() {
	await waitFor( () => {
		expect( listRequests().length ).toBeGreaterThan( 0 );
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' );
	} );
}

/** Loaded, with the row of this survey shown. */
async function loadedWith( title: string ) {
	await loaded();
	await waitFor( () => rowOf( title ) );
}

/**
 * After a filter click: the router renders the new filter in a transition, so right
 * after the click the table can still be the old, settled one (a busy machine leaves
 * the transition unfinished). Wait for the filter to be the current one, settled.
 */
async function loadedAt( name: string ) {
	await waitFor( () => {
		expect( filter( name ) ).toHaveAttribute( 'aria-current', 'true' );
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' );
	} );
}

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	refusals = new Map();
	bulkCalls = [];
	surveys = [
		survey( 1, 'Site feedback', 'publish', { responses_count: 12 } ),
		survey( 2, 'Launch poll', 'scheduled' ),
		survey( 3, 'Exit survey', 'draft', { responses_count: 3 } ),
		survey( 4, 'Old NPS', 'trash', { type: 'nps' } ),
	];
	serveSurveys();
} );

describe( 'Surveys list', () => {
	it( 'shows when a scheduled survey starts, in the site time zone', async () => {
		surveys[ 1 ] = survey( 2, 'Launch poll', 'scheduled', {
			publish_at: '2030-03-10T14:30:00Z',
		} );
		renderList();
		await loadedWith( 'Launch poll' );
		const launch = rowOf( 'Launch poll' );
		// 14:30 UTC is 10:30 in New York (daylight time from March 10, 2030).
		expect(
			launch.getByText( 'Starts March 10, 2030 10:30 am' )
		).toHaveAttribute( 'datetime', '2030-03-10T14:30:00Z' );
		expect(
			rowOf( 'Site feedback' ).queryByText( /^Starts/ )
		).not.toBeInTheDocument();
	} );

	it( 'marks a survey that uses what the plan no longer includes as needing Pro, with the reason', async () => {
		surveys[ 0 ] = survey( 1, 'Site feedback', 'publish', {
			needs_pro: [
				{ feature: 'page_targeting', label: 'Page Targeting' },
				{ feature: 'behavior', label: 'Behavioral Targeting' },
			],
		} );
		renderList();
		await loadedWith( 'Site feedback' );
		const site = rowOf( 'Site feedback' );
		expect( site.getByText( 'Needs Pro' ) ).toBeInTheDocument();
		expect(
			site.getByText(
				'Hidden from visitors: it uses Page Targeting, Behavioral Targeting, which your plan no longer includes.'
			)
		).toBeInTheDocument();
		expect(
			rowOf( 'Exit survey' ).queryByText( 'Needs Pro' )
		).not.toBeInTheDocument();
	} );

	it( 'lists surveys with status, date, shortcode and responses', async () => {
		renderList();
		expect(
			screen.getByRole( 'heading', { level: 2, name: 'Surveys' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Create New' } )
		).toHaveAttribute( 'href', '/new' );
		await loadedWith( 'Site feedback' );

		const site = rowOf( 'Site feedback' );
		expect(
			site.getByRole( 'link', { name: 'Site feedback' } )
		).toHaveAttribute( 'href', '/edit/1' );
		expect( site.getByText( 'Published' ) ).toBeInTheDocument();
		// 15:00 UTC, in the site's time zone and date format.
		expect( site.getByText( 'January 1, 2026' ) ).toBeInTheDocument();
		expect(
			site.getByRole( 'textbox', {
				name: 'Shortcode of “Site feedback” (click to copy)',
			} )
		).toHaveValue( '[userfeedback id="1"]' );
		expect(
			site.getByRole( 'link', {
				name: '12 responses to “Site feedback”',
			} )
		).toHaveAttribute( 'href', `${ RESULTS }#/survey/1/responses` );
		expect(
			rowOf( 'Launch poll' ).getByText( 'Scheduled' )
		).toBeInTheDocument();
		expect(
			rowOf( 'Exit survey' ).getByText( 'Draft' )
		).toBeInTheDocument();
		expect(
			within( table() ).queryByText( 'Old NPS' )
		).not.toBeInTheDocument();

		expect(
			within( screen.getByRole( 'list', { name: 'Filter Surveys' } ) )
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
		).toEqual( [
			'All (3)',
			'Published (1)',
			'Scheduled (1)',
			'Draft (1)',
			'Trash (1)',
		] );
		expect( filter( 'All (3)' ) ).toHaveAttribute( 'aria-current', 'true' );
		const query = new URL( listRequests()[ 0 ].url, server.url )
			.searchParams;
		expect( Object.fromEntries( query ) ).toMatchObject( {
			page: '1',
			per_page: '10',
			orderby: 'id',
			order: 'desc',
			'filter[status]': 'all',
		} );
		for ( const name of [ 'Title', 'Status', 'Created', 'Responses' ] ) {
			expect(
				screen.getByRole( 'button', { name } )
			).toBeInTheDocument();
		}
		expect(
			screen.queryByRole( 'button', { name: 'Shortcode' } )
		).not.toBeInTheDocument();
	} );

	it( 'offers row actions by status: trash, then restore or delete permanently', async () => {
		const { user } = renderList();
		await loadedWith( 'Site feedback' );
		const site = rowOf( 'Site feedback' );
		expect(
			site.getByRole( 'link', { name: 'Edit “Site feedback”' } )
		).toHaveAttribute( 'href', '/edit/1' );
		expect(
			site.getByRole( 'link', { name: 'Results “Site feedback”' } )
		).toHaveAttribute( 'href', `${ RESULTS }#/survey/1` );
		expect(
			site.getByRole( 'link', { name: 'Responses “Site feedback”' } )
		).toHaveAttribute( 'href', `${ RESULTS }#/survey/1/responses` );
		expect(
			site.getByRole( 'link', { name: 'Duplicate “Site feedback”' } )
		).toHaveAttribute( 'href', '/duplicate/1' );
		expect(
			site.queryByRole( 'button', { name: /^Restore/ } )
		).not.toBeInTheDocument();
		expect( bulkOptions() ).toEqual( [
			'Bulk actions',
			'Publish',
			'Make Draft',
			'Export',
			'Trash',
		] );

		const requests = listRequests().length;
		await user.click(
			site.getByRole( 'button', { name: 'Trash “Site feedback”' } )
		);
		expect(
			await findNotice( '1 survey moved to the Trash.' )
		).toBeInTheDocument();
		expect( bulkCalls ).toEqual( [ { action: 'trash', ids: [ 1 ] } ] );
		// Refetched: the counts and the rows follow.
		expect(
			await screen.findByRole( 'button', { name: 'Trash (2)' } )
		).toBeInTheDocument();
		expect( listRequests().length ).toBeGreaterThan( requests );
		expect(
			within( table() ).queryByText( 'Site feedback' )
		).not.toBeInTheDocument();

		await user.click( filter( 'Trash (2)' ) );
		await loadedAt( 'Trash (2)' );
		const old = rowOf( 'Old NPS' );
		expect(
			old.queryByRole( 'link', { name: 'Edit “Old NPS”' } )
		).not.toBeInTheDocument();
		expect(
			old.getByRole( 'link', { name: 'Duplicate “Old NPS”' } )
		).toBeInTheDocument();
		expect(
			old.queryByRole( 'button', { name: 'Trash “Old NPS”' } )
		).not.toBeInTheDocument();
		// In the trash the title is not a link to the editor.
		expect(
			old.queryByRole( 'link', { name: 'Old NPS' } )
		).not.toBeInTheDocument();
		expect( bulkOptions() ).toEqual( [
			'Bulk actions',
			'Restore',
			'Delete Permanently',
		] );

		// Delete permanently asks first; cancelling sends nothing.
		await user.click(
			old.getByRole( 'button', { name: 'Delete permanently “Old NPS”' } )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete permanently?',
		} );
		expect( dialog ).toHaveTextContent(
			'“Old NPS” and all its responses will be deleted permanently.'
		);
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( bulkCalls ).toHaveLength( 1 );

		await user.click(
			old.getByRole( 'button', { name: 'Delete permanently “Old NPS”' } )
		);
		await user.click(
			within(
				screen.getByRole( 'dialog', { name: 'Delete permanently?' } )
			).getByRole( 'button', { name: 'Delete permanently' } )
		);
		expect(
			await findNotice( '1 survey permanently deleted.' )
		).toBeInTheDocument();
		expect( bulkCalls[ 1 ] ).toEqual( { action: 'delete', ids: [ 4 ] } );

		await user.click(
			await screen.findByRole( 'button', {
				name: 'Restore “Site feedback”',
			} )
		);
		expect(
			await findNotice( '1 survey restored from the Trash.' )
		).toBeInTheDocument();
		expect( bulkCalls[ 2 ] ).toEqual( { action: 'restore', ids: [ 1 ] } );
	} );

	it( 'runs a bulk action, refetches, and resets the filter when every shown survey was acted on', async () => {
		const { user, router } = renderList();
		await loaded();

		await user.click( filter( 'Draft (1)' ) );
		await loadedAt( 'Draft (1)' );
		expect( router.state.location.search ).toBe( '?status=draft' );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Select bulk action' } ),
			'Publish'
		);
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );

		expect( await findNotice( '1 survey published.' ) ).toBeInTheDocument();
		expect( bulkCalls ).toEqual( [ { action: 'publish', ids: [ 3 ] } ] );
		// Everything shown was published: back to All, with fresh counts.
		await waitFor( () =>
			expect( router.state.location.search ).toBe( '' )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Published (2)' } )
		).toBeInTheDocument();
		await waitFor( () =>
			expect( filter( 'All (3)' ) ).toHaveAttribute(
				'aria-current',
				'true'
			)
		);

		// Part of what is shown: the filter stays.
		await user.click( filter( 'Published (2)' ) );
		await loadedAt( 'Published (2)' );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Exit survey' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Select bulk action' } ),
			'Make Draft'
		);
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		expect(
			await findNotice( '1 survey changed to draft.' )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'button', { name: 'Published (1)' } )
		).toHaveAttribute( 'aria-current', 'true' );
		expect( router.state.location.search ).toBe( '?status=publish' );
	} );

	it( 'reports the surveys the server refused, with its reasons, as a warning', async () => {
		refusals.set(
			3,
			"The Survey can't be published: Some questions are missing options."
		);
		const { user } = renderList();
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Exit survey' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Launch poll' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Select bulk action' } ),
			'Publish'
		);
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );

		expect( await findNotice( '1 survey published.' ) ).toBeInTheDocument();
		const warning = notices()
			.getByText( '1 survey was not changed:' )
			.closest( '.components-notice' ) as HTMLElement;
		expect( warning ).toHaveClass( 'is-warning' );
		expect( within( warning ).getByRole( 'listitem' ) ).toHaveTextContent(
			"Exit survey: The Survey can't be published: Some questions are missing options."
		);
	} );

	it( 'says so when the action fails altogether', async () => {
		const { user } = renderList();
		await loaded();
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				code: 'rest_forbidden',
				message: 'Sorry, you are not allowed to do that.',
				data: { status: 403 },
			} )
		);
		await user.click(
			rowOf( 'Site feedback' ).getByRole( 'button', {
				name: 'Trash “Site feedback”',
			} )
		);
		expect(
			await findNotice(
				'The surveys could not be changed: Sorry, you are not allowed to do that.'
			)
		).toBeInTheDocument();
	} );

	it( 'copies the shortcode on click and says so', async () => {
		const { user } = renderList();
		await loaded();
		await user.click(
			screen.getByRole( 'textbox', {
				name: 'Shortcode of “Launch poll” (click to copy)',
			} )
		);
		expect( await findNotice( 'Copied to Clipboard' ) ).toBeInTheDocument();
		await expect( window.navigator.clipboard.readText() ).resolves.toBe(
			'[userfeedback id="2"]'
		);
	} );

	it( 'shows "No Surveys" for an empty view, with a way to create one', async () => {
		const { user } = renderList();
		await loaded();
		surveys = surveys.filter( ( item ) => item.id !== 2 );
		await user.click( filter( 'Scheduled (1)' ) );
		await loadedAt( 'Scheduled (0)' );

		expect(
			within( table() ).getByRole( 'heading', { name: 'No Surveys' } )
		).toBeInTheDocument();
		expect(
			within( table() ).getByText( 'No surveys match this view.' )
		).toBeInTheDocument();
		expect(
			within( table() ).getByRole( 'link', { name: 'Create New Survey' } )
		).toHaveAttribute( 'href', '/new' );
		expect( filter( 'Scheduled (0)' ) ).toHaveAttribute(
			'aria-current',
			'true'
		);
	} );

	it( 'prompts for the first survey when only trashed ones exist', async () => {
		surveys = [ survey( 4, 'Old NPS', 'trash' ) ];
		const { router } = renderList();
		expect(
			await screen.findByRole( 'heading', { name: 'No Surveys' } )
		).toBeInTheDocument();
		expect(
			screen.getByText(
				'You have not created any surveys yet. Create your first survey to start collecting feedback from your visitors.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Create Your First Survey' } )
		).toHaveAttribute( 'href', '/new' );
		expect( router.state.location.pathname ).toBe( '/' );
	} );

	it( 'sends the user to a new survey when there are no surveys at all', async () => {
		surveys = [];
		const { router } = renderList();
		expect(
			await screen.findByText( 'New survey screen' )
		).toBeInTheDocument();
		expect( router.state.location.pathname ).toBe( '/new' );
	} );

	it( 'shows the first survey once it is saved, not the builder again', async () => {
		surveys = [];
		const { router, user } = renderList();
		await screen.findByText( 'New survey screen' );

		// The cache still holds the empty list until the refetch answers.
		await user.click(
			screen.getByRole( 'button', { name: 'Save and Publish' } )
		);
		await loadedWith( 'First survey' );
		expect(
			rowOf( 'First survey' ).getByText( 'Published' )
		).toBeVisible();
		expect( router.state.location.pathname ).toBe( '/' );
		expect( screen.queryByText( 'New survey screen' ) ).toBeNull();
	} );

	it( 'shows Lite users the Pro features and an upgrade link', async () => {
		renderList();
		await loaded();
		const cta = screen.getByRole( 'region', {
			name: 'Get more from your surveys with UserFeedback Pro',
		} );
		const features = within( cta )
			.getAllByRole( 'listitem' )
			.map( ( item ) => item.textContent );
		expect( features ).toEqual(
			expect.arrayContaining( [
				'Comment boxes',
				'Device targeting',
				'Survey scheduling',
				'CSV and XLSX export',
			] )
		);
		expect( features ).toHaveLength( 10 );
		const upgrade = new URL(
			within( cta )
				.getByRole( 'link', { name: /Upgrade to Pro/ } )
				.getAttribute( 'href' ) as string
		);
		expect( Object.fromEntries( upgrade.searchParams ) ).toMatchObject( {
			utm_source: 'liteplugin',
			utm_medium: 'surveys-list',
		} );
	} );

	it( 'shows no upgrade call to action on Pro', async () => {
		renderList( {
			entitlements: {
				edition: 'pro',
				is_pro: true,
				is_licensed: true,
				license_type: 'pro',
			},
		} );
		await loaded();
		expect(
			screen.queryByRole( 'region', { name: /UserFeedback Pro/ } )
		).not.toBeInTheDocument();
	} );

	it( 'offers no Trash or Delete without the delete surveys capability', async () => {
		const { user } = renderList( {
			user: {
				id: 2,
				display_name: 'editor',
				capabilities: {
					create_edit_surveys: true,
					view_results: false,
					delete_surveys: false,
				},
			},
		} );
		await loadedWith( 'Site feedback' );
		const site = rowOf( 'Site feedback' );
		expect(
			site.getByRole( 'link', { name: 'Edit “Site feedback”' } )
		).toBeInTheDocument();
		expect(
			site.queryByRole( 'button', { name: 'Trash “Site feedback”' } )
		).not.toBeInTheDocument();
		// Nor the results links, without view_results.
		expect(
			site.queryByRole( 'link', { name: /^Results/ } )
		).not.toBeInTheDocument();
		expect( site.getByText( '12' ) ).not.toHaveAttribute( 'href' );
		expect( bulkOptions() ).toEqual( [
			'Bulk actions',
			'Publish',
			'Make Draft',
			'Export',
		] );

		await user.click( filter( 'Trash (1)' ) );
		await loadedAt( 'Trash (1)' );
		const old = rowOf( 'Old NPS' );
		expect(
			old.getByRole( 'button', { name: 'Restore “Old NPS”' } )
		).toBeInTheDocument();
		expect(
			old.queryByRole( 'button', { name: /^Delete permanently/ } )
		).not.toBeInTheDocument();
		expect( bulkOptions() ).toEqual( [ 'Bulk actions', 'Restore' ] );
	} );
} );
