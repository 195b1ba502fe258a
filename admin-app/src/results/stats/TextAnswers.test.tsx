/**
 * The results' text-answer list and NPS comments searched: the server's words are marked
 * with <mark> elements (text, never HTML), and a capped count reads "1,000+".
 */
import {
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ConfigProvider } from '../../shared/context';
import { createQueryClient } from '../../shared/query';
import { makeConfig } from '../../shared/test/fixtures';
import type { AnswerList, QuestionStats } from '../../shared/types';
import { fetchAnswers, fetchNpsComments } from '../api';
import { NpsComments } from '../nps/NpsComments';
import { TextAnswers } from './TextAnswers';

vi.mock( '../api', async ( original ) => ( {
	...( await original< typeof import( '../api' ) >() ),
	fetchAnswers: vi.fn(),
	fetchNpsComments: vi.fn(),
} ) );

/** Typed as the routes answer, with the search's words. */
const searched = ( list: AnswerList ) => list;

const RANGE = { from: '2026-11-01', to: '2026-11-20' } as never;

const answer = ( id: number, value: string | null, comments?: string ) => ( {
	value,
	date: '2026-11-10T10:00:00Z',
	extra: comments ? { comments } : null,
	response_id: id,
} );

const QUESTION: QuestionStats = {
	id: 7,
	title: 'One word for us?',
	type: 'text',
	is_quantitative: false,
	total_answers: 1,
	skipped: 0,
	answers: {
		items: [ answer( 1, 'Checkout first page' ) ],
		pagination: { page: 1, pages: 1, per_page: 10, total: 1 },
	},
} as QuestionStats;

function wrap( children: ReactNode ) {
	const client = createQueryClient();
	client.setDefaultOptions( { queries: { retry: false } } );
	return render(
		<ConfigProvider config={ makeConfig() }>
			<QueryClientProvider client={ client }>
				<MemoryRouter>{ children }</MemoryRouter>
			</QueryClientProvider>
		</ConfigProvider>
	);
}

function search( label: string, words: string ) {
	fireEvent.change( screen.getByLabelText( label ), {
		target: { value: words },
	} );
	fireEvent.submit( screen.getByRole( 'search' ) );
}

const marks = () =>
	Array.from( document.querySelectorAll( 'mark' ) ).map(
		( mark ) => mark.textContent
	);

describe( 'TextAnswers search', () => {
	beforeEach( () => {
		vi.mocked( fetchAnswers ).mockReset();
		vi.mocked( fetchNpsComments ).mockReset();
	} );

	it( 'shows the first page unmarked, then marks the words the server found, as text', async () => {
		const found: AnswerList = {
			items: [
				answer( 2, 'The CHECKOUT <b>broke</b> on Checkout day' ),
				answer( 3, 'slow check-out' ),
			],
			pagination: { page: 1, pages: 100, per_page: 10, total: 1000 },
			search: { terms: [ 'checkout', 'slow' ], capped: true },
			next_cursor: '1-20261110100000-3',
		};
		vi.mocked( fetchAnswers ).mockResolvedValue( found );
		wrap(
			<TextAnswers surveyId={ 5 } question={ QUESTION } range={ RANGE } />
		);
		expect( screen.getByText( 'Checkout first page' ) ).toBeInTheDocument();
		expect( marks() ).toEqual( [] );
		expect( fetchAnswers ).not.toHaveBeenCalled();

		search( 'Search Answers', 'checkout slow' );
		await waitFor( () =>
			expect(
				screen.getByText( '1,000+ answers match' )
			).toBeInTheDocument()
		);
		// Page 1 of a search: no cursor.
		expect( fetchAnswers ).toHaveBeenCalledWith(
			5,
			7,
			RANGE,
			1,
			'checkout slow',
			undefined
		);
		expect( marks() ).toEqual( [ 'CHECKOUT', 'Checkout', 'slow' ] );
		// The answer's HTML is shown as text, not parsed.
		expect(
			document.querySelector( '.userfeedback-answers b' )
		).toBeNull();
		expect( screen.getByText( /<b>broke<\/b>/ ) ).toBeInTheDocument();
	} );

	it( 'says when nothing matches and keeps the search box', async () => {
		vi.mocked( fetchAnswers ).mockResolvedValue(
			searched( {
				items: [],
				pagination: { page: 1, pages: 1, per_page: 10, total: 0 },
				search: { terms: [ 'zebra' ], capped: false },
				next_cursor: null,
			} )
		);
		wrap(
			<TextAnswers surveyId={ 5 } question={ QUESTION } range={ RANGE } />
		);
		search( 'Search Answers', 'zebra' );
		await screen.findByText( 'No answers match your search.' );
		expect( screen.getByLabelText( 'Search Answers' ) ).toHaveValue(
			'zebra'
		);
	} );

	it( 'marks the words in NPS comments, not in the score, with an exact count', async () => {
		vi.mocked( fetchNpsComments ).mockResolvedValue(
			searched( {
				items: [
					answer( 4, '9', 'Pricing is fair; pricing page 9 too' ),
				],
				pagination: { page: 1, pages: 1, per_page: 10, total: 1 },
				search: null,
				next_cursor: '0-20261110100000-4',
			} )
		);
		wrap( <NpsComments surveyId={ 5 } questionId={ 6 } range={ RANGE } /> );
		await screen.findByText( 'Pricing is fair; pricing page 9 too' );
		expect( marks() ).toEqual( [] );

		vi.mocked( fetchNpsComments ).mockResolvedValue(
			searched( {
				items: [
					answer( 4, '9', 'Pricing is fair; pricing page 9 too' ),
				],
				pagination: { page: 1, pages: 1, per_page: 10, total: 1 },
				search: { terms: [ 'pricing', '9' ], capped: false },
				next_cursor: '0-20261110100000-4',
			} )
		);
		search( 'Search Comments', 'pricing 9' );
		await screen.findByText( '1 comment matches' );
		expect( marks() ).toEqual( [ 'Pricing', 'pricing', '9' ] );
	} );
} );

