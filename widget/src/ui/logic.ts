/**
 * Runtime logic of the visitor widget (spec 3, section 4): the comparators, display
 * logic between questions and the conditional thank-you redirect. Plain functions,
 * no Preact, so they are tested on their own.
 */
import type {
	Answer,
	AnswerValue,
	LogicCondition,
	Question,
	VisitorSurvey,
} from '../types';

/** The hidden fields collected for this visit (WidgetProps.fields): name => value. */
export type Fields = Readonly< Record< string, string > >;

/**
 * PHP's trim() characters (space, tab, newline, carriage return, NUL, vertical tab):
 * String.prototype.trim() also removes no-break and other Unicode spaces, which
 * the server's trim() keeps, and the two must read an answer alike.
 */
const TRIMMED = /^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g;
export const phpTrim = ( value: string ): string =>
	value.replace( TRIMMED, '' );

/** Nothing given: null, undefined, blank text or no ticked box. */
export function isEmpty( value: unknown ): boolean {
	return (
		value === null ||
		value === undefined ||
		( typeof value === 'string' && phpTrim( value ) === '' ) ||
		( Array.isArray( value ) && value.length === 0 )
	);
}

/** One text or number: what a condition's value and each item of an answer may be. */
const isScalar = ( value: unknown ): value is string | number =>
	typeof value === 'string' ||
	( typeof value === 'number' && Number.isFinite( value ) );

/**
 * A plain decimal number (optional sign, ASCII digits, optional fraction): Number()
 * would also take '0x10', '1e3' or '0b11', which the server does not compare as numbers.
 */
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/;

const fold = ( value: string ) => phpTrim( value ).toLowerCase();

/**
 * Whether `answer` satisfies `compare` against the condition's `expected` value. The
 * rules are the contract of tests/fixtures/contract/logic-comparators.json, which the
 * server's EmailLogic::compare() passes too.
 *
 * - equals / not_equals: the answer (or, for a checkbox, one of its ticks) is the
 *   value; numbers and their text compare equal ("3" equals 3). Case-sensitive, as
 *   the values are option labels picked from a list.
 * - in: one of the answer's items is the value: "Includes" for checkboxes.
 * - contains, not_contains, starts_with, ends_with: on the text, case-insensitive
 *   (a checkbox answer is read as its ticks joined with ", ").
 * - greater_than, less_than: numerically, when both sides are plain decimal numbers;
 *   false otherwise.
 *
 * A condition value is one text or number (the server stores no lists); an answer is
 * text, a number or a list of them. Anything else, an unknown comparator, a condition
 * with no value and an unanswered (or skipped) question are all false, "not"
 * comparators included: a condition about something the visitor did not say never
 * holds.
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
	if (
		! isScalar( expected ) ||
		isEmpty( answer ) ||
		isEmpty( expected ) ||
		! (
			isScalar( answer ) ||
			( Array.isArray( answer ) && answer.every( isScalar ) )
		)
	) {
		return false;
	}
	const items = ( Array.isArray( answer ) ? answer : [ answer ] ).map(
		( item ) => phpTrim( String( item ) )
	);
	const value = phpTrim( String( expected ) );
	const whole = fold( items.join( ', ' ) );
	const needle = fold( value );
	const numbers =
		! Array.isArray( answer ) &&
		DECIMAL.test( items[ 0 ] ) &&
		DECIMAL.test( value );
	const a = Number( items[ 0 ] );
	const b = Number( value );
	const comparators: Record< string, () => boolean > = {
		equals: () => items.includes( value ),
		not_equals: () => ! items.includes( value ),
		in: () => items.includes( value ),
		contains: () => whole.includes( needle ),
		not_contains: () => ! whole.includes( needle ),
		starts_with: () => whole.startsWith( needle ),
		ends_with: () => whole.endsWith( needle ),
		greater_than: () => numbers && a > b,
		less_than: () => numbers && a < b,
	};
	// Own keys only: "toString" or "__proto__" must not count by Object.prototype.
	return (
		Object.prototype.hasOwnProperty.call( comparators, compare ) &&
		comparators[ compare ]() === true
	);
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
 * What a condition is about: the answer to its question, or, when it names a hidden
 * field (`field`, question_id null), that field's value, compared as a text answer
 * is. A field with no value (not collected, or blank) is like an unanswered
 * question: no comparator holds, not_equals and not_contains included (the server's
 * EmailLogic::holds() reads it the same way; tests/fixtures/contract/logic-comparators.json
 * "logic").
 *
 * @param condition The condition.
 * @param answers   Answers so far.
 * @param fields    The hidden fields collected for this visit.
 */
export function conditionHolds(
	condition: LogicCondition,
	answers: Answer[],
	fields: Fields = {}
): boolean {
	const field = condition.field;
	let subject: AnswerValue | undefined;
	if ( typeof field === 'string' && field !== '' ) {
		// Own keys only: a field named "constructor" is not Object.prototype's.
		const value = Object.prototype.hasOwnProperty.call( fields, field )
			? fields[ field ]
			: undefined;
		subject = typeof value === 'string' ? value : undefined;
	} else {
		subject = answerOf( answers, condition.question_id );
	}
	return compareAnswer( condition.compare, subject, condition.value );
}

/**
 * Display logic of one question. Logic off (or no conditions): shown. Otherwise
 * every condition must hold (all, not any: the builder offers no any/all choice, and
 * "all" is what the contract in types.ts says); action show shows the question only
 * then, action hide hides it only then. A condition may be about a hidden field
 * (conditionHolds()).
 *
 * @param question The question that may be shown.
 * @param answers  Answers given so far.
 * @param fields   The hidden fields collected for this visit.
 */
export function isShown(
	question: Question,
	answers: Answer[],
	fields: Fields = {}
): boolean {
	const logic = question.logic;
	if ( ! logic?.enabled || ! logic.conditions?.length ) {
		return true;
	}
	const all = logic.conditions.every( ( condition ) =>
		conditionHolds( condition, answers, fields )
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
 * @param fields    The hidden fields collected for this visit.
 */
export function nextQuestion(
	questions: Question[],
	from: number,
	answers: Answer[],
	fields: Fields = {}
): number {
	for ( let i = from; i < questions.length; i++ ) {
		if ( isShown( questions[ i ], answers, fields ) ) {
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
