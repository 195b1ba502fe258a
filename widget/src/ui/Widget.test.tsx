/** @jsxImportSource preact */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { navigation } from './navigation';

import { limits, makeSurvey, questionTypes, strings } from '../test/fixtures';
import type { Answer, Question, VisitorSurvey, WidgetProps } from '../types';
import { SendFailure } from './send';
import { Widget } from './Widget';

function renderWidget(
	questions?: Question[],
	extra: Partial< WidgetProps > = {},
	settings: Partial< VisitorSurvey[ 'settings' ] > = {}
) {
	// onFinish gets the answers; the index of the last question shown goes to `reached`.
	const onFinish = vi.fn();
	const reached: number[] = [];
	const onAnswer = vi.fn();
	const onClose = vi.fn();
	const base = makeSurvey();
	const survey = makeSurvey( {
		...( questions ? { questions } : {} ),
		settings: { ...base.settings, ...settings },
	} );
	const view = render(
		<Widget
			survey={ survey }
			strings={ strings }
			onFinish={ ( answers: Answer[], at: number ) => {
				reached.push( at );
				return onFinish( answers );
			} }
			onAnswer={ onAnswer }
			onClose={ onClose }
			questionTypes={ questionTypes }
			limits={ limits }
			{ ...extra }
		/>
	);
	return { onFinish, onAnswer, reached, onClose, survey, ...view };
}

const question = (
	id: number,
	type: Question[ 'type' ],
	more: Partial< Question > = {}
): Question => ( {
	id,
	title: `Question ${ id }`,
	type,
	config: {},
	...more,
} );

const click = ( name: string | RegExp, role = 'button' ) =>
	fireEvent.click( screen.getByRole( role, { name } ) );

// The thank-you's Close button (the header has another one).
const doneButton = () =>
	screen.getAllByRole( 'button', { name: 'Close' } ).pop() as HTMLElement;

const type = ( name: string, value: string ) =>
	fireEvent.input( screen.getByRole( 'textbox', { name } ), {
		target: { value },
	} );

