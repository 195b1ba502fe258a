/** @jsxImportSource preact */
/**
 * The widget never loses an answer silently: busy while sending, the server's refusal
 * shown with every answer kept, a retry prompt after a network failure, Retry-After.
 */
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeSurvey, questionTypes, strings } from '../test/fixtures';
import type { Answer, Question } from '../types';
import { failureOf, retryAfter, SendFailure } from './send';
import { Widget } from './Widget';

const QUESTIONS: Question[] = [
	{
		id: 1,
		title: 'Which plan?',
		type: 'radio-button',
		config: { options: [ 'Basic', 'Pro' ] },
	},
	{ id: 2, title: 'Why?', type: 'text', config: {} },
	{
		id: 3,
		title: 'Rate us',
		type: 'star-rating',
		config: {},
	},
];

/** onFinish answers with the promises a test settles one by one. */
function sender() {
	const calls: Array< {
		answers: Answer[];
		resolve: ( value?: unknown ) => void;
		reject: ( error: unknown ) => void;
	} > = [];
	const onFinish = vi.fn(
		( answers: Answer[] ) =>
			new Promise( ( resolve, reject ) =>
				calls.push( { answers, resolve, reject } )
			)
	);
	return { calls, onFinish };
}

function renderWidget( onFinish: ( answers: Answer[] ) => unknown ) {
	render(
		<Widget
			survey={ makeSurvey( { questions: QUESTIONS } ) }
			strings={ strings }
			questionTypes={ questionTypes }
			onFinish={ onFinish as ( answers: Answer[] ) => Promise< unknown > }
		/>
	);
}

const button = ( name: string ) => screen.getByRole( 'button', { name } );

/** Answers the three questions; the star pick sends them. */
function answerAll() {
	fireEvent.click( button( 'Pro' ) );
	fireEvent.input( screen.getByRole( 'textbox', { name: 'Why?' } ), {
		target: { value: 'Exports' },
	} );
	fireEvent.click( button( 'Next' ) );
	fireEvent.click( screen.getByRole( 'radio', { name: '4 of 5 stars' } ) );
}

/** Lets a settled promise reach the widget, and its effects run. */
const flush = () => act( () => Promise.resolve() );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'sending', () => {
	it( 'the submit button is busy until the server answers, and does not send twice', async () => {
		const { calls, onFinish } = sender();
		renderWidget( onFinish );
		answerAll();
		// An auto-advancing last question gets a button to show the state on.
		const busy = button( 'Sending…' );
		expect( busy ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( busy.closest( 'form' ) ).toHaveAttribute( 'aria-busy', 'true' );
		fireEvent.click( busy );
		fireEvent.click(
			screen.getByRole( 'radio', { name: '2 of 5 stars' } )
		);
		expect( onFinish ).toHaveBeenCalledTimes( 1 );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );

		calls[ 0 ].resolve( 12 );
		await flush();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
	} );

	it( 'a refusal: the server’s message, the answers kept, back to the question named, fixed and sent again', async () => {
		const { calls, onFinish } = sender();
		renderWidget( onFinish );
		answerAll();
		calls[ 0 ].reject(
			new SendFailure( 'refused', 'Answer 2 is too long.', {
				2: 'The answer to question 2 must be at most 5 characters long.',
			} )
		);
		await flush();

		const alert = screen.getByRole( 'alert' );
		expect( alert ).toHaveTextContent( 'Answer 2 is too long.' );
		expect( alert ).toHaveFocus();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
		// The last question keeps its pick, held now, with Submit to send again.
		expect(
			screen.getByRole( 'radio', { name: '4 of 5 stars' } )
		).toHaveAttribute( 'aria-checked', 'true' );
		expect( button( 'Submit' ) ).not.toHaveAttribute( 'aria-disabled' );

		fireEvent.click( button( 'Change your answer to “Why?”' ) );
		const why = screen.getByRole( 'textbox', { name: 'Why?' } );
		expect( why ).toHaveValue( 'Exports' );
		expect( screen.getByRole( 'heading', { name: 'Why?' } ) ).toHaveFocus();
		expect(
			screen.getByRole( 'heading', { name: 'Why?' } )
		).toHaveAccessibleDescription(
			'The answer to question 2 must be at most 5 characters long.'
		);
		expect( screen.queryByRole( 'alert' ) ).toBeNull();
		fireEvent.input( why, { target: { value: 'CSV' } } );
		// The rating after it is kept: this sends.
		fireEvent.click( button( 'Submit' ) );
		expect( onFinish ).toHaveBeenCalledTimes( 2 );
		expect( calls[ 1 ].answers ).toEqual( [
			{ question_id: 1, value: 'Pro' },
			{ question_id: 2, value: 'CSV' },
			{ question_id: 3, value: 4 },
		] );
		calls[ 1 ].resolve( 13 );
		await flush();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
	} );

	it( 'a refusal without a message: the widget’s own', async () => {
		const { calls, onFinish } = sender();
		renderWidget( onFinish );
		answerAll();
		calls[ 0 ].reject( new SendFailure( 'refused' ) );
		await flush();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			strings.send_refused
		);
		expect( screen.queryByRole( 'button', { name: /Change/ } ) ).toBeNull();
	} );

	it( 'a network failure: the retry prompt; Retry sends the same answers', async () => {
		const { calls, onFinish } = sender();
		renderWidget( onFinish );
		answerAll();
		calls[ 0 ].reject( new TypeError( 'Failed to fetch' ) );
		await flush();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			strings.send_failed
		);
		fireEvent.click( button( 'Retry' ) );
		expect( onFinish ).toHaveBeenCalledTimes( 2 );
		expect( calls[ 1 ].answers ).toEqual( calls[ 0 ].answers );
		// The prompt stays while the retry goes, its button (and Submit) busy.
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			strings.send_failed
		);
		const busy = screen.getAllByRole( 'button', { name: 'Sending…' } );
		expect( busy ).toHaveLength( 2 );
		for ( const each of busy ) {
			expect( each ).toHaveAttribute( 'aria-disabled', 'true' );
		}
		calls[ 1 ].reject( new SendFailure( 'unreachable' ) );
		await flush();
		expect( screen.getByRole( 'alert' ) ).toHaveFocus();
		fireEvent.click( button( 'Retry' ) );
		calls[ 2 ].resolve( 1 );
		await flush();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
	} );

	it( 'Retry-After: Retry and Submit wait until it is over', async () => {
		vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );
		const { calls, onFinish } = sender();
		renderWidget( onFinish );
		answerAll();
		calls[ 0 ].reject( new SendFailure( 'unreachable', '', {}, 30 ) );
		await flush();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'You can try again in 30 seconds.'
		);
		expect( button( 'Retry' ) ).toHaveAttribute( 'aria-disabled', 'true' );
		fireEvent.click( button( 'Retry' ) );
		fireEvent.click( button( 'Submit' ) );
		expect( onFinish ).toHaveBeenCalledTimes( 1 );

		await act( () => {
			vi.advanceTimersByTime( 29_000 );
		} );
		fireEvent.click( button( 'Retry' ) );
		expect( onFinish ).toHaveBeenCalledTimes( 1 );

		await act( () => {
			vi.advanceTimersByTime( 1_000 );
		} );
		expect( button( 'Retry' ) ).not.toHaveAttribute( 'aria-disabled' );
		expect( screen.getByRole( 'alert' ) ).not.toHaveTextContent( '30' );
		fireEvent.click( button( 'Retry' ) );
		expect( onFinish ).toHaveBeenCalledTimes( 2 );
	} );
} );

