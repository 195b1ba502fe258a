/**
 * Conditions on hidden fields (issue 18 item 5): a display-logic or email-logic
 * condition may name one of the survey's hidden fields (settings.hidden_fields)
 * instead of a question: { question_id: null, field: 'plan', compare, value }. The
 * field's value is text, compared as a text answer is; a field with no value meets
 * no comparator. The server refuses a field the survey does not list
 * (SurveyRules::field_errors()); the pickers mark such a condition first.
 */
import { __, sprintf } from '@wordpress/i18n';

import type {
	Comparator,
	HiddenField,
	LogicCondition,
} from '../../shared/types';

/**
 * The comparators a condition on a hidden field offers: the server's
 * SchemaParts::FIELD_COMPARATORS (both are checked against
 * tests/fixtures/contract/logic-comparators.json "field_comparators").
 */
export const FIELD_COMPARATORS: readonly Comparator[] = [
	'equals',
	'not_equals',
	'contains',
	'not_contains',
	'starts_with',
	'ends_with',
];

/** Select values of a field subject: 'field:plan' (question subjects are their ids). */
const PREFIX = 'field:';

/**
 * The names of the survey's hidden fields, in their order, without blanks or repeats.
 *
 * @param fields settings.hidden_fields (absent on older drafts).
 */
export function fieldNames( fields: HiddenField[] | undefined ): string[] {
	const names = ( fields ?? [] )
		.map( ( field ) => field.name )
		.filter( ( name ) => typeof name === 'string' && name !== '' );
	return [ ...new Set( names ) ];
}

/** The field a condition is about, or null for a condition on a question. */
export function conditionField( condition: LogicCondition ): string | null {
	return typeof condition.field === 'string' && condition.field !== ''
		? condition.field
		: null;
}

/**
 * Whether a condition names a hidden field the survey no longer lists.
 *
 * @param condition The condition.
 * @param names     fieldNames() of the survey.
 */
export function missingField(
	condition: LogicCondition,
	names: string[]
): boolean {
	const field = conditionField( condition );
	return field !== null && ! names.includes( field );
}

/** The picker's value for a condition's subject: '' (none yet), a question id or 'field:name'. */
export function subjectValue( condition: {
	question_id: number | null;
	field?: string;
} ): string {
	if ( typeof condition.field === 'string' && condition.field !== '' ) {
		return PREFIX + condition.field;
	}
	return condition.question_id === null
		? ''
		: String( condition.question_id );
}

/**
 * A picked subject: a field's name for 'field:name', else a question id (null for '').
 *
 * @param value The picker's value.
 */
export function parseSubject(
	value: string
): { field: string } | { question_id: number | null } {
	if ( value.startsWith( PREFIX ) ) {
		return { field: value.slice( PREFIX.length ) };
	}
	return { question_id: value ? Number( value ) : null };
}

/**
 * A condition about another subject: the comparator and the value no longer apply.
 * On a field, question_id is null; on a question, there is no field key.
 *
 * @param value The picker's value (subjectValue()).
 */
export function withSubject( value: string ): LogicCondition {
	const subject = parseSubject( value );
	return 'field' in subject
		? { question_id: null, field: subject.field, compare: '', value: '' }
		: { question_id: subject.question_id, compare: '', value: '' };
}

/** A new condition on a hidden field (no comparator or value yet). */
export function conditionOnField( name: string ): LogicCondition {
	return withSubject( PREFIX + name );
}

/** A new condition on a question (no comparator or value yet, no field key). */
export function conditionOnQuestion( id: number | null ): LogicCondition {
	return withSubject( id === null ? '' : String( id ) );
}

/** The picker's option for a field subject. */
export function fieldOption( name: string ): { value: string; label: string } {
	return {
		value: PREFIX + name,
		label: sprintf(
			/* translators: %s: a hidden field's name, e.g. plan. */
			__( 'Hidden field: %s', 'userfeedback' ),
			name
		),
	};
}

/** Said on a condition whose hidden field was removed from the survey. */
export function missingFieldMessage( name: string ): string {
	return sprintf(
		/* translators: %s: a hidden field's name, e.g. plan. */
		__(
			'The hidden field "%s" is no longer in this survey: choose another question or field, or remove this condition.',
			'userfeedback'
		),
		name
	);
}