describe( 'Widget: question types', () => {
	it( 'steps through a radio and a text question to the thank-you message', () => {
		const { onFinish } = renderWidget();

		// A non-modal dialog named by the visible survey title.
		const dialog = screen.getByRole( 'dialog', { name: 'Quick question' } );
		expect(
			document.getElementById(
				dialog.getAttribute( 'aria-labelledby' ) ?? ''
			)
		).toHaveTextContent( 'Quick question' );
		expect( dialog ).not.toHaveAttribute( 'aria-modal' );
		expect(
			screen.getByRole( 'group', { name: 'How did you find us?' } )
		).toBeInTheDocument();
		// A one-click question: no Next button, choosing moves on at once.
		expect(
			screen.queryByRole( 'button', { name: 'Next' } )
		).not.toBeInTheDocument();
		click( 'Friend' );

		type( 'Anything else?', ' Loved it ' );
		click( 'Submit' );

		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( onFinish ).toHaveBeenCalledTimes( 1 );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'Friend' },
			{ question_id: 2, value: 'Loved it' },
		] );
	} );

	it( 'image-radio: pictures with the label as alt text, picked at once', () => {
		const { onFinish } = renderWidget( [
			question( 3, 'image-radio', {
				config: {
					options: [
						{ label: 'Beach', image: { id: 4, url: '/beach.jpg' } },
						{ label: 'Hills', image: { id: 5, url: '/hills.jpg' } },
						{ label: 'City', image: null },
					],
				},
			} ),
		] );
		expect( screen.getByRole( 'img', { name: 'Beach' } ) ).toHaveAttribute(
			'src',
			'/beach.jpg'
		);
		expect( screen.getAllByRole( 'img' ) ).toHaveLength( 2 );
		click( 'Hills' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 3, value: 'Hills' },
		] );
	} );

	it( 'icon-choice: the server’s SVG drawing in the icon colour and size, picked at once', () => {
		const heart = { viewBox: '0 0 512 512', path: 'M1 2L3 4z' };
		const wide = { viewBox: '0 0 640 512', path: 'M5 6L7 8z' };
		const survey = makeSurvey( {
			questions: [
				question( 4, 'icon-choice', {
					config: {
						options: [
							{
								label: 'Love it',
								icon: { name: 'heart', style: 'solid' },
							},
							{
								label: 'Truck',
								icon: { name: 'truck', style: 'solid' },
							},
							{
								label: 'Meh',
								icon: { name: 'meh', style: 'solid' },
							},
						],
					},
					settings: { icon_color: '#ff0000', icon_size: 'large' },
				} ),
			],
			icons: { heart, truck: wide },
		} );
		const onFinish = vi.fn();
		const { container } = render(
			<Widget
				survey={ survey }
				strings={ strings }
				questionTypes={ questionTypes }
				onFinish={ onFinish }
			/>
		);
		const svgs = Array.from(
			container.querySelectorAll< SVGElement >( 'svg.uf-survey-icon' )
		);
		expect( svgs ).toHaveLength( 3 );
		const [ first, second, third ] = svgs;
		expect( first.querySelector( 'path' ) ).toHaveAttribute(
			'd',
			heart.path
		);
		expect( first ).toHaveAttribute( 'viewBox', '0 0 512 512' );
		expect( first ).toHaveAttribute( 'fill', 'currentColor' );
		expect( first ).toHaveAttribute( 'aria-hidden', 'true' );
		expect( first.style.color ).toBe( 'rgb(255, 0, 0)' );
		expect( first ).toHaveAttribute( 'height', '24' );
		expect( first ).toHaveAttribute( 'width', '24' );
		// A wide drawing keeps its proportions.
		expect( second ).toHaveAttribute( 'width', '30' );
		// No drawing on the page for "meh": the question mark, never an empty box.
		expect( third ).toHaveAttribute( 'data-icon-unknown' );
		expect( third.querySelector( 'path' )?.getAttribute( 'd' ) ).toMatch(
			/^M12 2a10/
		);
		// No emoji or text glyph next to the label.
		expect(
			screen.getByRole( 'button', { name: 'Love it' } )
		).toHaveTextContent( /^Love it$/ );
		click( 'Meh' );
		expect( onFinish ).toHaveBeenCalledWith(
			[ { question_id: 4, value: 'Meh' } ],
			0
		);
	} );

	it( 'icon-choice defaults: #1579EF, medium (20px)', () => {
		const icons = {
			options: [ { label: 'A', icon: { name: 'star', style: 'solid' } } ],
		};
		const { container } = renderWidget( [
			question( 4, 'icon-choice', { config: icons } ),
		] );
		const glyph = container.querySelector(
			'.uf-survey-icon'
		) as SVGElement;
		expect( glyph.style.color ).toBe( 'rgb(21, 121, 239)' );
		expect( glyph ).toHaveAttribute( 'height', '20' );
	} );

	it( 'checkbox: several ticks, in the options’ order, then Next', () => {
		const { onFinish } = renderWidget( [
			question( 3, 'checkbox', {
				config: { options: [ 'Speed', 'Price', 'Support' ] },
			} ),
			question( 5, 'text' ),
		] );
		click( 'Support', 'checkbox' );
		click( 'Speed', 'checkbox' );
		// Ticking does not move on: a multi-select question needs Next.
		expect(
			screen.getByRole( 'group', { name: 'Question 3' } )
		).toBeInTheDocument();
		click( 'Next' );
		click( 'Skip' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 3, value: [ 'Speed', 'Support' ] },
			{ question_id: 5, value: null },
		] );
	} );

	it( 'star-rating: a radio group of 1 to 5, picked at once', () => {
		const { onFinish } = renderWidget( [ question( 6, 'star-rating' ) ] );
		const group = screen.getByRole( 'radiogroup', { name: 'Question 6' } );
		expect( group.querySelectorAll( '[role="radio"]' ) ).toHaveLength( 5 );
		// Each star is named "4 of 5 stars" (issue 17), not "4".
		click( '4 of 5 stars', 'radio' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 6, value: 4 },
		] );
	} );

	it( 'nps: 0 to 10 with its labels, no Skip, picked at once', () => {
		const { onFinish } = renderWidget( [ question( 4, 'nps' ) ] );
		const group = screen.getByRole( 'radiogroup', { name: 'Question 4' } );
		expect(
			[ ...group.querySelectorAll( '[role="radio"]' ) ].map(
				( radio ) => radio.textContent
			)
		).toEqual( [ '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10' ] );
		expect( group ).toHaveAccessibleDescription(
			'Not Likely Extremely Likely'
		);
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
		click( '0', 'radio' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 4, value: 0 },
		] );
	} );

	it( 'long-text: at most the server’s limit for the type, with a live counter', () => {
		const { onFinish } = renderWidget( [ question( 9, 'long-text' ) ] );
		const box = screen.getByRole( 'textbox', { name: 'Question 9' } );
		expect( box.tagName ).toBe( 'TEXTAREA' );
		expect( box ).toHaveAttribute( 'maxLength', '400' );
		expect( box ).toHaveAccessibleDescription( '400 characters left' );
		type( 'Question 9', 'abcde' );
		expect( screen.getByText( '395 characters left' ) ).toBeInTheDocument();
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 9, value: 'abcde' },
		] );
	} );

	it( 'email: an email field; the first name goes in extra.name', () => {
		const { onFinish } = renderWidget( [
			question( 5, 'email', { config: { include_name: true } } ),
		] );
		expect(
			screen.getByRole( 'textbox', { name: 'Email' } )
		).toHaveAttribute( 'type', 'email' );
		type( 'First name', ' Ann ' );
		type( 'Email', 'not-an-email' );
		// The browser's own validation refuses it (and says why).
		click( 'Submit' );
		expect( onFinish ).not.toHaveBeenCalled();
		type( 'Email', 'ann@example.com' );
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{
				question_id: 5,
				value: 'ann@example.com',
				extra: { name: 'Ann' },
			},
		] );
	} );

	it( 'email without include_name: the field is named by the question', () => {
		renderWidget( [ question( 5, 'email' ) ] );
		expect(
			screen.getByRole( 'textbox', { name: 'Question 5' } )
		).toHaveAttribute( 'type', 'email' );
		expect(
			screen.queryByRole( 'textbox', { name: 'First name' } )
		).not.toBeInTheDocument();
	} );

	it( 'randomize shuffles the options once and keeps them all', () => {
		vi.spyOn( Math, 'random' ).mockReturnValue( 0 );
		const options = [ 'A', 'B', 'C', 'D' ];
		const { onFinish } = renderWidget( [
			question( 3, 'radio-button', {
				config: { options },
				settings: { randomize: true },
			} ),
		] );
		const shown = () =>
			screen
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
				.filter( ( text ) => options.includes( text ?? '' ) );
		const order = shown();
		expect( order ).not.toEqual( options );
		expect( [ ...order ].sort() ).toEqual( options );
		// Not shuffled again on the next render.
		vi.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		click( 'Minimize' );
		click( 'Quick question' );
		expect( shown() ).toEqual( order );
		click( 'C' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 3, value: 'C' },
		] );
	} );
} );

