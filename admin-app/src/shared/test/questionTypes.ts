/**
 * The question-type registry as the PHP registry's PHPUnit test recorded it
 * (tests/fixtures/recorded/question-types.json): what every test config carries, so
 * that the tests run against the server's registry and not against a copy.
 */
import recorded from '../../../../tests/fixtures/recorded/question-types.json';
import type { AppConfig, QuestionTypeInfo, SurveyLimits } from '../types';

type Recorded =
	| QuestionTypeInfo[]
	| { question_types: QuestionTypeInfo[]; survey_limits?: SurveyLimits };

const file = recorded as unknown as Recorded;

/**
 * The limits of SurveySchema and ResponseSchema, for a recording that holds only the
 * types (QuestionTypes::admin_config()).
 */
const LIMITS: SurveyLimits = {
	max_questions: 50,
	max_options: 5,
	max_conditions: 20,
	title_max: 255,
	label_max: 200,
	message_max: 1000,
	comment_max: 1000,
	name_max: 100,
	email_max: 254,
};

/** The recorded types, in builder order (a fresh copy each time). */
export function recordedQuestionTypes(): QuestionTypeInfo[] {
	return structuredClone(
		Array.isArray( file ) ? file : file.question_types
	);
}

export function recordedSurveyLimits(): SurveyLimits {
	return structuredClone(
		( ! Array.isArray( file ) && file.survey_limits ) || LIMITS
	);
}

/** The two boot-config keys, as makeConfig() puts them in every test config. */
export function recordedRegistry(): Pick<
	AppConfig,
	'question_types' | 'survey_limits'
> {
	return {
		question_types: recordedQuestionTypes(),
		survey_limits: recordedSurveyLimits(),
	};
}
