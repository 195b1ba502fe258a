/**
 * The block's editor UI against a real HTTP server standing in for the REST API:
 * permission, loading, empty, error and retry, choosing a survey, and the preview.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import apiFetch from '@wordpress/api-fetch';
import type { ReactNode } from 'react';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import type { Survey, SurveyListItem } from '../shared/types';
import { sendJson, startServer, type TestServer } from '../shared/test/server';
import { forgetSurveyLists } from './api';
import type { BlockConfig } from './config';
import { SurveyEditor } from './Edit';
import { toPreview } from './toPreview';

/** Stands in for InspectorControls: the sidebar's content, in place. */
function Inspector( { children }: { children?: ReactNode } ) {
	return <div data-testid="inspector">{ children }</div>;
}

let server: TestServer;

const CONFIG: BlockConfig = {
	canEdit: true,
	surveysUrl:
		'http://example.test/wp-admin/admin.php?page=userfeedback_surveys',
	newSurveyUrl:
		'http://example.test/wp-admin/admin.php?page=userfeedback_surveys#/new',
	editSurveyUrl:
		'http://example.test/wp-admin/admin.php?page=userfeedback_surveys#/edit/',
	features: { branding: false },
	fonts: {
		external: false,
		families: [
			{
				family: 'Roboto',
				weights: [ 'regular', '700' ],
				url: 'http://example.test/wp-content/plugins/userfeedback/build/fonts/roboto.css?ver=1',
			},
			{
				family: 'Lato',
				weights: [ 'regular' ],
				url: 'http://example.test/wp-content/plugins/userfeedback/build/fonts/lato.css?ver=1',
			},
		],
	},
	strings: {
		skip: 'Skip',
		next: 'Next',
		close: 'Close',
		minimize: 'Minimize',
		submit: 'Submit',
		not_likely: 'Not Likely',
		extremely_likely: 'Extremely Likely',
		thank_you: 'Thanks for your feedback!',
		comments: 'Comments',
		first_name: 'First name',
		email: 'Email',
		characters_left: '%d characters left',
		sending: 'Sending…',
		send_refused: 'Your answers could not be sent.',
		send_failed: 'Your answers could not be sent.',
		retry_in: 'You can try again in %d seconds.',
		retry: 'Retry',
		change_answer: 'Change your answer to “%s”',
	},
	theming: {
		color_scheme: 'light',
		widget_color: '#ffffff',
		text_color: '#23282D',
		button_color: '#2D87F1',
	},
};

function item( id: number, patch: Partial< SurveyListItem > = {} ) {
	return {
		id,
		title: `Survey ${ id }`,
		type: 'survey',
		status: 'publish',
		display_status: 'publish',
		created_at: '2026-01-01T00:00:00Z',
		publish_at: null,
		responses_count: 0,
		shortcode: `[userfeedback id="${ id }"]`,
		...patch,
	} satisfies SurveyListItem;
}

function list( items: SurveyListItem[] ) {
	return {
		items,
		pagination: {
			page: 1,
			pages: 1,
			per_page: 100,
			total: items.length,
		},
		status_filters: [],
	};
}

function survey( id: number, patch: Partial< Survey > = {} ): Survey {
	return {
		...item( id ),
		template: '',
		updated_at: '2026-01-01T00:00:00Z',
		publish_at_local: null,
		questions: [
			{
				id: 1,
				title: 'How are we doing?',
				type: 'long-text',
				config: {},
				settings: {
					required: false,
					randomize: false,
					comment_box: false,
				},
				logic: { enabled: false, action: 'show', conditions: [] },
			},
		],
		settings: {
			thank_you: {
				type: 'message',
				message: 'Thanks!',
				redirect_to: null,
				redirect_url: '',
				conditions: [],
			},
			enable_tracking: false,
			targeting: {
				devices: [ 'desktop', 'tablet', 'mobile' ],
				pages: 'all',
				page_rules: [],
			},
			geo_targeting: { target: 'all', countries: [] },
			behavior: {
				timing: 'immediate',
				timing_delay: 20,
				display_length: 'until_response',
				run_time: 'indefinitely',
				expire_at: { month: null, day: null },
				start_minimized: false,
			},
			theming: {
				source: 'custom',
				color_scheme: 'dark',
				widget_color: '#111111',
				text_color: '#eeeeee',
				button_color: '#ff0000',
				widget_toggle_text: '',
				font: { family: '', weight: '' },
				position: 'middle_left',
				widget_toggle_icon: 'smile',
				widget_toggle_color: '#00ff00',
				show_logo: true,
				custom_logo: '',
				start_minimized: false,
				logo_type: 'userfeedback',
				skip_text: '',
				next_text: '',
			},
			flow: { progress_bar: false, back_button: false },
			hidden_fields: [],
			retention_days: null,
			priority: 0,
			close: { after_responses: null, end_at: null },
		},
		notifications: {
			email: {
				active: false,
				addresses: '',
				logic: { enable: false, action: 'send', conditions: [] },
			},
		},
		cookie_name: `userfeedback-survey-${ id }`,
		...patch,
	};
}

