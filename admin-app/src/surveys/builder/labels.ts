/**
 * Display names of the builder's keys (question types, comparators, addons).
 */
import { __ } from '@wordpress/i18n';

import type { Comparator, QuestionType } from '../../shared/types';

/** Question types in the order the Add Question menu lists them. */
export const QUESTION_TYPE_ORDER: readonly QuestionType[] = [
	'radio-button',
	'checkbox',
	'text',
	'long-text',
	'email',
	'star-rating',
	'nps',
	'image-radio',
	'icon-choice',
];

export function questionTypeLabel( type: QuestionType ): string {
	switch ( type ) {
		case 'radio-button':
			return __( 'Radio Button', 'userfeedback' );
		case 'checkbox':
			return __( 'Checkbox', 'userfeedback' );
		case 'image-radio':
			return __( 'Image Choice', 'userfeedback' );
		case 'icon-choice':
			return __( 'Icon Choice', 'userfeedback' );
		case 'email':
			return __( 'Email', 'userfeedback' );
		case 'text':
			return __( 'Single Line Text', 'userfeedback' );
		case 'long-text':
			return __( 'Comment Box', 'userfeedback' );
		case 'star-rating':
			return __( 'Star Rating', 'userfeedback' );
		case 'nps':
			return __( 'NPS', 'userfeedback' );
	}
}

export function comparatorLabel( comparator: Comparator ): string {
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

export { addonLabel } from '../../shared/addons';

/** A question's name in selects: its title, or its position when it has none. */
export function questionName(
	question: { title: string },
	index: number
): string {
	return question.title.trim() !== ''
		? question.title
		: `#${ index + 1 } ${ __( '(untitled)', 'userfeedback' ) }`;
}
