/**
 * The filter bar's words for the conditions the server offers. The fields, their labels,
 * operators and options come from the list route's `filterable` answer (PHP is their one
 * source); this file only names the operators and says a condition in a sentence.
 */
import { __, sprintf } from '@wordpress/i18n';

import type { FilterableField } from '../../shared/types';
import type { Condition, ConditionValue } from './view';

export type { FilterableField };

/** date, text (page URL), devices, choice, stars, nps, text_answer or hidden. */
export type FilterKind = FilterableField[ 'kind' ];

/** The operators' words, as the chips and the operator menus show them. */
export function operatorLabel( operator: string ): string {
	const labels: Record< string, string > = {
		is: __( 'is', 'userfeedback' ),
		isNot: __( 'is not', 'userfeedback' ),
		isAny: __( 'is any of', 'userfeedback' ),
		contains: __( 'contains', 'userfeedback' ),
		between: __( 'between', 'userfeedback' ),
		greaterThanOrEqual: __( 'at least', 'userfeedback' ),
		lessThanOrEqual: __( 'at most', 'userfeedback' ),
	};
	return labels[ operator ] ?? operator;
}

function elementLabel(
	field: FilterableField | undefined,
	value: string | number
): string {
	return (
		field?.elements?.find(
			( element ) => element.value === String( value )
		)?.label ?? String( value )
	);
}

/**
 * The value part of a chip: option labels rather than values, a date range in words.
 *
 * @param field     The field, when the server offers it.
 * @param condition The condition.
 */
export function valueText(
	field: FilterableField | undefined,
	condition: Condition
): string {
	const { value } = condition;
	if ( condition.operator === 'between' && Array.isArray( value ) ) {
		const [ from = '', to = '' ] = value;
		if ( from && to ) {
			/* translators: 1: first day, 2: last day (YYYY-MM-DD). */
			return sprintf( __( '%1$s and %2$s', 'userfeedback' ), from, to );
		}
		if ( from ) {
			/* translators: %s: a day (YYYY-MM-DD). */
			return sprintf( __( '%s and later', 'userfeedback' ), from );
		}
		/* translators: %s: a day (YYYY-MM-DD). */
		return sprintf( __( '%s and earlier', 'userfeedback' ), to );
	}
	if ( Array.isArray( value ) ) {
		return value
			.map( ( item ) => elementLabel( field, item ) )
			.join( ', ' );
	}
	if ( typeof value === 'string' && ! field?.elements ) {
		return `“${ value }”`;
	}
	return elementLabel( field, value );
}

/**
 * "Field operator value": a chip's text and the name of its buttons.
 *
 * @param field     The field, when the server offers it.
 * @param condition The condition.
 */
export function conditionText(
	field: FilterableField | undefined,
	condition: Condition
): string {
	return sprintf(
		/* translators: 1: a field, e.g. "Device"; 2: an operator, e.g. "is any of"; 3: the value. */
		__( '%1$s %2$s %3$s', 'userfeedback' ),
		field?.label ?? condition.field,
		operatorLabel( condition.operator ),
		valueText( field, condition )
	);
}

/**
 * What a new condition on a field starts as, before the admin fills it in.
 *
 * @param field The field.
 */
export function emptyCondition( field: FilterableField ): Condition {
	const operator = field.operators[ 0 ] ?? 'is';
	let value: ConditionValue = '';
	if ( operator === 'between' ) {
		value = [ '', '' ];
	} else if ( operator === 'isAny' ) {
		value = [];
	} else if ( field.kind === 'stars' ) {
		value = 5;
	} else if ( field.kind === 'choice' && field.elements?.length ) {
		value = field.elements[ 0 ].value;
	}
	return { field: field.field, operator, value };
}

/**
 * Whether a condition is complete enough to send (the server checks the rest).
 *
 * @param field     The field.
 * @param condition The condition being edited.
 */
export function isComplete(
	field: FilterableField,
	condition: Condition
): boolean {
	const { value, operator } = condition;
	if ( operator === 'between' ) {
		return Array.isArray( value ) && value.some( Boolean );
	}
	if ( Array.isArray( value ) ) {
		return value.length > 0;
	}
	if ( field.kind === 'hidden' ) {
		// A hidden field may equal ''.
		return typeof value === 'string';
	}
	return String( value ).trim() !== '';
}

/**
 * The value an operator change leaves: a list for "is any of", one value otherwise.
 *
 * @param field     The field.
 * @param condition The condition.
 * @param operator  The new operator.
 */
export function withOperator(
	field: FilterableField,
	condition: Condition,
	operator: string
): Condition {
	const { value } = condition;
	if ( operator === 'isAny' && ! Array.isArray( value ) ) {
		return {
			...condition,
			operator,
			value: value === '' ? [] : [ String( value ) ],
		};
	}
	if ( operator !== 'isAny' && Array.isArray( value ) ) {
		return {
			...condition,
			operator,
			value: value[ 0 ] ?? emptyCondition( field ).value,
		};
	}
	return { ...condition, operator };
}
