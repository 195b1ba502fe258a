import { describe, expect, it } from 'vitest';

import { makeSurvey } from '../test/fixtures';
import comparators from '../../../tests/fixtures/contract/logic-comparators.json';
import type {
	Answer,
	AnswerValue,
	LogicCondition,
	Question,
	VisitorSurvey,
} from '../types';
import {
	compareAnswer,
	conditionHolds,
	isEmpty,
	isShown,
	nextQuestion,
	redirectUrl,
} from './logic';

interface ComparatorCase {
	compare: string;
	answer: AnswerValue;
	value: unknown;
	holds: boolean;
	why?: string;
}

// The one table of the comparators, shared with the server's EmailLogic (PHPUnit
// tests/php/Contract/LogicComparatorsTest.php reads the same file).
const comparatorCases = (
	comparators as unknown as { cases: ComparatorCase[] }
 ).cases;

describe( 'compareAnswer (tests/fixtures/contract/logic-comparators.json)', () => {
	it( 'has cases', () => {
		expect( comparatorCases.length ).toBeGreaterThan( 50 );
	} );

	it.each( comparatorCases )(
		'$compare: $answer against $value is $holds',
		( { compare, answer, value, holds } ) => {
			expect( compareAnswer( compare, answer, value ) ).toBe( holds );
		}
	);
} );

interface LogicCase {
	name: string;
	logic: { action: 'show' | 'hide'; conditions: LogicCondition[] };
	answers: Record< string, AnswerValue >;
	fields: Record< string, string >;
	holds: boolean;
	shown: boolean;
}

// Whole conditions, on questions and on hidden fields: the server runs the same cases
// through EmailLogic::allows() and ResponseFormatter::not_shown().
const logicCases = ( comparators as unknown as { logic: LogicCase[] } ).logic;

describe( 'conditions on hidden fields (logic-comparators.json "logic")', () => {
	it( 'has cases', () => {
		expect( logicCases.length ).toBeGreaterThan( 15 );
	} );

	it.each( logicCases )(
		'$name',
		( { logic, answers, fields, holds, shown } ) => {
			const given: Answer[] = Object.entries( answers ).map(
				( [ id, value ] ) => ( { question_id: Number( id ), value } )
			);
			expect(
				logic.conditions.every( ( condition ) =>
					conditionHolds( condition, given, fields )
				)
			).toBe( holds );
			const question: Question = {
				id: 99,
				title: 'Q99',
				type: 'text',
				config: {},
				logic: { enabled: true, ...logic },
			};
			expect( isShown( question, given, fields ) ).toBe( shown );
		}
	);

	it( 'skips a question shown only for plan pro unless the field says pro', () => {
		const onlyPro = {
			enabled: true,
			action: 'show',
			conditions: [
				{
					question_id: null,
					field: 'plan',
					compare: 'equals',
					value: 'pro',
				},
			],
		};
		const questions = [ q( 1 ), q( 2, onlyPro ), q( 3 ) ];
		expect( nextQuestion( questions, 1, [], { plan: 'pro' } ) ).toBe( 1 );
		expect( nextQuestion( questions, 1, [], { plan: 'free' } ) ).toBe( 2 );
		expect( nextQuestion( questions, 1, [] ) ).toBe( 2 );
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