describe( 'Widget: Skip, required, comment box', () => {
	it( 'stores null for a skipped question and falls back to the default thanks', () => {
		const { onFinish } = renderWidget(
			undefined,
			{},
			{ thank_you: { type: 'message' } }
		);
		click( 'Skip' );
		click( 'Skip' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: null },
			{ question_id: 2, value: null },
		] );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thanks for your feedback!'
		);
	} );

	it( 'uses the theming’s skip and next texts', () => {
		renderWidget(
			[ question( 1, 'text' ), question( 2, 'text' ) ],
			{},
			{ theming: { skip_text: 'Pass', next_text: 'Onward' } }
		);
		expect( screen.getByRole( 'button', { name: 'Pass' } ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Onward' } )
		).toBeVisible();
	} );

	it( 'required blocks Skip and Next only with question_settings', () => {
		const required = [
			question( 5, 'text', { settings: { required: true } } ),
		];
		const { unmount } = renderWidget( required );
		expect( screen.getByRole( 'button', { name: 'Skip' } ) ).toBeVisible();
		expect(
			screen.getByRole( 'button', { name: 'Submit' } )
		).toBeEnabled();
		unmount();

		const { onFinish } = renderWidget( required, {
			features: { question_settings: true },
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		expect( submit ).toBeDisabled();
		type( 'Question 5', '   ' );
		expect( submit ).toBeDisabled();
		type( 'Question 5', 'ok' );
		expect( submit ).toBeEnabled();
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 5, value: 'ok' },
		] );
	} );

	it( 'NPS can never be skipped, required or not', () => {
		renderWidget(
			[ question( 4, 'nps', { settings: { required: false } } ) ],
			{ features: { question_settings: false } }
		);
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
	} );

	it( 'which types can never be skipped comes from the server’s registry', () => {
		renderWidget( [ question( 4, 'nps' ), question( 5, 'text' ) ], {
			features: { question_settings: false },
			questionTypes: {
				...questionTypes,
				nps: { ...questionTypes.nps, required: false },
				text: { ...questionTypes.text, required: true },
			},
		} );
		click( 'Skip' );
		expect( screen.getByText( 'Question 5' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
	} );

	it( 'a required checkbox blocks only while nothing is ticked', () => {
		renderWidget(
			[
				question( 3, 'checkbox', {
					config: { options: [ 'Speed', 'Price' ] },
					settings: { required: true },
				} ),
			],
			{ features: { question_settings: true } }
		);
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		expect( submit ).toBeDisabled();
		click( 'Price', 'checkbox' );
		expect( submit ).toBeEnabled();
		click( 'Price', 'checkbox' );
		expect( submit ).toBeDisabled();
	} );

	it( 'a comment box holds the pick for Next and sends extra.comments', () => {
		const { onFinish } = renderWidget( [
			question( 1, 'radio-button', {
				config: { options: [ 'Yes', 'No' ] },
				settings: { comment_box: true },
			} ),
			question( 2, 'nps', { settings: { comment_box: true } } ),
		] );
		click( 'No' );
		expect( screen.getByRole( 'button', { name: 'No' } ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		const comments = screen.getByRole( 'textbox', { name: 'Comments' } );
		expect( comments ).toHaveAccessibleDescription(
			'1000 characters left'
		);
		expect( comments ).toHaveAttribute( 'maxLength', '1000' );
		type( 'Comments', ' Too slow ' );
		click( 'Next' );

		// NPS with a comment box: Next waits for a score; still no Skip.
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		expect( submit ).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Skip' } )
		).not.toBeInTheDocument();
		click( '9', 'radio' );
		expect( submit ).toBeEnabled();
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'No', extra: { comments: 'Too slow' } },
			{ question_id: 2, value: 9 },
		] );
	} );

	it( 'no comment box on text, long-text and email; extras dropped on Skip', () => {
		const { onFinish } = renderWidget( [
			question( 1, 'text', { settings: { comment_box: true } } ),
			question( 2, 'star-rating', { settings: { comment_box: true } } ),
		] );
		expect(
			screen.queryByRole( 'textbox', { name: 'Comments' } )
		).not.toBeInTheDocument();
		click( 'Skip' );
		type( 'Comments', 'typed, then skipped' );
		click( 'Skip' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: null },
			{ question_id: 2, value: null },
		] );
	} );
} );

