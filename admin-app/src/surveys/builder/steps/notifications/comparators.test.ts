import { describe, expect, it } from 'vitest';

import { newQuestion } from '../../../../shared/surveyDefaults';
import type { Question, QuestionType } from '../../../../shared/types';
import { comparatorsFor, subjectQuestions, valueChoices } from './comparators';

const labels = ( type: QuestionType ) =>
	comparatorsFor( type ).map( ( c ) => `${ c.value }:${ c.label }` );

describe( 'comparatorsFor', () => {
	it( 'follows the table of spec 1, section 5', () => {
		expect( labels( 'checkbox' ) ).toEqual( [ 'in:Includes' ] );
		for ( const type of [
			'radio-button',
			'image-radio',
			'icon-choice',
		] as const ) {
			expect( labels( type ) ).toEqual( [
				'equals:Is',
				'not_equals:Is not',
			] );
		}
		for ( const type of [ 'email', 'text', 'long-text' ] as const ) {
			expect( labels( type ) ).toEqual( [
				'contains:Contains',
				'not_contains:Does not contain',
				'starts_with:Starts with',
				'ends_with:Ends with',
			] );
		}
		expect( labels( 'star-rating' ) ).toEqual( [
			'greater_than:Greater than',
			'less_than:Less than',
		] );
		expect( labels( 'nps' ) ).toEqual( [
			'equals:Is',
			'not_equals:Is not',
			'greater_than:Greater than',
			'less_than:Less than',
		] );
	} );
} );

describe( 'subjects and values', () => {
	const question = (
		id: number,
		type: QuestionType,
		options?: Question[ 'config' ][ 'options' ]
	): Question => {
		const q = newQuestion( id, type, `Q${ id }` );
		return options ? { ...q, config: { options } } : q;
	};

	it( 'takes radio, checkbox, NPS and star rating questions as subjects', () => {
		const questions = [
			question( 1, 'text' ),
			question( 2, 'radio-button' ),
			question( 3, 'image-radio' ),
			question( 4, 'checkbox' ),
			question( 5, 'nps' ),
			question( 6, 'star-rating' ),
			question( 7, 'email' ),
			question( 8, 'icon-choice' ),
			question( 9, 'long-text' ),
		];
		expect( subjectQuestions( questions ).map( ( q ) => q.id ) ).toEqual( [
			2, 4, 5, 6,
		] );
	} );

	it( 'offers star values 1 to 5, NPS 0 to 10, option labels, or free text', () => {
		expect( valueChoices( question( 1, 'star-rating' ) ) ).toEqual( [
			'1',
			'2',
			'3',
			'4',
			'5',
		] );
		expect( valueChoices( question( 2, 'nps' ) ) ).toEqual(
			Array.from( { length: 11 }, ( _v, i ) => String( i ) )
		);
		expect(
			valueChoices( question( 3, 'radio-button', [ 'Yes', '', 'No' ] ) )
		).toEqual( [ 'Yes', 'No' ] );
		expect(
			valueChoices(
				question( 4, 'image-radio', [
					{ label: 'Cat', image: null },
					{ label: 'Dog', image: null },
				] )
			)
		).toEqual( [ 'Cat', 'Dog' ] );
		expect( valueChoices( question( 5, 'long-text' ) ) ).toBeNull();
	} );
} );
