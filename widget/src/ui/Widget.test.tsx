/** @jsxImportSource preact */
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';

import { makeSurvey, strings } from '../test/fixtures';
import type { Question } from '../types';
import { Widget } from './Widget';

function renderWidget( questions?: Question[], extra = {} ) {
	const onFinish = vi.fn();
	const onClose = vi.fn();
	const survey = makeSurvey( questions ? { questions } : {} );
	render(
		<Widget
			survey={ survey }
			strings={ strings }
			onFinish={ onFinish }
			onClose={ onClose }
			{ ...extra }
		/>
	);
	return { onFinish, onClose, survey };
}

describe( 'Widget', () => {
	it( 'steps through a radio and a text question to the thank-you message', () => {
		const { onFinish } = renderWidget();

		expect(
			screen.getByRole( 'dialog', { name: 'Quick question' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();

		// A one-click question: choosing moves on at once.
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );

		const text = screen.getByRole( 'textbox', { name: 'Anything else?' } );
		fireEvent.input( text, { target: { value: 'Loved it' } } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );

		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( onFinish ).toHaveBeenCalledTimes( 1 );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'Friend' },
			{ question_id: 2, value: 'Loved it' },
		] );
	} );

	it( 'stores null for a skipped question and falls back to the default thanks', () => {
		const onFinish = vi.fn();
		const survey = makeSurvey( {
			settings: { theming: {}, thank_you: { type: 'message' } },
		} );
		render(
			<Widget
				survey={ survey }
				strings={ strings }
				onFinish={ onFinish }
			/>
		);

		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );

		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: null },
			{ question_id: 2, value: null },
		] );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thanks for your feedback!'
		);
	} );

	it( 'blocks Next on a required question until it is answered', () => {
		renderWidget( [
			{
				id: 5,
				title: 'Your email',
				type: 'email',
				config: { include_name: true },
				settings: { required: true },
			},
		] );
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		expect( submit ).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();

		fireEvent.input( screen.getByRole( 'textbox', { name: 'Email' } ), {
			target: { value: 'not-an-email' },
		} );
		expect( submit ).toBeDisabled();
		fireEvent.input( screen.getByRole( 'textbox', { name: 'Email' } ), {
			target: { value: 'ann@example.com' },
		} );
		expect( submit ).toBeEnabled();
	} );

	it( 'counts the characters left on long text (400 max)', () => {
		renderWidget( [
			{ id: 9, title: 'Tell us more', type: 'long-text', config: {} },
		] );
		const box = screen.getByRole( 'textbox', { name: 'Tell us more' } );
		expect( box ).toHaveAttribute( 'maxLength', '400' );
		expect( screen.getByText( '400 characters left' ) ).toBeInTheDocument();
		fireEvent.input( box, { target: { value: 'abcde' } } );
		expect( screen.getByText( '395 characters left' ) ).toBeInTheDocument();
	} );

	it( 'collects checkbox answers and moves on with Next', () => {
		const { onFinish } = renderWidget( [
			{
				id: 3,
				title: 'Which features?',
				type: 'checkbox',
				config: { options: [ 'Speed', 'Price', 'Support' ] },
			},
		] );
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Speed' } ) );
		fireEvent.click( screen.getByRole( 'checkbox', { name: 'Support' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 3, value: [ 'Speed', 'Support' ] },
		] );
	} );

	it( 'offers 0 to 10 on NPS, with no Skip', () => {
		const { onFinish } = renderWidget( [
			{ id: 4, title: 'Recommend us?', type: 'nps', config: {} },
		] );
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
		expect( screen.getByText( 'Not Likely' ) ).toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: '0' } ) );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 4, value: 0 },
		] );
	} );

	it( 'rates with stars', () => {
		const { onFinish } = renderWidget( [
			{ id: 6, title: 'Rate us', type: 'star-rating', config: {} },
		] );
		fireEvent.click( screen.getByRole( 'button', { name: '4 / 5' } ) );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 6, value: 4 },
		] );
	} );

	it( 'minimizes to a toggle, reopens, and closes', () => {
		const onMinimizedChange = vi.fn();
		const { onClose } = renderWidget( undefined, { onMinimizedChange } );

		fireEvent.click( screen.getByRole( 'button', { name: 'Minimize' } ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( onMinimizedChange ).toHaveBeenLastCalledWith( true );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Quick question' } )
		);
		expect( onMinimizedChange ).toHaveBeenLastCalledWith( false );
		expect( screen.getByRole( 'dialog' ) ).toBeInTheDocument();

		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( onClose ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'sits at the survey position with its colours', () => {
		const survey = makeSurvey( {
			settings: {
				theming: {
					position: 'middle_left',
					color_scheme: 'dark',
					button_color: '#ff0000',
				},
			},
		} );
		const { container } = render(
			<Widget survey={ survey } strings={ strings } />
		);
		const root = container.querySelector(
			'.userfeedback-widget'
		) as HTMLElement;
		expect( root ).toHaveClass( 'uf-pos-middle_left' );
		expect( root.style.getPropertyValue( '--uf-bg' ) ).toBe( '#333333' );
		expect( root.style.getPropertyValue( '--uf-btn' ) ).toBe( '#ff0000' );
	} );
} );
