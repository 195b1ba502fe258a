/**
 * Survey files from the surveys list: Export (a row action and a bulk action) downloads
 * the file GET surveys/export answers; Import (a file input in the header) uploads one
 * to POST surveys/import and reports the new drafts, or every problem of a refused file.
 * Against a real HTTP server, through api-fetch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { setupApi } from '../../shared/api';
import { useNotices } from '../../shared/notices';
import { makeConfig, restOn } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import {
	sendJson,
	startServer,
	type Received,
	type TestServer,
} from '../../shared/test/server';
import type { SurveyListItem } from '../../shared/types';
import { SurveysList } from './SurveysList';
import { fileName } from './surveyFiles';

const API = '/wp-json/userfeedback/v1';

let server: TestServer;
let surveys: SurveyListItem[];
/** What the import route answers: status and body. */
let importAnswer: { status: number; body: unknown };
let downloads: { name: string; text: Promise< string > }[];

function survey( id: number, title: string ): SurveyListItem {
	return {
		id,
		title,
		type: 'survey',
		status: 'publish',
		display_status: 'publish',
		created_at: '2026-01-01T15:00:00Z',
		publish_at: null,
		responses_count: 0,
		shortcode: `[userfeedback id="${ id }"]`,
		needs_pro: [],
	} as SurveyListItem;
}

const fileOf = ( ids: number[] ) => ( {
	format: 'userfeedback-survey',
	version: '1.0',
	exported_at: '2026-11-26T12:00:00Z',
	source: 'http://site.test/',
	surveys: ids.map( ( id ) => ( {
		title: surveys.find( ( item ) => item.id === id )?.title,
	} ) ),
} );

function serve() {
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		if ( url.pathname === `${ API }/surveys` && request.method === 'GET' ) {
			return sendJson( response, 200, {
				items: surveys,
				pagination: {
					page: 1,
					pages: 1,
					per_page: 10,
					total: surveys.length,
				},
				status_filters: [
					{ status: 'all', count: surveys.length },
					{ status: 'publish', count: surveys.length },
					{ status: 'scheduled', count: 0 },
					{ status: 'draft', count: 0 },
					{ status: 'trash', count: 0 },
				],
			} );
		}
		if ( url.pathname === `${ API }/surveys/export` ) {
			const ids = ( url.searchParams.get( 'ids' ) ?? '' )
				.split( ',' )
				.map( Number );
			if (
				ids.some( ( id ) => ! surveys.some( ( s ) => s.id === id ) )
			) {
				return sendJson( response, 404, {
					code: 'userfeedback_not_found',
					message: 'There is no survey with the id 99.',
					data: { status: 404 },
				} );
			}
			return sendJson( response, 200, fileOf( ids ), {
				'Content-Disposition':
					'attachment; filename="userfeedback-surveys-2026-11-26.json"',
				'Access-Control-Expose-Headers': 'Content-Disposition',
			} );
		}
		if (
			url.pathname === `${ API }/surveys/import` &&
			request.method === 'POST'
		) {
			if ( importAnswer.status === 201 ) {
				surveys = [
					...surveys,
					survey( 11, 'Checkout feedback' ),
					survey( 12, 'Exit poll' ),
				];
			}
			return sendJson( response, importAnswer.status, importAnswer.body );
		}
		sendJson( response, 404, {
			code: 'rest_no_route',
			message: 'No route.',
			data: { status: 404 },
		} );
	} );
}

const testRoutes: RouteObject[] = [
	{ index: true, element: <SurveysList /> },
	{ path: 'edit/:id/*', element: <p>Edit screen</p> },
];

function renderList( canEdit = true ) {
	const config = makeConfig( {
		page: 'surveys',
		rest: restOn( server ),
		user: {
			id: 1,
			display_name: 'admin',
			capabilities: {
				create_edit_surveys: canEdit,
				view_results: true,
				delete_surveys: true,
			},
		},
	} );
	setupApi( config );
	renderPage( { entry: 'surveys', routes: testRoutes, config } );
	return userEvent.setup();
}

const table = () => screen.getByRole( 'table', { name: 'Surveys' } );
const noticeArea = () =>
	within( document.querySelector( '.userfeedback-notices' ) as HTMLElement );
