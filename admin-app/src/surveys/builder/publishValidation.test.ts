import { describe, expect, it } from 'vitest';

import corpus from '../../../../tests/fixtures/contract/publish-validation.json';
import type { Question, Survey } from '../../shared/types';
import { canContinueQuestions, validateQuestion } from './rules';
import { survey as makeSurvey } from '../../shared/test/surveyFixtures';

interface SurveyCase {
	name: string;
	questions: Question[];
	thank_you: Survey[ 'settings' ][ 'thank_you' ];
	publishable: boolean;
}

interface PublishCase {
	name: string;
	question: Question;
	errors: string[];
}

// Shared with the server's SurveyRules::question_errors()
// (tests/php/Contract/PublishValidationTest.php).
const { cases, surveys } = corpus as unknown as {
	cases: PublishCase[];
	surveys: SurveyCase[];
};

describe( 'publish validation of questions (tests/fixtures/contract/publish-validation.json)', () => {
	it( 'has cases', () => {
		expect( cases.length ).toBeGreaterThan( 20 );
	} );

	it.each( cases )( '$name', ( { question, errors } ) => {
		expect( validateQuestion( question ) ).toEqual( errors );
	} );

	it.each( cases )(
		'$name: the Questions step continues only when the server would publish',
		( { question, errors } ) => {
			const survey = makeSurvey( { questions: [ question ] } );
			expect( canContinueQuestions( survey ) ).toBe(
				errors.length === 0
			);
		}
	);

	it.each( surveys )(
		'$name: continues as the server publishes',
		( { questions, thank_you: thankYou, publishable } ) => {
			const draft = makeSurvey( { questions } );
			draft.settings = { ...draft.settings, thank_you: thankYou };
			expect( canContinueQuestions( draft ) ).toBe( publishable );
		}
	);
} );