const notFound = {
	code: 'userfeedback_not_found',
	message: 'There is no survey with the id 9.',
	data: { status: 404 },
};

/** Answers the list and single-survey routes from these. */
function serve( surveys: Survey[], { failList = 0 } = {} ) {
	let failures = failList;
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		if ( url.pathname === '/wp-json/userfeedback/v1/surveys' ) {
			if ( failures > 0 ) {
				failures--;
				return sendJson( response, 500, {
					code: 'internal',
					message: 'Database gone.',
					data: { status: 500 },
				} );
			}
			return sendJson(
				response,
				200,
				list( surveys.map( ( s ) => item( s.id, s ) ) )
			);
		}
		const match = url.pathname.match(
			/^\/wp-json\/userfeedback\/v1\/surveys\/(\d+)$/
		);
		const found = surveys.find( ( s ) => s.id === Number( match?.[ 1 ] ) );
		return found
			? sendJson( response, 200, found )
			: sendJson( response, 404, notFound );
	} );
}

function renderEdit( surveyId = 0, config: Partial< BlockConfig > = {} ) {
	window.userfeedbackBlockConfig = { ...CONFIG, ...config };
	const onChange = vi.fn();
	const view = render(
		<SurveyEditor
			surveyId={ surveyId }
			onChange={ onChange }
			isSelected
			Inspector={ Inspector }
		/>
	);
	return { ...view, onChange };
}

beforeAll( async () => {
	server = await startServer();
	apiFetch.use(
		apiFetch.createRootURLMiddleware( `${ server.url }/wp-json/` )
	);
} );
afterAll( () => server.close() );
beforeEach( () => {
	// Placeholder measures itself; jsdom has no layout.
	vi.stubGlobal(
		'ResizeObserver',
		class {
			observe() {}
			unobserve() {}
			disconnect() {}
		}
	);
	// The combobox scrolls its highlighted option into view; jsdom cannot.
	if ( ! Element.prototype.scrollIntoView ) {
		Element.prototype.scrollIntoView = () => undefined;
	}
	forgetSurveyLists();
	server.received.length = 0;
} );