const findNotice = ( text: string | RegExp ) =>
	waitFor( () => noticeArea().getByText( text ) );
const requestsTo = ( path: string ): Received[] =>
	server.received.filter(
		( request ) =>
			new URL( request.url, server.url ).pathname === `${ API }/${ path }`
	);

async function loaded() {
	await waitFor( () =>
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' )
	);
}

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	surveys = [
		survey( 1, 'Site feedback' ),
		survey( 2, 'Launch poll' ),
		survey( 3, 'Exit survey' ),
	];
	importAnswer = { status: 201, body: { created: [] } };
	downloads = [];
	// jsdom has no Blob URLs nor downloads: keep what would be saved.
	const blobs = new Map< string, Blob >();
	vi.stubGlobal(
		'URL',
		Object.assign( URL, {
			createObjectURL: ( blob: Blob ) => {
				const url = `blob:test/${ blobs.size }`;
				blobs.set( url, blob );
				return url;
			},
			revokeObjectURL: ( url: string ) => blobs.delete( url ),
		} )
	);
	vi.spyOn( HTMLAnchorElement.prototype, 'click' ).mockImplementation(
		function ( this: HTMLAnchorElement ) {
			const blob = blobs.get( this.href );
			downloads.push( {
				name: this.download,
				text: blob ? blob.text() : Promise.resolve( '' ),
			} );
		}
	);
	serve();
} );

afterEach( () => {
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
} );

