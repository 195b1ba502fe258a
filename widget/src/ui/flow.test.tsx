/** @jsxImportSource preact */
import { fireEvent, render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { limits, makeSurvey, questionTypes, strings } from '../test/fixtures';
import type { Answer, Question, Theming, WidgetProps } from '../types';
import { progressOf, shareOf } from './flow';
import { Widget } from './Widget';
import css from './widget.css?inline';

const q = (
	id: number,
	type: Question[ 'type' ],
	more: Partial< Question > = {}
): Question => ( { id, title: `Question ${ id }`, type, config: {}, ...more } );

const radio = ( id: number, options = [ 'Yes', 'No' ] ) =>
	q( id, 'radio-button', { config: { options } } );

/** Shown only when question `on` equals `value`. */
const when = ( id: number, on: number, value: string ): Question =>
	q( id, 'text', {
		logic: {
			enabled: true,
			action: 'show',
			conditions: [ { question_id: on, compare: 'equals', value } ],
		},
	} );

function renderFlow(
	questions: Question[],
	flow = { progress_bar: true, back_button: true },
	extra: Partial< WidgetProps > = {},
	theming: Theming = {}
) {
	const onFinish = vi.fn();
	const onAnswer = vi.fn();
	const base = makeSurvey();
	const survey = makeSurvey( {
		questions,
		settings: { ...base.settings, flow, theming },
	} );
	const view = render(
		<Widget
			survey={ survey }
			strings={ { ...strings, back: 'Back', progress: 'Q %1$d/%2$d' } }
			onFinish={ ( answers: Answer[] ) => onFinish( answers ) }
			onAnswer={ onAnswer }
			questionTypes={ questionTypes }
			limits={ limits }
			{ ...extra }
		/>
	);
	return { onFinish, onAnswer, ...view };
}

const bar = () => screen.getByRole( 'progressbar' );
const button = ( name: string | RegExp ) =>
	screen.getByRole( 'button', { name } );
const click = ( name: string | RegExp ) => fireEvent.click( button( name ) );
const heading = () => screen.getByRole( 'heading', { level: 2 } );
const text = () => screen.getByRole( 'textbox' ) as HTMLInputElement;
const typeIn = ( value: string ) =>
	fireEvent.input( text(), { target: { value } } );
const share = () => ( bar().firstElementChild as HTMLElement ).style.transform;

describe( 'progress', () => {
	it( 'says which question of how many, as a named progressbar, and moves on', () => {
		renderFlow( [ radio( 1 ), q( 2, 'text' ), q( 3, 'text' ) ] );
		expect( bar() ).toHaveAccessibleName( 'Q 1/3' );
		expect( bar() ).toHaveAttribute( 'aria-valuemin', '0' );
		expect( bar() ).toHaveAttribute( 'aria-valuemax', '3' );
		expect( bar() ).toHaveAttribute( 'aria-valuenow', '1' );
		expect( bar() ).toHaveAttribute( 'aria-valuetext', 'Q 1/3' );
		expect( share() ).toBe( `scaleX(${ 1 / 3 })` );
		click( 'Yes' );
		expect( bar() ).toHaveAttribute( 'aria-valuenow', '2' );
		expect( screen.getByText( 'Q 2/3' ) ).toBeVisible();
		typeIn( 'x' );
		click( 'Next' );
		expect( bar() ).toHaveAttribute( 'aria-valuenow', '3' );
		expect( share() ).toBe( 'scaleX(1)' );
		typeIn( 'y' );
		click( 'Submit' );
		expect( screen.queryByRole( 'progressbar' ) ).not.toBeInTheDocument();
	} );

	it( 'is off by default, and in English on a page cached before its string', () => {
		const { unmount } = renderFlow( [ radio( 1 ), q( 2, 'text' ) ], {
			progress_bar: false,
			back_button: false,
		} );
		expect( screen.queryByRole( 'progressbar' ) ).not.toBeInTheDocument();
		click( 'Yes' );
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
		unmount();
		renderFlow( [ radio( 1 ), q( 2, 'text' ) ], undefined, {
			strings: { ...strings, back: undefined, progress: undefined },
		} );
		expect( bar() ).toHaveAccessibleName( 'Question 1 of 2' );
		click( 'Yes' );
		expect( button( 'Back' ) ).toBeInTheDocument();
	} );

	it( 'counts only the questions display logic will show, as far as it is known', () => {
		// 2 follows a Yes to 1; 3 is always asked; 4 is hidden when 1 is No.
		const hideOnNo = q( 4, 'text', {
			logic: {
				enabled: true,
				action: 'hide',
				conditions: [
					{ question_id: 1, compare: 'equals', value: 'No' },
				],
			},
		} );
		const { unmount } = renderFlow( [
			radio( 1 ),
			when( 2, 1, 'Yes' ),
			q( 3, 'text' ),
			hideOnNo,
		] );
		// Nothing picked yet: 2 is not shown (its condition does not hold), 4 is.
		expect( bar() ).toHaveAccessibleName( 'Q 1/3' );
		click( 'Yes' );
		expect( heading() ).toHaveTextContent( 'Question 2' );
		expect( bar() ).toHaveAccessibleName( 'Q 2/4' );
		unmount();

		renderFlow( [
			radio( 1 ),
			when( 2, 1, 'Yes' ),
			q( 3, 'text' ),
			hideOnNo,
		] );
		click( 'No' );
		expect( heading() ).toHaveTextContent( 'Question 3' );
		expect( bar() ).toHaveAccessibleName( 'Q 2/2' );
	} );

	it( 'never draws the bar shorter at a later question when the total grows', () => {
		// Question 2's answer "more" brings four questions more.
		renderFlow( [
			q( 1, 'text' ),
			q( 2, 'text' ),
			...[ 3, 4, 5, 6 ].map( ( id ) => when( id, 2, 'more' ) ),
		] );
		expect( bar() ).toHaveAccessibleName( 'Q 1/2' );
		expect( share() ).toBe( 'scaleX(0.5)' );
		typeIn( 'a' );
		click( 'Next' );
		expect( share() ).toBe( 'scaleX(1)' );
		typeIn( 'more' );
		// The text tells the truth; the bar keeps at least what it had at question 1.
		expect( bar() ).toHaveAccessibleName( 'Q 2/6' );
		expect( share() ).toBe( 'scaleX(0.5)' );
		click( 'Next' );
		expect( bar() ).toHaveAccessibleName( 'Q 3/6' );
		expect( share() ).toBe( 'scaleX(0.5)' );
		typeIn( 'c' );
		click( 'Next' );
		expect( share() ).toBe( `scaleX(${ 4 / 6 })` );
		// Back: the bar follows the question number down again.
		click( 'Back' );
		expect( bar() ).toHaveAccessibleName( 'Q 3/6' );
		expect( share() ).toBe( 'scaleX(0.5)' );
	} );

	it( 'progressOf and shareOf: the numbers on their own', () => {
		const questions = [ radio( 1 ), when( 2, 1, 'Yes' ), q( 3, 'text' ) ];
		expect( progressOf( questions, 0, [], 0 ) ).toEqual( {
			at: 1,
			total: 2,
		} );
		expect(
			progressOf( questions, 0, [ { question_id: 1, value: 'Yes' } ], 0 )
		).toEqual( { at: 1, total: 3 } );
		expect( progressOf( questions, 2, [], 1 ) ).toEqual( {
			at: 2,
			total: 2,
		} );
		const shares: number[] = [];
		expect( shareOf( shares, 1, 2 ) ).toBe( 0.5 );
		expect( shareOf( shares, 2, 8 ) ).toBe( 0.5 );
		expect( shareOf( shares, 3, 4 ) ).toBe( 0.75 );
		expect( shareOf( shares, 1, 4 ) ).toBe( 0.25 );
		expect( shares ).toEqual( [ undefined, 0.25 ] );
	} );
} );

describe( 'Back', () => {
	it( 'returns to the previous question with its answer, keeps the later ones and sends the change', () => {
		const { onAnswer, onFinish } = renderFlow( [
			radio( 1, [ 'Search', 'Friend', 'Ad' ] ),
			q( 2, 'text' ),
			q( 3, 'text' ),
		] );
		// Nowhere to go back to from the first question.
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
		click( 'Friend' );
		typeIn( 'second' );
		click( 'Next' );
		typeIn( 'third, not sent yet' );
		expect( onAnswer ).toHaveBeenCalledTimes( 2 );

		click( 'Back' );
		expect( heading() ).toHaveTextContent( 'Question 2' );
		expect( text().value ).toBe( 'second' );
		click( 'Back' );
		expect( heading() ).toHaveTextContent( 'Question 1' );
		expect( heading() ).toHaveFocus();
		expect( button( 'Friend' ) ).toHaveAttribute( 'aria-pressed', 'true' );
		// A restored pick waits for Next instead of moving on at once.
		click( 'Ad' );
		expect( heading() ).toHaveTextContent( 'Question 1' );
		expect( button( 'Ad' ) ).toHaveAttribute( 'aria-pressed', 'true' );
		click( 'Next' );
		expect( onAnswer ).toHaveBeenCalledTimes( 3 );
		expect( onAnswer ).toHaveBeenLastCalledWith(
			{ question_id: 1, value: 'Ad' },
			1
		);
		// The later answers are where the visitor left them; an unchanged one is not sent again.
		expect( text().value ).toBe( 'second' );
		click( 'Next' );
		expect( onAnswer ).toHaveBeenCalledTimes( 3 );
		expect( text().value ).toBe( 'third, not sent yet' );
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'Ad' },
			{ question_id: 2, value: 'second' },
			{ question_id: 3, value: 'third, not sent yet' },
		] );
	} );

	it( 'goes back over questions display logic hid, and leaves out a kept answer logic now hides', () => {
		const { onFinish } = renderFlow( [
			radio( 1 ),
			when( 2, 1, 'Yes' ),
			q( 3, 'text' ),
		] );
		click( 'Yes' );
		typeIn( 'only after yes' );
		click( 'Next' );
		expect( heading() ).toHaveTextContent( 'Question 3' );
		click( 'Back' );
		click( 'Back' );
		click( 'No' );
		click( 'Next' );
		// 2 is hidden now: straight to 3, whose Back goes to 1.
		expect( heading() ).toHaveTextContent( 'Question 3' );
		click( 'Back' );
		expect( heading() ).toHaveTextContent( 'Question 1' );
		expect( button( 'No' ) ).toHaveAttribute( 'aria-pressed', 'true' );
		click( 'Next' );
		typeIn( 'last' );
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'No' },
			{ question_id: 3, value: 'last' },
		] );
	} );

	it( 'keeps a skip as a skip and lets it be answered after all', () => {
		const { onAnswer, onFinish } = renderFlow( [
			q( 1, 'text' ),
			q( 2, 'text' ),
		] );
		click( 'Skip' );
		expect( onAnswer ).toHaveBeenLastCalledWith(
			{ question_id: 1, value: null },
			1
		);
		click( 'Back' );
		expect( text().value ).toBe( '' );
		typeIn( 'now answered' );
		click( 'Next' );
		expect( onAnswer ).toHaveBeenLastCalledWith(
			{ question_id: 1, value: 'now answered' },
			1
		);
		typeIn( 'b' );
		click( 'Submit' );
		expect( onFinish.mock.calls[ 0 ][ 0 ][ 0 ] ).toEqual( {
			question_id: 1,
			value: 'now answered',
		} );
	} );

	it( 'is a keyboard button before Skip and Next; Enter in a field still means Next', async () => {
		const user = userEvent.setup();
		renderFlow( [ q( 1, 'text' ), q( 2, 'text' ) ] );
		await user.type( text(), 'one{Enter}' );
		expect( heading() ).toHaveTextContent( 'Question 2' );
		await user.type( text(), 'two' );
		await user.tab();
		expect( button( 'Back' ) ).toHaveFocus();
		expect( button( 'Back' ) ).toHaveAttribute( 'type', 'button' );
		await user.tab();
		expect( button( 'Skip' ) ).toHaveFocus();
		await user.tab( { shift: true } );
		await user.keyboard( '{Enter}' );
		expect( heading() ).toHaveTextContent( 'Question 1' );
		expect( heading() ).toHaveFocus();
		expect( text().value ).toBe( 'one' );
		await user.keyboard( '{Tab}{Enter}' );
		expect( heading() ).toHaveTextContent( 'Question 2' );
		expect( text().value ).toBe( 'two' );
	} );

	it( 'the builder preview has both and sends nothing', () => {
		const { onAnswer } = renderFlow(
			[ radio( 1 ), q( 2, 'text' ) ],
			undefined,
			{
				preview: true,
			}
		);
		click( 'Yes' );
		click( 'Back' );
		expect( bar() ).toHaveAccessibleName( 'Q 1/2' );
		click( 'Next' );
		expect( onAnswer ).not.toHaveBeenCalled();
	} );
} );