describe( 'the survey block in the editor', () => {
	it( 'tells users who may not edit surveys why they cannot choose one, without asking the server', async () => {
		serve( [ survey( 3 ) ] );
		renderEdit( 0, { canEdit: false } );
		expect(
			screen.getAllByText(
				'You need permission to create and edit surveys to choose one here.'
			).length
		).toBeGreaterThan( 0 );
		renderEdit( 3, { canEdit: false } );
		expect(
			screen.getAllByText( /Visitors see survey #3 here/ ).length
		).toBeGreaterThan( 0 );
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 50 ) )
		);
		expect( server.received ).toHaveLength( 0 );
	} );

	it( 'offers to create a survey when there is none', async () => {
		serve( [] );
		renderEdit();
		const links = await screen.findAllByRole( 'link', {
			name: /Create one/,
		} );
		expect( links[ 0 ] ).toHaveAttribute( 'href', CONFIG.newSurveyUrl );
		expect(
			screen.getAllByText( /No surveys yet/ ).length
		).toBeGreaterThan( 0 );
		expect(
			server.received.filter( ( r ) => r.url.includes( '/surveys?' ) )
		).toHaveLength( 1 );
		expect( server.received[ 0 ].url ).toContain( 'per_page=100' );
		expect( decodeURIComponent( server.received[ 0 ].url ) ).toContain(
			'filter[status]=all'
		);
	} );

	it( 'shows a failed list with a retry', async () => {
		serve( [ survey( 4 ) ], { failList: 1 } );
		const user = userEvent.setup();
		renderEdit();
		const errors = await screen.findAllByText(
			'The surveys could not be loaded: Database gone.'
		);
		expect( errors.length ).toBeGreaterThan( 0 );
		await user.click(
			screen.getAllByRole( 'button', { name: 'Try again' } )[ 0 ]
		);
		expect(
			( await screen.findAllByRole( 'combobox', { name: 'Survey' } ) )
				.length
		).toBeGreaterThan( 0 );
	} );

	it( 'lists the surveys with their status and sets the chosen one', async () => {
		serve( [
			survey( 5, { title: 'Exit poll' } ),
			survey( 6, {
				title: 'Draft poll',
				status: 'draft',
				display_status: 'draft',
			} ),
		] );
		const user = userEvent.setup();
		const { onChange } = renderEdit();
		const [ combobox ] = await screen.findAllByRole( 'combobox', {
			name: 'Survey',
		} );
		await user.click( combobox );
		await user.type( combobox, 'poll' );
		expect(
			await screen.findByRole( 'option', { name: 'Exit poll (#5)' } )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'option', { name: 'Draft poll (#6, Draft)' } )
		);
		expect( onChange ).toHaveBeenCalledWith( 6 );
	} );

	it( 'previews the chosen survey with the real widget, and says when visitors will not see it', async () => {
		serve( [
			survey( 7, {
				title: 'Tell us more',
				status: 'draft',
				display_status: 'draft',
			} ),
		] );
		renderEdit( 7 );
		const region = await screen.findByRole( 'region', {
			name: 'Survey preview',
		} );
		await waitFor( () =>
			expect( region ).toHaveTextContent( 'How are we doing?' )
		);
		expect(
			screen.getAllByText(
				/This survey is a draft: visitors see nothing here/
			).length
		).toBeGreaterThan( 0 );
		expect(
			screen.getByRole( 'link', { name: /Edit this survey/ } )
		).toHaveAttribute( 'href', `${ CONFIG.editSurveyUrl }7` );
		expect(
			document.getElementById( 'userfeedback-widget-css' )
		).not.toBeNull();
	} );

	it( 'says when the chosen survey no longer exists and offers another', async () => {
		serve( [ survey( 8 ) ] );
		renderEdit( 9 );
		expect(
			(
				await screen.findAllByText(
					'Survey #9 no longer exists. Choose another one.'
				)
			).length
		).toBeGreaterThan( 0 );
		expect(
			( await screen.findAllByRole( 'combobox', { name: 'Survey' } ) )
				.length
		).toBeGreaterThan( 1 );
	} );
} );

describe( 'the preview survey', () => {
	it( 'looks as visitors see it: the site look without branding, the survey look with it', () => {
		const unbranded = toPreview( survey( 1 ), CONFIG );
		expect( unbranded.settings.theming ).toEqual( CONFIG.theming );

		const branded = toPreview( survey( 1 ), {
			...CONFIG,
			features: { branding: true },
			theming: {
				...CONFIG.theming,
				skip_text: 'Later',
				font: { family: 'Roboto', weight: '' },
			},
		} );
		expect( branded.settings.theming ).toMatchObject( {
			color_scheme: 'dark',
			widget_color: '#111111',
			skip_text: 'Later',
			font: { family: 'Roboto', weight: '' },
		} );
		expect( branded.settings.behavior?.expire_at ).toEqual( {
			month: undefined,
			day: undefined,
		} );
		expect( branded.nonces ).toEqual( { impression: '', submission: '' } );
	} );

	it( 'gives a branded survey’s own font the stylesheet of the catalogue, never one of its own making', () => {
		const own = survey( 1 );
		own.settings.theming.font = { family: 'Lato', weight: 'regular' };
		const config = {
			...CONFIG,
			features: { branding: true },
			theming: {
				...CONFIG.theming,
				font: {
					family: 'Roboto',
					weight: '',
					url: CONFIG.fonts.families[ 0 ].url,
				},
			},
		};
		expect( toPreview( own, config ).settings.theming?.font ).toEqual( {
			family: 'Lato',
			weight: 'regular',
			url: CONFIG.fonts.families[ 1 ].url,
		} );
		// A family outside the catalogue: nothing to load.
		own.settings.theming.font = { family: 'Comic Sans', weight: '' };
		expect( toPreview( own, config ).settings.theming?.font ).toEqual( {
			family: 'Comic Sans',
			weight: '',
		} );
		// Without branding, the site's font with the URL the server gave.
		expect(
			toPreview( own, { ...config, features: {} } ).settings.theming?.font
		).toEqual( config.theming.font );
	} );
} );
