import { describe, expect, it } from 'vitest';

import { makeSurvey } from '../test/fixtures';
import type { Answer, Question, VisitorSurvey } from '../types';
import {
	compareAnswer,
	isEmpty,
	isShown,
	nextQuestion,
	redirectUrl,
} from './logic';

describe( 'compareAnswer', () => {
	it.each( [
		// comparator, answer, value, expected
		[ 'equals', 'Yes', 'Yes', true ],
		[ 'equals', 'Yes', 'No', false ],
		[ 'equals', 7, '7', true ],
		[ 'equals', [ 'A', 'B' ], 'B', true ],
		[ 'not_equals', 'Yes', 'No', true ],
		[ 'not_equals', 'Yes', 'Yes', false ],
		[ 'not_equals', 3, '3', false ],
		[ 'in', [ 'Speed', 'Price' ], 'Price', true ],
		[ 'in', [ 'Speed', 'Price' ], 'Support', false ],
		[ 'in', 'Speed', [ 'Price', 'Speed' ], true ],
		[ 'in', [ 'Speed' ], [ 'Price', 'Support' ], false ],
		[ 'contains', 'The price is high', 'PRICE', true ],
		[ 'contains', 'All good', 'price', false ],
		[ 'not_contains', 'All good', 'price', true ],
		[ 'not_contains', 'Price too high', 'price', false ],
		[ 'starts_with', 'ann@example.com', 'Ann', true ],
		[ 'starts_with', 'bob@example.com', 'ann', false ],
		[ 'ends_with', 'ann@example.com', '@EXAMPLE.com', true ],
		[ 'ends_with', 'ann@example.org', '.com', false ],
		[ 'greater_than', 4, '3', true ],
		[ 'greater_than', 3, '3', false ],
		[ 'greater_than', 'many', '3', false ],
		[ 'less_than', 2, '3', true ],
		[ 'less_than', 9, '3', false ],
		[ 'less_than', 0, '1', true ],
		[ 'less_than', [ '1' ], '3', false ],
	] )( '%s: %j against %j is %s', ( compare, answer, value, expected ) => {
		expect( compareAnswer( compare, answer, value ) ).toBe( expected );
	} );

	it( 'is false for an unknown comparator', () => {
		expect( compareAnswer( 'matches', 'Yes', 'Yes' ) ).toBe( false );
		expect( compareAnswer( '', 'Yes', 'Yes' ) ).toBe( false );
		expect( compareAnswer( 'toString', 'Yes', 'Yes' ) ).toBe( false );
		expect( compareAnswer( 'constructor', 'Yes', 'Yes' ) ).toBe( false );
	} );

	it( 'is false for a condition with no value, "not" comparators too', () => {
		for ( const compare of [
			'equals',
			'not_equals',
			'contains',
			'not_contains',
			'in',
		] ) {
			expect( compareAnswer( compare, 'Yes', '' ) ).toBe( false );
			expect( compareAnswer( compare, 'Yes', null ) ).toBe( false );
			expect( compareAnswer( compare, 'Yes', undefined ) ).toBe( false );
			expect( compareAnswer( compare, 'Yes', [] ) ).toBe( false );
		}
	} );

	it( 'is false when the question was skipped or not reached', () => {
		expect( compareAnswer( 'not_equals', null, 'Yes' ) ).toBe( false );
		expect( compareAnswer( 'not_contains', undefined, 'x' ) ).toBe( false );
		expect( compareAnswer( 'in', [], 'x' ) ).toBe( false );
		expect( compareAnswer( 'less_than', null, '5' ) ).toBe( false );
	} );
} );

describe( 'isEmpty', () => {
	it( 'treats null, blank text and no ticks as empty, and 0 as an answer', () => {
		expect( isEmpty( null ) ).toBe( true );
		expect( isEmpty( '  ' ) ).toBe( true );
		expect( isEmpty( [] ) ).toBe( true );
		expect( isEmpty( 0 ) ).toBe( false );
		expect( isEmpty( [ 'a' ] ) ).toBe( false );
	} );
} );

const q = ( id: number, logic?: Question[ 'logic' ] ): Question => ( {
	id,
	title: `Q${ id }`,
	type: 'text',
	config: {},
	logic,
} );

