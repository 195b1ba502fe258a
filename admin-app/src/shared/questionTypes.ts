/**
 * The question types, as the PHP registry (includes/Surveys/QuestionTypes/) states them in
 * the page's boot config (question_types, survey_limits). Every admin screen asks here
 * what a type is (label, options, comparators, defaults, limits) instead of keeping a
 * list of its own; what each type looks like lives in one editor per type
 * (surveys/builder/steps/questions/editors) and one results card per type
 * (results/stats/cards).
 *
 * The rules of the builder are plain functions called outside React, so the registry is
 * installed once per page (mount() and <App> do it from the config they are given) and
 * read from the page's data-config when nobody installed it.
 */
import { getConfig } from './config';
import type {
	AppConfig,
	Comparator,
	Question,
	QuestionType,
	QuestionTypeInfo,
	SurveyLimits,
} from './types';

type Source = Pick< AppConfig, 'question_types' | 'survey_limits' >;

interface Registry {
	source: Source;
	byKey: Map< string, QuestionTypeInfo >;
}

let installed: Registry | null = null;

/**
 * Makes a config's registry the one every function here answers from. Installing the
 * same config again does nothing.
 *
 * @param source A boot config (or its question_types and survey_limits).
 */
export function installQuestionTypes( source: Source ): void {
	if (
		installed?.source.question_types === source.question_types &&
		installed.source.survey_limits === source.survey_limits
	) {
		return;
	}
	installed = {
		source: {
			question_types: source.question_types,
			survey_limits: source.survey_limits,
		},
		byKey: new Map( source.question_types.map( ( t ) => [ t.key, t ] ) ),
	};
}

function registry(): Registry {
	if ( ! installed ) {
		installQuestionTypes( getConfig() );
	}
	return installed as Registry;
}

/** Every registered type, in the order the builder lists them. */
export function questionTypes(): readonly QuestionTypeInfo[] {
	return registry().source.question_types;
}

export function questionTypeKeys(): QuestionType[] {
	return questionTypes().map( ( type ) => type.key );
}

/**
 * A type's descriptor, or undefined for a key the registry does not hold (a stored
 * question of a type that was removed).
 *
 * @param key Type key.
 */
export function findQuestionType( key: string ): QuestionTypeInfo | undefined {
	return registry().byKey.get( key );
}

/** The type's display name; the key itself for an unknown type. */
export function questionTypeLabel( key: string ): string {
	return findQuestionType( key )?.label ?? key;
}

/** Needs the question-types addon. */
export function isAdvancedType( key: string ): boolean {
	return findQuestionType( key )?.advanced ?? false;
}

/** Display logic and email logic may depend on an answer of this type. */
export function isLogicSubject( key: string ): boolean {
	return findQuestionType( key )?.logic_subject ?? false;
}

/** The builder offers "randomize" for questions of this type. */
export function offersRandomize( key: string ): boolean {
	return findQuestionType( key )?.randomize ?? false;
}

/** The builder offers a comment box for questions of this type. */
export function offersCommentBox( key: string ): boolean {
	return findQuestionType( key )?.comment_box ?? false;
}

/** Answered by picking from options the author writes. */
export function hasOptions( key: string ): boolean {
	return !! findQuestionType( key )?.options;
}

/** Answered with free text (the type has a length limit). */
export function isTextType( key: string ): boolean {
	const max = findQuestionType( key )?.max_length;
	return max !== null && max !== undefined;
}

/**
 * How many options a question of this type takes; { min: 0, max: 0 } for a type
 * without options.
 *
 * @param key Type key.
 */
export function optionLimits( key: string ): { min: number; max: number } {
	return findQuestionType( key )?.options ?? { min: 0, max: 0 };
}

/** What a condition on an answer of this type may compare with. */
export function comparatorsOf( key: string ): Comparator[] {
	return [ ...( findQuestionType( key )?.comparators ?? [] ) ];
}

/** The numbers a star rating or NPS is answered with; null for other types. */
export function scaleOf( key: string ): { min: number; max: number } | null {
	return findQuestionType( key )?.scale ?? null;
}

/**
 * A new question's config (a fresh copy: editing it leaves the registry alone).
 *
 * @param key Type key.
 */
export function defaultConfigOf( key: string ): Question[ 'config' ] {
	return structuredClone( findQuestionType( key )?.default_config ?? {} );
}

/**
 * A new question's settings (a fresh copy).
 *
 * @param key Type key.
 */
export function defaultSettingsOf( key: string ): Question[ 'settings' ] {
	return {
		required: false,
		randomize: false,
		comment_box: false,
		...structuredClone( findQuestionType( key )?.default_settings ?? {} ),
	};
}

/** The sizes the server refuses past. */
export function surveyLimits(): SurveyLimits {
	return registry().source.survey_limits;
}