describe( 'Widget: display logic', () => {
	const radio = question( 1, 'radio-button', {
		config: { options: [ 'Yes', 'No' ] },
	} );
	const when = (
		action: string,
		compare: string,
		value: unknown,
		subject = 1
	) => ( {
		logic: {
			enabled: true,
			action,
			conditions: [ { question_id: subject, compare, value } ],
		},
	} );

	it( 'shows the first following question whose logic passes; hidden ones are not answered', () => {
		const { onFinish } = renderWidget( [
			radio,
			question( 2, 'text', when( 'show', 'equals', 'Yes' ) ),
			question( 3, 'text', when( 'hide', 'equals', 'Yes' ) ),
			question( 4, 'text', when( 'show', 'equals', 'No' ) ),
		] );
		click( 'No' );
		expect(
			screen.getByRole( 'heading', { name: 'Question 3' } )
		).toBeInTheDocument();
		// Question 4 is still to come: Next, not Submit.
		type( 'Question 3', 'three' );
		click( 'Next' );
		type( 'Question 4', 'four' );
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'No' },
			{ question_id: 3, value: 'three' },
			{ question_id: 4, value: 'four' },
		] );
	} );

	it( 'hands each answer but the last to onAnswer as it is given, with the index of the question shown next', () => {
		const { onAnswer, onFinish, reached } = renderWidget( [
			radio,
			question( 2, 'text', when( 'show', 'equals', 'Yes' ) ),
			question( 3, 'text' ),
			question( 4, 'text' ),
		] );
		click( 'No' );
		// Question 2 is hidden: the visitor reached question 3 (index 2).
		expect( onAnswer ).toHaveBeenCalledTimes( 1 );
		expect( onAnswer ).toHaveBeenLastCalledWith(
			{ question_id: 1, value: 'No' },
			2
		);
		click( 'Skip' );
		expect( onAnswer ).toHaveBeenCalledTimes( 2 );
		expect( onAnswer ).toHaveBeenLastCalledWith(
			{ question_id: 3, value: null },
			3
		);
		type( 'Question 4', 'four' );
		click( 'Submit' );
		// The last answer goes with every other one, to onFinish only.
		expect( onAnswer ).toHaveBeenCalledTimes( 2 );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'No' },
			{ question_id: 3, value: null },
			{ question_id: 4, value: 'four' },
		] );
		expect( reached ).toEqual( [ 3 ] );
	} );

	it( 'finishes when no following question qualifies', () => {
		const { onFinish } = renderWidget( [
			radio,
			question( 2, 'text', when( 'show', 'equals', 'No' ) ),
			question( 3, 'text', when( 'hide', 'equals', 'Yes' ) ),
		] );
		click( 'Yes' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: 'Yes' },
		] );
	} );

	it( 'a skipped subject fails "show"', () => {
		const { onFinish } = renderWidget( [
			question( 1, 'star-rating' ),
			question( 2, 'text', when( 'show', 'less_than', '3' ) ),
			question( 3, 'text', when( 'hide', 'less_than', '3' ) ),
		] );
		click( 'Skip' );
		expect(
			screen.getByRole( 'heading', { name: 'Question 3' } )
		).toBeInTheDocument();
		// Only question 3 can follow: its button says Submit.
		click( 'Submit' );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 1, value: null },
			{ question_id: 3, value: null },
		] );
	} );

	it( 'the Next label knows whether a question can follow', () => {
		renderWidget( [
			question( 1, 'checkbox', { config: { options: [ 'A', 'B' ] } } ),
			question( 2, 'text', when( 'show', 'in', 'B' ) ),
		] );
		expect(
			screen.getByRole( 'button', { name: 'Submit' } )
		).toBeVisible();
		click( 'B', 'checkbox' );
		expect( screen.getByRole( 'button', { name: 'Next' } ) ).toBeVisible();
	} );
} );