describe( 'display logic', () => {
	const answers: Answer[] = [
		{ question_id: 1, value: 'Yes' },
		{ question_id: 2, value: 8 },
		{ question_id: 3, value: null },
	];

	it( 'shows a question without logic, or with logic off', () => {
		expect( isShown( q( 9 ), answers ) ).toBe( true );
		expect(
			isShown(
				q( 9, {
					enabled: false,
					action: 'show',
					conditions: [
						{ question_id: 1, compare: 'equals', value: 'No' },
					],
				} ),
				answers
			)
		).toBe( true );
	} );

	it( 'show: every condition must hold', () => {
		const logic = ( value: string ) => ( {
			enabled: true,
			action: 'show',
			conditions: [
				{ question_id: 1, compare: 'equals', value: 'Yes' },
				{ question_id: 2, compare: 'greater_than', value },
			],
		} );
		expect( isShown( q( 9, logic( '6' ) ), answers ) ).toBe( true );
		expect( isShown( q( 9, logic( '9' ) ), answers ) ).toBe( false );
	} );

	it( 'hide: hidden only when every condition holds', () => {
		const hide = ( value: string ) =>
			q( 9, {
				enabled: true,
				action: 'hide',
				conditions: [ { question_id: 1, compare: 'equals', value } ],
			} );
		expect( isShown( hide( 'Yes' ), answers ) ).toBe( false );
		expect( isShown( hide( 'No' ), answers ) ).toBe( true );
	} );

	it( 'fails "show" when its subject was skipped or never asked', () => {
		for ( const id of [ 3, 42 ] ) {
			expect(
				isShown(
					q( 9, {
						enabled: true,
						action: 'show',
						conditions: [
							{
								question_id: id,
								compare: 'not_equals',
								value: 'x',
							},
						],
					} ),
					answers
				)
			).toBe( false );
		}
	} );

	it( 'moves to the first following question whose logic passes, or -1', () => {
		const showIfNo = {
			enabled: true,
			action: 'show',
			conditions: [ { question_id: 1, compare: 'equals', value: 'No' } ],
		};
		const questions = [
			q( 1 ),
			q( 4, showIfNo ),
			q( 5 ),
			q( 6, showIfNo ),
		];
		expect( nextQuestion( questions, 1, answers ) ).toBe( 2 );
		expect( nextQuestion( questions, 3, answers ) ).toBe( -1 );
		expect(
			nextQuestion( questions, 1, [ { question_id: 1, value: 'No' } ] )
		).toBe( 1 );
	} );
} );

describe( 'redirectUrl', () => {
	const survey = ( thankYou: VisitorSurvey[ 'settings' ][ 'thank_you' ] ) =>
		makeSurvey( { settings: { thank_you: thankYou } } );
	const row = (
		question: number,
		type: string,
		value: string,
		url: string
	) => ( {
		question,
		condition_type: type,
		condition: value,
		page: null,
		redirect_url: url,
	} );

	it( 'is empty for a message', () => {
		expect( redirectUrl( survey( { type: 'message' } ), [] ) ).toBe( '' );
	} );

	it( 'uses redirect_url for a plain redirect', () => {
		expect(
			redirectUrl(
				survey( {
					type: 'redirect',
					redirect_url: 'https://site.test/thanks/',
					redirect_to: { id: 5, label: 'Thanks' },
				} ),
				[]
			)
		).toBe( 'https://site.test/thanks/' );
	} );

	it( 'takes the first condition row that holds', () => {
		const conditional = survey( {
			type: 'conditional_redirect',
			conditions: [
				row( 1, 'equals', 'No', 'https://site.test/sorry/' ),
				row( 2, 'greater_than', '8', 'https://site.test/review/' ),
				row( 2, 'greater_than', '5', 'https://site.test/good/' ),
				row( 2, 'greater_than', '1', 'https://site.test/fine/' ),
			],
		} );
		expect(
			redirectUrl( conditional, [
				{ question_id: 1, value: 'Yes' },
				{ question_id: 2, value: 7 },
			] )
		).toBe( 'https://site.test/good/' );
		expect(
			redirectUrl( conditional, [
				{ question_id: 1, value: 'No' },
				{ question_id: 2, value: 10 },
			] )
		).toBe( 'https://site.test/sorry/' );
		expect(
			redirectUrl( conditional, [ { question_id: 1, value: 'Yes' } ] )
		).toBe( '' );
	} );
} );