describe( 'Survey files in the surveys list', () => {
	it( 'exports the selected surveys as one file with the name the server gives', async () => {
		const user = renderList();
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Site feedback' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Exit survey' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Select bulk action' } ),
			'Export'
		);
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );

		await waitFor( () => expect( downloads ).toHaveLength( 1 ) );
		const [ request ] = requestsTo( 'surveys/export' );
		expect(
			new URL( request.url, server.url ).searchParams.get( 'ids' )
		).toBe( '1,3' );
		// The REST nonce travels as for every api-fetch call.
		expect( request.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
		expect( downloads[ 0 ].name ).toBe(
			'userfeedback-surveys-2026-11-26.json'
		);
		expect( JSON.parse( await downloads[ 0 ].text ) ).toEqual(
			fileOf( [ 1, 3 ] )
		);
	} );

	it( 'exports one survey from its row action', async () => {
		const user = renderList();
		await loaded();
		const row = within(
			within( table() )
				.getByRole( 'rowheader', { name: /^Launch poll/ } )
				.closest( 'tr' ) as HTMLElement
		);
		await user.click(
			row.getByRole( 'button', { name: 'Export “Launch poll”' } )
		);
		await waitFor( () => expect( downloads ).toHaveLength( 1 ) );
		expect(
			new URL(
				requestsTo( 'surveys/export' )[ 0 ].url,
				server.url
			).searchParams.get( 'ids' )
		).toBe( '2' );
		expect( JSON.parse( await downloads[ 0 ].text ).surveys ).toEqual( [
			{ title: 'Launch poll' },
		] );
	} );

	it( 'says why when an export fails, and downloads nothing', async () => {
		const user = renderList();
		await loaded();
		surveys = surveys.filter( ( item ) => item.id !== 2 );
		const row = within(
			within( table() )
				.getByRole( 'rowheader', { name: /^Launch poll/ } )
				.closest( 'tr' ) as HTMLElement
		);
		await user.click(
			row.getByRole( 'button', { name: 'Export “Launch poll”' } )
		);
		expect(
			await findNotice(
				'The surveys could not be exported: There is no survey with the id 99.'
			)
		).toBeInTheDocument();
		expect( downloads ).toHaveLength( 0 );
	} );

	it( 'uploads the chosen file and links to the new drafts', async () => {
		importAnswer = {
			status: 201,
			body: {
				created: [
					{ id: 11, title: 'Checkout feedback' },
					{ id: 12, title: 'Exit poll' },
				],
				stripped: [
					{
						id: 12,
						title: 'Exit poll',
						features: [
							{
								feature: 'behavior',
								label: 'Behavioral Targeting',
							},
						],
					},
				],
			},
		};
		const user = renderList();
		await loaded();
		const input = screen.getByLabelText( 'Import' );
		expect( input ).toHaveAttribute( 'type', 'file' );
		expect( input ).toHaveAccessibleDescription(
			/Its surveys are added as new drafts/
		);
		const listed = requestsTo( 'surveys' ).length;
		await user.upload(
			input,
			new File( [ '{"format":"userfeedback-survey"}' ], 'mine.json', {
				type: 'application/json',
			} )
		);

		const done = ( await findNotice( /Imported 2 surveys\./ ) ).closest(
			'.components-notice'
		) as HTMLElement;
		expect( done ).toHaveClass( 'is-success' );
		expect(
			within( done ).getByRole( 'link', { name: 'Checkout feedback' } )
		).toHaveAttribute( 'href', '#/edit/11' );
		expect(
			within( done ).getByRole( 'link', { name: 'Exit poll' } )
		).toHaveAttribute( 'href', '#/edit/12' );
		const stripped = (
			await findNotice( /not available on your plan/ )
		).closest( '.components-notice' ) as HTMLElement;
		expect( within( stripped ).getByRole( 'listitem' ) ).toHaveTextContent(
			'Exit poll: Behavioral Targeting'
		);

		const [ upload ] = requestsTo( 'surveys/import' );
		// The file's text, as it is, for the server to judge.
		expect( upload.headers[ 'content-type' ] ).toBe( 'application/json' );
		expect( upload.body ).toBe( '{"format":"userfeedback-survey"}' );
		expect( upload.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
		// The list is refetched and shows them.
		await waitFor( () =>
			expect( requestsTo( 'surveys' ).length ).toBeGreaterThan( listed )
		);
		expect(
			await within( table() ).findByText( 'Checkout feedback' )
		).toBeInTheDocument();
	} );

	it( 'lists every problem of a refused file, with its place in the file', async () => {
		importAnswer = {
			status: 400,
			body: {
				code: 'userfeedback_survey_file_invalid',
				message: 'The file has 2 problems, so nothing was imported.',
				data: {
					status: 400,
					errors: [
						{
							path: 'surveys[0].questions[2].type',
							message: 'The type of question 3 must be one of …',
						},
						{
							path: 'surveys[1].extra',
							message:
								'"extra" is not a field of a UserFeedback survey file.',
						},
					],
				},
			},
		};
		const user = renderList();
		await loaded();
		await user.upload(
			screen.getByLabelText( 'Import' ),
			new File( [ '{}' ], 'bad.json', { type: 'application/json' } )
		);
		const refused = (
			await findNotice( 'Nothing was imported: the file has 2 problems.' )
		).closest( '.components-notice' ) as HTMLElement;
		expect( refused ).toHaveClass( 'is-error' );
		const items = within( refused ).getAllByRole( 'listitem' );
		expect( items[ 0 ] ).toHaveTextContent(
			'surveys[0].questions[2].type: The type of question 3 must be one of …'
		);
		expect( items[ 1 ] ).toHaveTextContent(
			'surveys[1].extra: "extra" is not a field of a UserFeedback survey file.'
		);
	} );

	it( 'gives the server’s reason for a refusal without a list (a newer file, too large)', async () => {
		importAnswer = {
			status: 413,
			body: {
				code: 'userfeedback_body_too_large',
				message:
					'This file is too large: a survey file may have at most 1 MB.',
				data: { status: 413 },
			},
		};
		const user = renderList();
		await loaded();
		await user.upload(
			screen.getByLabelText( 'Import' ),
			new File( [ 'x' ], 'big.json', { type: 'application/json' } )
		);
		expect(
			await findNotice(
				'The file could not be imported: This file is too large: a survey file may have at most 1 MB.'
			)
		).toBeInTheDocument();
	} );

	it( 'offers neither Import nor Export without the create and edit surveys capability', async () => {
		renderList( false );
		await loaded();
		expect( screen.queryByLabelText( 'Import' ) ).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: /^Export/ } )
		).not.toBeInTheDocument();
	} );

	it( 'reads the file name of a Content-Disposition header', () => {
		expect( fileName( 'attachment; filename="a-b.json"' ) ).toBe(
			'a-b.json'
		);
		expect( fileName( 'attachment; filename=plain.json' ) ).toBe(
			'plain.json'
		);
		expect( fileName( null ) ).toBeNull();
	} );
} );