describe( 'Widget: finish, redirect, inline, preview', () => {
	const conditional = {
		thank_you: {
			type: 'conditional_redirect',
			message: 'Bye',
			conditions: [
				{
					question: 1,
					condition_type: 'equals',
					condition: 'Friend',
					page: null,
					redirect_url: 'https://site.test/friends/',
				},
			],
		},
	};
	const stubLocation = () => {
		const assign = vi.fn();
		vi.spyOn( navigation, 'assign' ).mockImplementation( assign );
		return assign;
	};

	it( 'thanks and redirects once onFinish is fulfilled, with thank_you_redirect', async () => {
		const assign = stubLocation();
		let settle: ( value?: unknown ) => void = () => {};
		const onFinish = vi.fn(
			() => new Promise( ( resolve ) => ( settle = resolve ) )
		);
		renderWidget(
			undefined,
			{ onFinish, features: { thank_you_redirect: true } },
			conditional
		);
		click( 'Friend' );
		click( 'Skip' );
		// Still on the last question, the button busy, until the answers are saved.
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
		expect(
			screen.getByRole( 'button', { name: 'Sending…' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		await Promise.resolve();
		expect( assign ).not.toHaveBeenCalled();
		settle();
		await waitFor( () =>
			expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Bye' )
		);
		expect( assign ).toHaveBeenCalledWith( 'https://site.test/friends/' );
	} );

	it( 'neither thanks nor redirects when saving failed', async () => {
		const assign = stubLocation();
		renderWidget(
			undefined,
			{
				onFinish: () => Promise.reject( new Error( 'offline' ) ),
				features: { thank_you_redirect: true },
			},
			{
				thank_you: {
					type: 'redirect',
					redirect_url: 'https://site.test/thanks/',
				},
			}
		);
		click( 'Ad' );
		click( 'Skip' );
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				strings.send_failed
			)
		);
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
		expect( assign ).not.toHaveBeenCalled();
	} );

	it( 'answers sent again by themselves after a failure: the thank-you (and redirect) then', async () => {
		const assign = stubLocation();
		let deliver: ( value?: unknown ) => void = () => {};
		const failure = new SendFailure( 'unreachable' );
		failure.later = new Promise( ( resolve ) => ( deliver = resolve ) );
		renderWidget(
			undefined,
			{
				onFinish: () => Promise.reject( failure ),
				features: { thank_you_redirect: true },
			},
			conditional
		);
		click( 'Friend' );
		click( 'Skip' );
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				strings.send_failed
			)
		);
		expect( assign ).not.toHaveBeenCalled();
		deliver( 5 );
		await waitFor( () =>
			expect( screen.getByRole( 'status' ) ).toHaveTextContent( 'Bye' )
		);
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
		expect( assign ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'answers the server refuses when they are sent again by themselves: the refusal then', async () => {
		let refuse: ( failure: SendFailure ) => void = () => {};
		const failure = new SendFailure( 'unreachable' );
		failure.later = new Promise( ( _, reject ) => ( refuse = reject ) );
		renderWidget( undefined, {
			onFinish: () => Promise.reject( failure ),
		} );
		click( 'Friend' );
		click( 'Skip' );
		await screen.findByRole( 'button', { name: 'Retry' } );
		refuse(
			new SendFailure( 'refused', 'No longer an option.', {
				1: 'No longer an option.',
			} )
		);
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				'No longer an option.'
			)
		);
		expect(
			screen.getByRole( 'button', {
				name: 'Change your answer to “How did you find us?”',
			} )
		).toBeInTheDocument();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
	} );

	it( 'an older sending settling late changes nothing once the answers went again', async () => {
		let deliver: ( value?: unknown ) => void = () => {};
		const failure = new SendFailure( 'unreachable' );
		failure.later = new Promise( ( resolve ) => ( deliver = resolve ) );
		let second: ( failure: SendFailure ) => void = () => {};
		const onFinish = vi
			.fn()
			.mockImplementationOnce( () => Promise.reject( failure ) )
			.mockReturnValueOnce(
				new Promise( ( _, reject ) => ( second = reject ) )
			);
		renderWidget( [ question( 1, 'text' ) ], { onFinish } );
		type( 'Question 1', 'hello' );
		click( 'Submit' );
		await screen.findByRole( 'button', { name: 'Retry' } );
		click( 'Retry' );
		expect( onFinish ).toHaveBeenCalledTimes( 2 );
		// The first sending's background delivery is not the one on screen any more.
		deliver();
		second( new SendFailure( 'refused', 'Too long.' ) );
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				'Too long.'
			)
		);
		expect( screen.getByRole( 'status' ) ).toHaveTextContent( '' );
	} );

	it( 'does not redirect without the feature, when no row holds, or in preview', async () => {
		const assign = stubLocation();
		const { unmount } = renderWidget( undefined, {}, conditional );
		click( 'Friend' );
		click( 'Skip' );
		unmount();
		const second = renderWidget(
			undefined,
			{ features: { thank_you_redirect: true } },
			conditional
		);
		click( 'Search' );
		click( 'Skip' );
		second.unmount();
		renderWidget(
			undefined,
			{ features: { thank_you_redirect: true }, preview: true },
			conditional
		);
		click( 'Friend' );
		click( 'Skip' );
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
		expect( assign ).not.toHaveBeenCalled();
	} );

	it( 'the floating thank-you has a Close button', () => {
		const { onClose } = renderWidget( [ question( 1, 'text' ) ] );
		click( 'Skip' );
		const status = screen.getByRole( 'status' );
		expect( status ).toHaveTextContent( 'Thank you, really!' );
		fireEvent.click( doneButton() );
		expect( onClose ).toHaveBeenCalledTimes( 1 );
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'inline: in the page flow, no close or minimise button', () => {
		const { container } = renderWidget( [ question( 1, 'text' ) ], {
			inline: true,
			minimized: true,
		} );
		const root = container.querySelector( '.userfeedback-widget' );
		expect( root ).toHaveClass( 'uf-inline' );
		// A region of the page, named by the survey title; not a dialog.
		expect(
			screen.getByRole( 'region', { name: 'Quick question' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( root?.className ).not.toMatch( /uf-pos-/ );
		expect( screen.getByRole( 'heading' ) ).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Close' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Minimize' } )
		).not.toBeInTheDocument();
		click( 'Skip' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( screen.queryByRole( 'button' ) ).not.toBeInTheDocument();
	} );

	it( 'initialFinished starts on the thank-you, without calling onFinish', () => {
		const { onFinish } = renderWidget( undefined, {
			inline: true,
			initialFinished: true,
		} );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
		expect( onFinish ).not.toHaveBeenCalled();
	} );

	it( 'preview: sends nothing, clears the answers, and Close starts again', () => {
		const { onFinish, onAnswer, onClose } = renderWidget( undefined, {
			preview: true,
		} );
		click( 'Friend' );
		type( 'Anything else?', 'x' );
		click( 'Submit' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Thank you, really!'
		);
		expect( onFinish ).not.toHaveBeenCalled();
		expect( onAnswer ).not.toHaveBeenCalled();
		fireEvent.click( doneButton() );
		expect( onClose ).not.toHaveBeenCalled();
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeInTheDocument();
		// A fresh start: the earlier answers are gone.
		click( 'Ad' );
		expect(
			screen.getByRole( 'textbox', { name: 'Anything else?' } )
		).toHaveValue( '' );
	} );
} );