describe( 'failureOf', () => {
	const sent: Answer[] = [
		{ question_id: 4, value: 'a' },
		{ question_id: 9, value: 'b' },
	];
	const response = (
		status: number,
		headers: Record< string, string > = {}
	) => new Response( null, { status, headers } );

	it( 'a 4xx is a refusal: the message, and data.params mapped to question ids', () => {
		const failure = failureOf(
			response( 400 ),
			{
				message: 'Too long.',
				data: {
					params: {
						'answers[1]': 'Question 9 is too long.',
						answers: 'ignored',
						'answers[7]': 'no such answer',
					},
				},
			},
			sent
		);
		expect( failure.kind ).toBe( 'refused' );
		expect( failure.message ).toBe( 'Too long.' );
		expect( failure.questions ).toEqual( {
			9: 'Question 9 is too long.',
		} );
		expect( failureOf( response( 403 ), null, sent ) ).toMatchObject( {
			kind: 'refused',
			message: '',
			questions: {},
		} );
	} );

	it( '5xx, 408 and 429 are worth a retry, after Retry-After', () => {
		expect( failureOf( response( 503 ), null, sent ) ).toMatchObject( {
			kind: 'unreachable',
			wait: 0,
		} );
		expect(
			failureOf( response( 429, { 'Retry-After': '120' } ), null, sent )
		).toMatchObject( { kind: 'unreachable', wait: 120 } );
		expect( failureOf( response( 408 ), null, sent ).kind ).toBe(
			'unreachable'
		);
	} );

	it( 'reads Retry-After as seconds or as a date, never below 0 or above an hour', () => {
		const now = Date.parse( '2026-01-01T00:00:00Z' );
		expect( retryAfter( '7', now ) ).toBe( 7 );
		expect( retryAfter( 'Thu, 01 Jan 2026 00:00:45 GMT', now ) ).toBe( 45 );
		expect( retryAfter( 'Wed, 31 Dec 2025 23:00:00 GMT', now ) ).toBe( 0 );
		expect( retryAfter( '99999', now ) ).toBe( 3600 );
		expect( retryAfter( 'soon', now ) ).toBe( 0 );
		expect( retryAfter( null, now ) ).toBe( 0 );
	} );
} );
