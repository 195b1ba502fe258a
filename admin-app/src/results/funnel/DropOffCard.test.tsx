/**
 * The Drop-off card on its own: loading, empty and data states, the partial responses
 * line and its link, and what assistive technology reads.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { feature, makeConfig } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import type { Funnel } from '../../shared/types';
import { funnel as makeFunnel } from '../test/fixtures';
import { DropOffCard } from './DropOffCard';

const QUESTIONS = [
	{ id: 11, title: 'How did you find us?' },
	{ id: 12, title: 'What do you use?' },
	{ id: 13, title: '' },
];

function renderCard(
	props: {
		funnel: Funnel | undefined;
		partial?: number;
		busy?: boolean;
	},
	pro = true
) {
	const config = makeConfig( {
		page: 'results',
		features: {
			response_management: feature( {
				allowed: pro,
				label: 'Response Management',
				reason: pro ? null : 'upgrade',
			} ),
		},
	} );
	const view = renderPage( {
		entry: 'results',
		config,
		path: '/',
		routes: [
			{
				index: true,
				element: <DropOffCard surveyId={ 7 } { ...props } />,
			},
			{
				path: 'survey/:id/responses',
				element: <p>Responses list</p>,
			},
		],
	} );
	return { ...view, user: userEvent.setup() };
}

const region = () => screen.getByRole( 'region', { name: 'Drop-off' } );
const stage = ( label: string ) =>
	within(
		within(
			screen.getByRole( 'list', {
				name: 'From impressions to completed responses',
			} )
		)
			.getByText( label )
			.closest( 'li' ) as HTMLElement
	);
const rate = ( term: string ) =>
	within( region() ).getByText( term, { selector: 'dt' } ).nextSibling;

describe( 'Drop-off card', () => {
	it( 'says it is loading until the funnel is there', () => {
		renderCard( { funnel: undefined } );
		expect( region() ).toHaveAttribute( 'aria-busy', 'true' );
		expect( within( region() ).getByRole( 'status' ) ).toHaveTextContent(
			'Loading drop-off…'
		);
		expect( screen.queryByRole( 'table' ) ).toBeNull();
	} );

	it( 'shows impressions → started → completed, the rates and a row per question in order', () => {
		renderCard( { funnel: makeFunnel( QUESTIONS ) } );
		expect( region() ).toHaveAttribute( 'aria-busy', 'false' );
		expect( stage( 'Impressions' ).getByText( '40' ) ).toBeInTheDocument();
		expect( stage( 'Started' ).getByText( '10' ) ).toBeInTheDocument();
		expect(
			stage( 'Started' ).getByText( '25% of impressions' )
		).toBeInTheDocument();
		expect( stage( 'Completed' ).getByText( '6' ) ).toBeInTheDocument();
		expect( rate( 'Completion rate' ) ).toHaveTextContent( '60.0%' );
		expect( rate( 'Median time to complete' ) ).toHaveTextContent(
			'1 min 20 s'
		);

		const table = screen.getByRole( 'table', {
			name: 'Drop-off by question',
		} );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Question', 'Reached', 'Answered', 'Skipped', 'Left' ] );
		const rows = within( table ).getAllByRole( 'row' ).slice( 1 );
		expect(
			rows.map( ( row ) =>
				within( row )
					.getAllByRole( 'cell' )
					.map( ( cell ) => cell.textContent )
			)
		).toEqual( [
			// fixtures: reached = answered + skipped + left; shares of the 10 started.
			[ '10 (100%)', '8', '0', '2' ],
			[ '8 (80%)', '6', '1', '1' ],
			[ '6 (60%)', '5', '0', '1' ],
		] );
		expect(
			within( table )
				.getAllByRole( 'rowheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [
			'1. How did you find us?',
			'2. What do you use?',
			'3. (no title)',
		] );
		// The bars repeat the cells: hidden from assistive technology, sized by reached.
		const bar = rows[ 1 ].querySelector( '.userfeedback-funnel__bar' )!;
		expect( bar ).toHaveAttribute( 'aria-hidden', 'true' );
		const widths = Array.from(
			bar.querySelectorAll< HTMLElement >(
				'.userfeedback-funnel__segment'
			)
		).map( ( segment ) => [ segment.className, segment.style.width ] );
		expect( widths ).toEqual( [
			[ 'userfeedback-funnel__segment is-answered', '60%' ],
			[ 'userfeedback-funnel__segment is-skipped', '10%' ],
			[ 'userfeedback-funnel__segment is-left', '10%' ],
		] );
	} );

	it( 'shows dashes and an empty state when nobody started in the range', () => {
		renderCard( {
			funnel: makeFunnel( QUESTIONS, {
				impressions: 12,
				started: 0,
				completed: 0,
				completion_rate: null,
				median_seconds: null,
				questions: [],
			} ),
		} );
		expect( stage( 'Impressions' ).getByText( '12' ) ).toBeInTheDocument();
		expect( stage( 'Started' ).getByText( '0' ) ).toBeInTheDocument();
		expect( rate( 'Completion rate' ) ).toHaveTextContent( '—' );
		expect( rate( 'Median time to complete' ) ).toHaveTextContent( '—' );
		expect(
			within( region() ).getByRole( 'heading', {
				name: 'No responses yet',
			} )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'table' ) ).toBeNull();
	} );

	it( 'counts the partial responses of the range and links to the Partial filter', async () => {
		const { user, location } = renderCard( {
			funnel: makeFunnel( QUESTIONS ),
			partial: 3,
		} );
		expect(
			within( region() ).getByText(
				/^3 partial responses in this range are not counted/
			)
		).toBeInTheDocument();
		const link = within( region() ).getByRole( 'link', {
			name: 'View partial responses',
		} );
		expect( link ).toHaveAttribute(
			'href',
			'/survey/7/responses?status=partial'
		);
		await user.click( link );
		await waitFor( () =>
			expect( location().pathname ).toBe( '/survey/7/responses' )
		);
		expect( location().search ).toBe( '?status=partial' );
	} );

	it( 'says one partial response in the singular, none at all when there is none, and links only where the filters are allowed', () => {
		const first = renderCard(
			{ funnel: makeFunnel( QUESTIONS ), partial: 1 },
			false
		);
		expect(
			within( region() ).getByText(
				'1 partial response in this range is not counted in these results.'
			)
		).toBeInTheDocument();
		expect( within( region() ).queryByRole( 'link' ) ).toBeNull();
		first.unmount();
		renderCard( { funnel: makeFunnel( QUESTIONS ), partial: 0 } );
		expect( within( region() ).queryByText( /partial/ ) ).toBeNull();
	} );

	it( 'keeps the old figures but says it is busy while another range loads', () => {
		renderCard( { funnel: makeFunnel( QUESTIONS ), busy: true } );
		expect( region() ).toHaveAttribute( 'aria-busy', 'true' );
		expect( stage( 'Started' ).getByText( '10' ) ).toBeInTheDocument();
	} );
} );