describe( 'Widget: keyboard and focus', () => {
	const radios = () => screen.getAllByRole( 'radio' );

	it( 'NPS: arrow keys, Home and End move a roving tabindex and the choice', () => {
		const { onFinish } = renderWidget( [ question( 4, 'nps' ) ] );
		expect( radios().map( ( r ) => r.tabIndex ) ).toEqual( [
			0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
		] );
		radios()[ 0 ].focus();
		fireEvent.keyDown( radios()[ 0 ], { key: 'ArrowRight' } );
		expect( radios()[ 1 ] ).toHaveFocus();
		expect( radios()[ 1 ] ).toHaveAttribute( 'aria-checked', 'true' );
		expect( radios()[ 1 ].tabIndex ).toBe( 0 );
		expect( radios()[ 0 ].tabIndex ).toBe( -1 );
		fireEvent.keyDown( radios()[ 1 ], { key: 'End' } );
		expect( radios()[ 10 ] ).toHaveFocus();
		fireEvent.keyDown( radios()[ 10 ], { key: 'ArrowDown' } );
		expect( radios()[ 0 ] ).toHaveFocus();
		fireEvent.keyDown( radios()[ 0 ], { key: 'ArrowLeft' } );
		expect( radios()[ 10 ] ).toHaveFocus();
		fireEvent.keyDown( radios()[ 10 ], { key: 'Home' } );
		fireEvent.keyDown( radios()[ 0 ], { key: 'ArrowRight' } );
		fireEvent.keyDown( radios()[ 1 ], { key: 'ArrowRight' } );
		// Arrows only move; nothing is answered until a pick.
		expect( onFinish ).not.toHaveBeenCalled();
		fireEvent.click( radios()[ 2 ] );
		expect( onFinish ).toHaveBeenCalledWith( [
			{ question_id: 4, value: 2 },
		] );
	} );

	it( 'stars: arrow keys move the choice and fill the stars up to it', () => {
		renderWidget( [ question( 6, 'star-rating' ) ] );
		radios()[ 0 ].focus();
		fireEvent.keyDown( radios()[ 0 ], { key: 'ArrowRight' } );
		fireEvent.keyDown( radios()[ 1 ], { key: 'ArrowUp' } );
		expect( radios()[ 0 ] ).toHaveFocus();
		fireEvent.keyDown( radios()[ 0 ], { key: 'ArrowLeft' } );
		expect( radios()[ 4 ] ).toHaveFocus();
		fireEvent.keyDown( radios()[ 4 ], { key: 'ArrowLeft' } );
		expect( radios()[ 3 ] ).toHaveAttribute( 'aria-checked', 'true' );
		expect(
			radios().map( ( r ) => r.classList.contains( 'uf-on' ) )
		).toEqual( [ true, true, true, true, false ] );
	} );

	it( 'does not take the focus on first show, then moves it to each new question', () => {
		const outside = document.body.appendChild(
			document.createElement( 'button' )
		);
		outside.focus();
		renderWidget();
		expect( outside ).toHaveFocus();
		click( 'Friend' );
		expect(
			screen.getByRole( 'heading', { name: 'Anything else?' } )
		).toHaveFocus();
		click( 'Skip' );
		expect( doneButton() ).toHaveFocus();
		outside.remove();
	} );

	it( 'minimise focuses the toggle; reopening focuses the question', () => {
		const onMinimizedChange = vi.fn();
		renderWidget( undefined, { onMinimizedChange } );
		click( 'Minimize' );
		expect( onMinimizedChange ).toHaveBeenLastCalledWith( true );
		const toggle = screen.getByRole( 'button', { name: 'Quick question' } );
		expect( toggle ).toHaveFocus();
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( screen.queryByRole( 'heading' ) ).not.toBeInTheDocument();
		click( 'Quick question' );
		expect( onMinimizedChange ).toHaveBeenLastCalledWith( false );
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toHaveFocus();
	} );

	it( 'Escape minimises a floating widget', () => {
		renderWidget();
		fireEvent.keyDown( screen.getByRole( 'button', { name: 'Friend' } ), {
			key: 'Escape',
		} );
		expect(
			screen.getByRole( 'button', { name: 'Quick question' } )
		).toHaveFocus();
	} );

	it( 'closing hands the focus back to where it was', () => {
		const outside = document.body.appendChild(
			document.createElement( 'a' )
		);
		outside.href = '#';
		outside.focus();
		const { onClose } = renderWidget();
		screen.getByRole( 'button', { name: 'Friend' } ).focus();
		click( 'Close' );
		expect( onClose ).toHaveBeenCalled();
		expect( outside ).toHaveFocus();
		outside.remove();
	} );

	it( 'starts minimised when asked, with the toggle text and icon', () => {
		const { container } = renderWidget(
			undefined,
			{ minimized: true },
			{
				theming: {
					widget_toggle_text: 'Feedback?',
					widget_toggle_icon: 'smile',
					widget_toggle_color: '#00aa00',
				},
			}
		);
		const toggle = screen.getByRole( 'button', { name: 'Feedback?' } );
		expect( toggle ).not.toHaveFocus();
		expect( toggle.querySelector( 'svg' ) ).toHaveAttribute(
			'aria-hidden',
			'true'
		);
		const root = container.querySelector(
			'.userfeedback-widget'
		) as HTMLElement;
		expect( root.style.getPropertyValue( '--uf-toggle' ) ).toBe(
			'#00aa00'
		);
	} );
} );

