/**
 * The question types come from the server's registry (recorded by its PHPUnit test in
 * tests/fixtures/recorded/question-types.json), and each registered type has the three
 * parts the JavaScript side owes it: a builder editor, a results card and a widget
 * component. A tenth type registered in PHP without them fails here.
 */
import { describe, expect, it } from 'vitest';

import {
	comparatorsOf,
	defaultConfigOf,
	defaultSettingsOf,
	findQuestionType,
	hasOptions,
	installQuestionTypes,
	isAdvancedType,
	isTextType,
	optionLimits,
	questionTypeKeys,
	questionTypeLabel,
	questionTypes,
	scaleOf,
	surveyLimits,
} from './questionTypes';
import {
	recordedQuestionTypes,
	recordedRegistry,
	recordedSurveyLimits,
} from './test/questionTypes';
import { QUESTION_EDITORS } from '../surveys/builder/steps/questions/editors';
import { RESULTS_CARDS } from '../results/stats/cards';
import { QUESTION_COMPONENTS } from '../../../widget/src/ui/questions';

const recorded = recordedQuestionTypes();

/** The parts a type lacks, by where a new type adds them (README, "Adding a question type"). */
function lacking( key: string ): string[] {
	const has = ( map: object ) =>
		Object.prototype.hasOwnProperty.call( map, key );
	return [
		has( QUESTION_EDITORS ) ? null : 'builder editor',
		has( RESULTS_CARDS ) ? null : 'results card',
		has( QUESTION_COMPONENTS ) ? null : 'widget component',
	].filter( ( part ): part is string => part !== null );
}

describe( 'the recorded registry', () => {
	it( 'holds the types the server registers, each with a label', () => {
		expect( recorded.length ).toBeGreaterThanOrEqual( 9 );
		for ( const type of recorded ) {
			expect( type.key ).toMatch( /^[a-z][a-z-]*$/ );
			expect( type.label.trim() ).not.toBe( '' );
		}
	} );

	it.each( recorded.map( ( type ) => type.key ) )(
		'%s has a builder editor, a results card and a widget component',
		( key ) => {
			expect( lacking( key ) ).toEqual( [] );
		}
	);

	it( 'names what a type registered only on the server lacks', () => {
		expect( lacking( 'ranking' ) ).toEqual( [
			'builder editor',
			'results card',
			'widget component',
		] );
	} );

	it( 'has no editor, card or component left over for a type it does not register', () => {
		const keys = recorded.map( ( type ) => type.key ).sort();
		expect( Object.keys( QUESTION_EDITORS ).sort() ).toEqual( keys );
		expect( Object.keys( RESULTS_CARDS ).sort() ).toEqual( keys );
		expect( Object.keys( QUESTION_COMPONENTS ).sort() ).toEqual( keys );
	} );
} );

describe( 'questionTypes', () => {
	it( 'answers from the installed registry, in its order', () => {
		expect( questionTypeKeys() ).toEqual(
			recorded.map( ( type ) => type.key )
		);
		expect( questionTypes()[ 0 ].label ).toBe( recorded[ 0 ].label );
		expect( surveyLimits() ).toEqual( recordedSurveyLimits() );
	} );

	it( 'reads what each type is from its descriptor', () => {
		for ( const type of recorded ) {
			expect( questionTypeLabel( type.key ) ).toBe( type.label );
			expect( isAdvancedType( type.key ) ).toBe( type.advanced );
			expect( hasOptions( type.key ) ).toBe( type.options !== null );
			expect( isTextType( type.key ) ).toBe( type.max_length !== null );
			expect( comparatorsOf( type.key ) ).toEqual( type.comparators );
			expect( scaleOf( type.key ) ).toEqual( type.scale );
			expect( optionLimits( type.key ) ).toEqual(
				type.options ?? { min: 0, max: 0 }
			);
		}
	} );

	it( 'hands out copies of the defaults, so a new question cannot change them', () => {
		const withOptions = recorded.find(
			( type ) => ( type.default_config.options ?? [] ).length > 0
		);
		if ( ! withOptions ) {
			throw new Error( 'No recorded type has default options.' );
		}
		const { key } = withOptions;
		const config = defaultConfigOf( key );
		expect( config ).toEqual( withOptions.default_config );
		config.options?.push( 'changed' );
		expect( defaultConfigOf( key ) ).toEqual( withOptions.default_config );

		const settings = defaultSettingsOf( key );
		settings.required = ! settings.required;
		expect( defaultSettingsOf( key ).required ).toBe(
			withOptions.default_settings.required
		);
	} );

	it( 'answers safely for a type it does not know (a stored question of a removed type)', () => {
		expect( findQuestionType( 'ranking' ) ).toBeUndefined();
		expect( questionTypeLabel( 'ranking' ) ).toBe( 'ranking' );
		expect( isAdvancedType( 'ranking' ) ).toBe( false );
		expect( hasOptions( 'ranking' ) ).toBe( false );
		expect( isTextType( 'ranking' ) ).toBe( false );
		expect( comparatorsOf( 'ranking' ) ).toEqual( [] );
		expect( scaleOf( 'ranking' ) ).toBeNull();
		expect( defaultConfigOf( 'ranking' ) ).toEqual( {} );
		expect( defaultSettingsOf( 'ranking' ) ).toEqual( {
			required: false,
			randomize: false,
			comment_box: false,
		} );
	} );

	it( 'follows the registry it is given: a type, a label and a limit the server changed', () => {
		const registry = recordedRegistry();
		registry.question_types = registry.question_types
			.filter( ( type ) => type.key !== 'nps' )
			.map( ( type ) =>
				type.key === 'text' ? { ...type, label: 'Short answer' } : type
			);
		registry.survey_limits = {
			...registry.survey_limits,
			max_questions: 3,
		};
		installQuestionTypes( registry );

		expect( questionTypeKeys() ).not.toContain( 'nps' );
		expect( questionTypeLabel( 'text' ) ).toBe( 'Short answer' );
		expect( surveyLimits().max_questions ).toBe( 3 );
	} );
} );
