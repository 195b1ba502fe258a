/**
 * Which comparators a question type offers, and which values a condition on it can
 * take (spec 1, section 5 "Logic comparators by question type"). The same table as
 * the questions' display logic.
 */
import { __ } from '@wordpress/i18n';

import type {
	ChoiceOption,
	Comparator,
	Question,
	QuestionType,
} from '../../../../shared/types';

export interface ComparatorOption {
	value: Comparator;
	label: string;
}

function comparatorLabel( comparator: Comparator ): string {
	switch ( comparator ) {
		case 'equals':
			return __( 'Is', 'userfeedback' );
		case 'not_equals':
			return __( 'Is not', 'userfeedback' );
		case 'in':
			return __( 'Includes', 'userfeedback' );
		case 'contains':
			return __( 'Contains', 'userfeedback' );
		case 'not_contains':
			return __( 'Does not contain', 'userfeedback' );
		case 'starts_with':
			return __( 'Starts with', 'userfeedback' );
		case 'ends_with':
			return __( 'Ends with', 'userfeedback' );
		case 'greater_than':
			return __( 'Greater than', 'userfeedback' );
		case 'less_than':
			return __( 'Less than', 'userfeedback' );
	}
}

const BY_TYPE: Record< QuestionType, Comparator[] > = {
	checkbox: [ 'in' ],
	'radio-button': [ 'equals', 'not_equals' ],
	'image-radio': [ 'equals', 'not_equals' ],
	'icon-choice': [ 'equals', 'not_equals' ],
	email: [ 'contains', 'not_contains', 'starts_with', 'ends_with' ],
	text: [ 'contains', 'not_contains', 'starts_with', 'ends_with' ],
	'long-text': [ 'contains', 'not_contains', 'starts_with', 'ends_with' ],
	'star-rating': [ 'greater_than', 'less_than' ],
	nps: [ 'equals', 'not_equals', 'greater_than', 'less_than' ],
};

export function comparatorsFor( type: QuestionType ): ComparatorOption[] {
	return ( BY_TYPE[ type ] ?? [] ).map( ( value ) => ( {
		value,
		label: comparatorLabel( value ),
	} ) );
}

/** Question types a condition can be about ("subject" questions). */
export const SUBJECT_TYPES: QuestionType[] = [
	'radio-button',
	'checkbox',
	'nps',
	'star-rating',
];

export function subjectQuestions( questions: Question[] ): Question[] {
	return questions.filter( ( q ) => SUBJECT_TYPES.includes( q.type ) );
}

export function optionLabel( option: ChoiceOption ): string {
	return typeof option === 'string' ? option : option.label;
}

function range( from: number, to: number ): string[] {
	return Array.from( { length: to - from + 1 }, ( _v, i ) =>
		String( from + i )
	);
}

/**
 * The values a condition on this question chooses from, or null when it takes free
 * text. Star ratings 1 to 5; NPS 0 to 10 (the scale the widget asks on, see
 * DESIGN.md); choice questions their non-empty option labels.
 *
 * @param question The condition's question.
 */
export function valueChoices( question: Question ): string[] | null {
	switch ( question.type ) {
		case 'star-rating':
			return range( 1, 5 );
		case 'nps':
			return range( 0, 10 );
		case 'email':
		case 'text':
		case 'long-text':
			return null;
		default:
			return ( question.config.options ?? [] )
				.map( optionLabel )
				.filter( ( label ) => label.trim() !== '' );
	}
}