describe( 'Widget: theming', () => {
	const rootOf = ( container: Element ) =>
		container.querySelector( '.userfeedback-widget' ) as HTMLElement;

	// The server (and the admin's previews) resolve a look completely, presets included
	// (tests/fixtures/contract/theme-presets.json): the widget draws what it is given.
	it( 'sits at the survey position with the dark preset and custom colours', () => {
		const { container } = renderWidget(
			undefined,
			{},
			{
				theming: {
					position: 'middle_left',
					color_scheme: 'dark',
					widget_color: '#333333',
					text_color: '#ffffff',
					button_color: '#aa0000',
				},
			}
		);
		const root = rootOf( container );
		expect( root ).toHaveClass( 'uf-pos-middle_left' );
		expect( root.style.getPropertyValue( '--uf-bg' ) ).toBe( '#333333' );
		expect( root.style.getPropertyValue( '--uf-text' ) ).toBe( '#ffffff' );
		expect( root.style.getPropertyValue( '--uf-btn' ) ).toBe( '#aa0000' );
		expect( root.style.getPropertyValue( '--uf-btn-text' ) ).toBe( '#fff' );
	} );

	it( 'at the bottom right by default, with the light look it is given', () => {
		const { container } = renderWidget(
			undefined,
			{},
			{
				theming: {
					widget_color: '#ffffff',
					text_color: '#23282D',
					button_color: '#2D87F1',
				},
			}
		);
		const root = rootOf( container );
		expect( root ).toHaveClass( 'uf-pos-bottom_right' );
		expect( root.style.getPropertyValue( '--uf-bg' ) ).toBe( '#ffffff' );
		expect( root.style.getPropertyValue( '--uf-text' ) ).toBe( '#23282D' );
		// #2D87F1 with white text is 3.6:1: drawn a little darker for 4.5:1.
		expect( root.style.getPropertyValue( '--uf-btn' ) ).toBe( '#2673cd' );
	} );

	it( 'draws our mark, a custom logo, or none', () => {
		const { container, unmount } = renderWidget();
		expect( container.querySelector( 'svg.uf-logo' ) ).toBeInTheDocument();
		unmount();

		const custom = renderWidget(
			undefined,
			{},
			{
				theming: { logo_type: 'custom', custom_logo: '/logo.png' },
			}
		);
		const img = custom.container.querySelector( 'img.uf-logo' );
		expect( img ).toHaveAttribute( 'src', '/logo.png' );
		expect( img ).toHaveAttribute( 'alt', '' );
		custom.unmount();

		for ( const theming of [
			{ show_logo: false },
			{ logo_type: 'none' as const },
		] ) {
			const none = renderWidget( undefined, {}, { theming } );
			expect(
				none.container.querySelector( '.uf-logo' )
			).not.toBeInTheDocument();
			none.unmount();
		}
	} );

	it( 'loads the font stylesheet the server gave, and none it would make itself', () => {
		const stylesheets = () =>
			[ ...document.querySelectorAll( 'link[rel="stylesheet"]' ) ].map(
				( link ) => link.getAttribute( 'href' )
			);
		renderWidget( undefined, {}, { theming: {} } );
		// A family without the server's URL (an admin draft, an older config): the
		// family is asked for, nothing is fetched, no one is contacted.
		const bare = renderWidget(
			undefined,
			{},
			{ theming: { font: { family: 'Open Sans', weight: '600' } } }
		);
		expect( stylesheets() ).toEqual( [] );
		expect(
			rootOf( bare.container ).style.getPropertyValue( '--uf-font' )
		).toBe( '"Open Sans"' );
		bare.unmount();

		const url =
			'http://site.test/wp-content/plugins/userfeedback/build/fonts/open-sans.css?ver=1.0';
		const { container } = renderWidget(
			undefined,
			{},
			{
				theming: { font: { family: 'Open Sans', weight: '600', url } },
			}
		);
		expect( stylesheets() ).toEqual( [ url ] );
		const root = rootOf( container );
		expect( root.style.getPropertyValue( '--uf-font' ) ).toBe(
			'"Open Sans"'
		);
		expect( root.style.getPropertyValue( '--uf-weight' ) ).toBe( '600' );
		document.querySelector( 'link[rel="stylesheet"]' )?.remove();
	} );
} );
