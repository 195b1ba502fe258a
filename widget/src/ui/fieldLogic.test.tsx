/** @jsxImportSource preact */
/**
 * Display logic on hidden fields in the widget (issue 18 item 5): the fields the UI
 * collected at start (WidgetProps.fields) decide a condition that names one, from the
 * first question on, in the Submit/Next choice and in the progress bar's count.
 */
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';

import { limits, makeSurvey, questionTypes, strings } from '../test/fixtures';
import type { Answer, Question } from '../types';
import { Widget } from './Widget';

const onlyFor = ( plan: string, action = 'show' ): Question[ 'logic' ] => ( {
	enabled: true,
	action,
	conditions: [
		{ question_id: null, field: 'plan', compare: 'equals', value: plan },
	],
} );

const text = ( id: number, logic?: Question[ 'logic' ] ): Question => ( {
	id,
	title: `Question ${ id }`,
	type: 'text',
	config: {},
	...( logic ? { logic } : {} ),
} );

function renderWidget(
	questions: Question[],
	fields?: Record< string, string >,
	progress = false
) {
	const onFinish = vi.fn< ( answers: Answer[] ) => void >();
	const base = makeSurvey();
	const view = render(
		<Widget
			survey={ makeSurvey( {
				questions,
				settings: {
					...base.settings,
					flow: { progress_bar: progress, back_button: false },
				},
			} ) }
			strings={ strings }
			questionTypes={ questionTypes }
			limits={ limits }
			fields={ fields }
			onFinish={ ( answers: Answer[] ) => onFinish( answers ) }
		/>
	);
	return { onFinish, unmount: view.unmount };
}

const answer = ( title: string, value: string ) =>
	fireEvent.input( screen.getByRole( 'textbox', { name: title } ), {
		target: { value },
	} );
const click = ( name: string ) =>
	fireEvent.click( screen.getByRole( 'button', { name } ) );

describe( 'display logic on hidden fields', () => {
	const questions = [ text( 1 ), text( 2, onlyFor( 'pro' ) ), text( 3 ) ];

	it( 'shows a question only for plan pro when the visitor came with plan=pro', () => {
		const { onFinish } = renderWidget( questions, { plan: 'pro' } );
		answer( 'Question 1', 'one' );
		click( 'Next' );
		answer( 'Question 2', 'two' );
		click( 'Next' );
		answer( 'Question 3', 'three' );
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'one' },
			{ question_id: 2, value: 'two' },
			{ question_id: 3, value: 'three' },
		] );
	} );

	it( 'skips it for another plan and when no plan was collected', () => {
		const cases: Array< Record< string, string > | undefined > = [
			{ plan: 'free' },
			{},
			undefined,
		];
		for ( const fields of cases ) {
			const { onFinish, unmount } = renderWidget( questions, fields );
			answer( 'Question 1', 'one' );
			click( 'Next' );
			expect(
				screen.getByRole( 'heading', { name: 'Question 3' } )
			).toBeInTheDocument();
			answer( 'Question 3', 'three' );
			click( 'Submit' );
			expect( onFinish ).toHaveBeenCalledWith( [
				{ question_id: 1, value: 'one' },
				{ question_id: 3, value: 'three' },
			] );
			unmount();
		}
	} );

	it( 'starts at the first question the fields let through', () => {
		renderWidget( [ text( 1, onlyFor( 'pro', 'hide' ) ), text( 2 ) ], {
			plan: 'pro',
		} );
		expect(
			screen.getByRole( 'heading', { name: 'Question 2' } )
		).toBeInTheDocument();
		// The only question left: Submit, not Next.
		expect(
			screen.getByRole( 'button', { name: 'Submit' } )
		).toBeInTheDocument();
	} );

	it( 'counts the questions the fields let through in the progress bar', () => {
		const { unmount } = renderWidget( questions, { plan: 'pro' }, true );
		expect( screen.getByRole( 'progressbar' ) ).toHaveAccessibleName(
			/1\D+3/
		);
		unmount();
		renderWidget( questions, { plan: 'free' }, true );
		expect( screen.getByRole( 'progressbar' ) ).toHaveAccessibleName(
			/1\D+2/
		);
	} );
} );
