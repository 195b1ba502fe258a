/** @jsxImportSource preact */
/**
 * The question components read what a type is from the server's config
 * (WidgetConfig.question_types and limits): caps, counters, auto-advance and scales.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';

import {
	limits,
	makeSurvey,
	questionTypes,
	strings,
} from '../../test/fixtures';
import type {
	Question,
	QuestionType,
	QuestionTypeInfo,
	WidgetProps,
} from '../../types';
import { Widget } from '../Widget';
import { QUESTION_COMPONENTS } from './index';

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

function renderWidget( questions: Question[], extra: Partial< WidgetProps > ) {
	const onFinish = vi.fn();
	render(
		<Widget
			survey={ makeSurvey( { questions } ) }
			strings={ strings }
			onFinish={ onFinish }
			{ ...extra }
		/>
	);
	return onFinish;
}

const types = (
	more: Record< string, Partial< QuestionTypeInfo > >
): Record< string, QuestionTypeInfo > =>
	Object.fromEntries(
		Object.entries( questionTypes ).map( ( [ key, info ] ) => [
			key,
			{ ...info, ...more[ key ] },
		] )
	);

const box = ( name: string ) => screen.getByRole( 'textbox', { name } );

describe( 'QUESTION_COMPONENTS', () => {
	it( 'has a component for every type the server registers', () => {
		for ( const key of Object.keys( questionTypes ) ) {
			expect(
				typeof QUESTION_COMPONENTS[ key as QuestionType ],
				key
			).toBe( 'function' );
		}
	} );
} );

describe( 'limits from the config', () => {
	it( 'text: capped at the server’s max_length, with a counter', () => {
		renderWidget( [ question( 1, 'text' ) ], {
			questionTypes: types( { text: { max_length: 12 } } ),
			limits,
		} );
		const text = box( 'Question 1' );
		expect( text.tagName ).toBe( 'INPUT' );
		expect( text ).toHaveAttribute( 'maxLength', '12' );
		expect( text ).toHaveAccessibleDescription( '12 characters left' );
		fireEvent.input( text, { target: { value: 'abcde' } } );
		expect( text ).toHaveAccessibleDescription( '7 characters left' );
	} );

	it( 'the server’s text limit by default: 1,000, where comments were 400', () => {
		renderWidget(
			[
				question( 1, 'text' ),
				question( 2, 'radio-button', {
					config: { options: [ 'Yes', 'No' ] },
					settings: { comment_box: true },
				} ),
			],
			{ questionTypes, limits }
		);
		expect( box( 'Question 1' ) ).toHaveAttribute( 'maxLength', '1000' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		expect( box( 'Comments' ) ).toHaveAttribute( 'maxLength', '1000' );
		expect( box( 'Comments' ) ).toHaveAccessibleDescription(
			'1000 characters left'
		);
	} );

	it( 'email and first name: the email type’s max_length and limits.name_max', () => {
		renderWidget(
			[ question( 1, 'email', { config: { include_name: true } } ) ],
			{
				questionTypes: types( { email: { max_length: 60 } } ),
				limits: { comment_max: 1000, name_max: 20 },
			}
		);
		const name = box( 'First name' );
		expect( name ).toHaveAttribute( 'maxLength', '20' );
		expect( name ).toHaveAccessibleDescription( '20 characters left' );
		const email = box( 'Email' );
		expect( email ).toHaveAttribute( 'maxLength', '60' );
		expect( email ).toHaveAttribute( 'type', 'email' );
		fireEvent.input( email, { target: { value: 'ada@example.com' } } );
		expect( email ).toHaveAccessibleDescription( '45 characters left' );
	} );

	it( 'comments: limits.comment_max', () => {
		renderWidget(
			[
				question( 1, 'star-rating', {
					settings: { comment_box: true },
				} ),
			],
			{ questionTypes, limits: { comment_max: 30, name_max: 100 } }
		);
		expect( box( 'Comments' ) ).toHaveAttribute( 'maxLength', '30' );
		expect( box( 'Comments' ) ).toHaveAccessibleDescription(
			'30 characters left'
		);
	} );

	it( 'a page printed without question_types or limits: no cap and no counter', () => {
		renderWidget(
			[
				question( 1, 'long-text', { settings: { comment_box: true } } ),
				question( 2, 'nps', { settings: { comment_box: true } } ),
			],
			{}
		);
		expect( box( 'Question 1' ) ).not.toHaveAttribute( 'maxLength' );
		expect( screen.queryByText( /characters left/ ) ).toBeNull();
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		expect( box( 'Comments' ) ).not.toHaveAttribute( 'maxLength' );
		// The scale is the type's own.
		expect( screen.getAllByRole( 'radio' ) ).toHaveLength( 11 );
	} );
} );

describe( 'behaviour from the config', () => {
	it( 'auto-advance: as the type says', () => {
		const onFinish = renderWidget(
			[
				question( 1, 'radio-button', {
					config: { options: [ 'Yes', 'No' ] },
				} ),
				question( 2, 'checkbox', {
					config: { options: [ 'A', 'B' ] },
				} ),
			],
			{
				questionTypes: types( {
					'radio-button': { auto_advance: false },
					checkbox: { auto_advance: false },
				} ),
			}
		);
		// Held for Next rather than answered at once.
		fireEvent.click( screen.getByRole( 'button', { name: 'Yes' } ) );
		expect( screen.getByRole( 'button', { name: 'Yes' } ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect(
			screen.getByRole( 'group', { name: 'Question 2' } )
		).toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: 'Skip' } ) );
		expect( onFinish ).toHaveBeenCalledWith(
			[
				{ question_id: 1, value: 'Yes' },
				{ question_id: 2, value: null },
			],
			// The index of the last question shown.
			1
		);
	} );

	it( 'a rating type draws the scale the server gives it', () => {
		renderWidget( [ question( 1, 'star-rating' ) ], {
			questionTypes: types( {
				'star-rating': { scale: { min: 1, max: 3 } },
			} ),
		} );
		expect(
			screen.getAllByRole( 'radio' ).map( ( r ) => r.textContent )
		).toHaveLength( 3 );
		// Named "3 of 3 stars" (WidgetStrings.star_label), not "3".
		expect(
			screen.getByRole( 'radio', { name: '3 of 3 stars' } )
		).toBeInTheDocument();
	} );

	it( 'names star buttons with the translated star_label, and in English without it', () => {
		renderWidget( [ question( 1, 'star-rating' ) ], {
			strings: { ...strings, star_label: '%1$d sur %2$d étoiles' },
		} );
		expect(
			screen
				.getAllByRole( 'radio' )
				.map( ( r ) => r.getAttribute( 'aria-label' ) )
		).toEqual( [
			'1 sur 5 étoiles',
			'2 sur 5 étoiles',
			'3 sur 5 étoiles',
			'4 sur 5 étoiles',
			'5 sur 5 étoiles',
		] );
		cleanup();
		renderWidget( [ question( 1, 'star-rating' ) ], {
			strings: { ...strings, star_label: undefined },
		} );
		expect(
			screen.getByRole( 'radio', { name: '4 of 5 stars' } )
		).toBeInTheDocument();
	} );
} );