describe( 'theming', () => {
	const rule = ( selector: string ) =>
		css.match(
			new RegExp(
				`${ selector.replace( /[.]/g, '\\.' ) }\\s*\\{([^}]*)\\}`
			)
		)?.[ 1 ] ?? '';

	it( 'follows the survey’s colours and the dark scheme', () => {
		renderFlow(
			[ radio( 1 ), q( 2, 'text' ) ],
			undefined,
			{},
			{
				color_scheme: 'dark',
				widget_color: '#1d2327',
				text_color: '#f0f0f1',
				button_color: '#ffd700',
			}
		);
		click( 'Yes' );
		const root = document.querySelector< HTMLElement >(
			'.userfeedback-widget'
		)!;
		expect( root.style.getPropertyValue( '--uf-btn' ) ).toBe( '#ffd700' );
		expect( root.style.getPropertyValue( '--uf-text' ) ).toBe( '#f0f0f1' );
		expect( root ).toContainElement( bar() );
		expect( root ).toContainElement( button( 'Back' ) );
		// The bar fills in the button colour on a track of the text colour; Back is drawn
		// in the text colour with a 44 px target.
		expect( rule( '.uf-progress-fill' ) ).toMatch(
			/background: var\(--uf-btn\)/
		);
		expect( rule( '.userfeedback-widget .uf-progress-bar' ) ).toMatch(
			/var\(--uf-text\)/
		);
		expect( rule( '.userfeedback-widget .uf-back' ) ).toMatch(
			/min-height: 44px/
		);
		expect( rule( '.userfeedback-widget .uf-back' ) ).not.toMatch(
			/(^|\s)color:/
		);
	} );
} );