describe( 'TextAnswers pages: keyset cursors', () => {
	/** A cursor as the server writes it: the rank, the date and the response of page n's last answer. */
	const cursorOf = ( words: string, page: number ) =>
		`${ page * 10 - 1 }-20261110100000-${ words.length * 1000 + page }`;

	/** 100 pages of whatever was searched, each page ending with its cursor. */
	function serveLongList() {
		vi.mocked( fetchAnswers ).mockImplementation(
			async ( _id, _question, _range, page, words = '' ) => ( {
				items: [ answer( page, `Answer ${ words } ${ page }` ) ],
				pagination: { page, pages: 100, per_page: 10, total: 1000 },
				search: words ? { terms: [ words ], capped: true } : null,
				next_cursor: cursorOf( words, page ),
			} )
		);
	}

	const nav = () =>
		screen.getByRole( 'navigation', {
			name: 'Answers pagination',
		} );
	/** Waits for the list to show an answer (its words may be split by marks). */
	const shown = ( text: string ) =>
		waitFor( () =>
			expect(
				document.querySelector( '.userfeedback-answers' )?.textContent
			).toContain( text )
		);
	function goTo( page: number ) {
		const box = screen.getByRole( 'textbox', { name: 'Current Page' } );
		fireEvent.change( box, { target: { value: String( page ) } } );
		fireEvent.keyDown( box, { key: 'Enter' } );
	}
	const cursors = () =>
		vi
			.mocked( fetchAnswers )
			.mock.calls.map( ( call ) => [ call[ 3 ], call[ 4 ], call[ 5 ] ] );

	beforeEach( () => {
		vi.mocked( fetchAnswers ).mockReset();
		serveLongList();
	} );

	it( 'sends the cursor of the nearest earlier page of the same search, and none for a new search', async () => {
		wrap(
			<TextAnswers surveyId={ 5 } question={ QUESTION } range={ RANGE } />
		);
		search( 'Search Answers', 'slow' );
		await screen.findByText( '1,000+ answers match' );

		fireEvent.click(
			within( nav() ).getByRole( 'button', { name: 'Next page' } )
		);
		await shown( 'Answer slow 2' );

		goTo( 5 );
		await shown( 'Answer slow 5' );

		// Another search is another list: its page 1 and 2 know nothing of "slow".
		search( 'Search Answers', 'fast' );
		await shown( 'Answer fast 1' );
		fireEvent.click(
			within( nav() ).getByRole( 'button', { name: 'Next page' } )
		);
		await shown( 'Answer fast 2' );

		expect( cursors() ).toEqual( [
			[ 1, 'slow', undefined ],
			[ 2, 'slow', cursorOf( 'slow', 1 ) ],
			[ 5, 'slow', cursorOf( 'slow', 2 ) ],
			[ 1, 'fast', undefined ],
			[ 2, 'fast', cursorOf( 'fast', 1 ) ],
		] );
	} );

	it( 'asks page 2 of the answers that came with the results without a cursor, then page 3 with page 2’s', async () => {
		const question = {
			...QUESTION,
			answers: {
				...QUESTION.answers!,
				pagination: { page: 1, pages: 100, per_page: 10, total: 1000 },
			},
		};
		wrap(
			<TextAnswers surveyId={ 5 } question={ question } range={ RANGE } />
		);
		fireEvent.click(
			within( nav() ).getByRole( 'button', { name: 'Next page' } )
		);
		await shown( 'Answer  2' );
		fireEvent.click(
			within( nav() ).getByRole( 'button', { name: 'Next page' } )
		);
		await shown( 'Answer  3' );
		expect( cursors() ).toEqual( [
			[ 2, '', undefined ],
			[ 3, '', cursorOf( '', 2 ) ],
		] );
	} );
} );
