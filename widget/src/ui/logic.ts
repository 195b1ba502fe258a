/**
 * Runtime logic of the visitor widget (spec 3, section 4): the comparators, display
 * logic between questions and the conditional thank-you redirect. Plain functions,
 * no Preact, so they are tested on their own.
 */
import type { Answer, AnswerValue, Question, VisitorSurvey } from '../types';

/** Nothing given: null, undefined, blank text or no ticked box. */
export function isEmpty( value: unknown ): boolean {
	return (
		value === null ||
		value === undefined ||
		( typeof value === 'string' && value.trim() === '' ) ||
		( Array.isArray( value ) && value.length === 0 )
	);
}

const text = ( value: string ) => value.trim().toLowerCase();
const list = ( value: unknown ) =>
	( Array.isArray( value ) ? value : [ value ] ).map( ( item ) =>
		String( item ).trim()
	);

/**
 * Whether `answer` satisfies `compare` against the condition's `expected` value.
 *
 * - equals / not_equals: the answer (or, for a checkbox, one of its ticks) is the
 *   value; numbers and their text compare equal ("3" equals 3). Case-sensitive, as
 *   the values are option labels picked from a list.
 * - in: one of the answer's items is one of the values (either side may be a list):
 *   "Includes" for checkboxes.
 * - contains, not_contains, starts_with, ends_with: on the text, case-insensitive
 *   (a checkbox answer is read as its ticks joined with ", ").
 * - greater_than, less_than: numerically; false when either side is not a number.
 *
 * An unknown comparator, a condition with no value and an unanswered (or skipped)
 * question are all false, "not" comparators included: a condition about something
 * the visitor did not say never holds.
 *
 * @param compare  Comparator key.
 * @param answer   The visitor's answer.
 * @param expected The condition's value.
 */
export function compareAnswer(
	compare: string,
	answer: AnswerValue | undefined,
	expected: unknown
): boolean {
	if ( isEmpty( answer ) || isEmpty( expected ) ) {
		return false;
	}
	const items = list( answer );
	const values = list( expected );
	const whole = text( items.join( ', ' ) );
	const needle = text( values.join( ', ' ) );
	const a = Number( answer );
	const b = Number( expected );
	const numbers = ! Array.isArray( answer ) && isFinite( a ) && isFinite( b );
	const comparators: Record< string, () => boolean > = {
		equals: () => items.includes( values[ 0 ] ),
		not_equals: () => ! items.includes( values[ 0 ] ),
		in: () => items.some( ( item ) => values.includes( item ) ),
		contains: () => whole.includes( needle ),
		not_contains: () => ! whole.includes( needle ),
		starts_with: () => whole.startsWith( needle ),
		ends_with: () => whole.endsWith( needle ),
		greater_than: () => numbers && a > b,
		less_than: () => numbers && a < b,
	};
	// "=== true": a key like "toString" must not count by Object.prototype's method.
	return comparators[ compare ]?.() === true;
}

/**
 * @param answers     Answers so far.
 * @param question_id The question asked about.
 */
export function answerOf(
	answers: Answer[],
	// eslint-disable-next-line camelcase
	question_id: number | null
): AnswerValue | undefined {
	// eslint-disable-next-line camelcase
	return answers.find( ( answer ) => answer.question_id === question_id )
		?.value;
}

/**
 * Display logic of one question. Logic off (or no conditions): shown. Otherwise
 * every condition must hold (all, not any: the builder offers no any/all choice, and
 * "all" is what the contract in types.ts says); action show shows the question only
 * then, action hide hides it only then.
 *
 * @param question The question that may be shown.
 * @param answers  Answers given so far.
 */
export function isShown( question: Question, answers: Answer[] ): boolean {
	const logic = question.logic;
	if ( ! logic?.enabled || ! logic.conditions?.length ) {
		return true;
	}
	const all = logic.conditions.every( ( condition ) =>
		compareAnswer(
			condition.compare,
			answerOf( answers, condition.question_id ),
			condition.value
		)
	);
	return logic.action === 'hide' ? ! all : all;
}

/**
 * The index of the first question from `from` on whose display logic passes, or -1
 * when none does (the survey then finishes).
 *
 * @param questions All questions.
 * @param from      First index to consider.
 * @param answers   Answers given so far.
 */
export function nextQuestion(
	questions: Question[],
	from: number,
	answers: Answer[]
): number {
	for ( let i = from; i < questions.length; i++ ) {
		if ( isShown( questions[ i ], answers ) ) {
			return i;
		}
	}
	return -1;
}

/**
 * Where the thank-you settings send the visitor, or '' for the message. redirect:
 * its redirect_url (the server fills it from the chosen page). conditional_redirect:
 * the redirect_url of the first row whose comparator holds for the answer to its
 * question. The caller checks the thank_you_redirect entitlement.
 *
 * @param survey  The survey.
 * @param answers The answers given.
 */
export function redirectUrl(
	survey: VisitorSurvey,
	answers: Answer[]
): string {
	const thanks = survey.settings.thank_you;
	if ( thanks?.type === 'redirect' ) {
		return thanks.redirect_url || '';
	}
	if ( thanks?.type === 'conditional_redirect' ) {
		const row = ( thanks.conditions ?? [] ).find(
			( condition ) =>
				condition.redirect_url &&
				compareAnswer(
					condition.condition_type,
					answerOf( answers, condition.question ),
					condition.condition
				)
		);
		return row?.redirect_url || '';
	}
	return '';
}
