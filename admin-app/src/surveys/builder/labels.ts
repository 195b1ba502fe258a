/**
 * Display names of the builder's keys (comparators, addons). A question type's name
 * comes with the type (shared/questionTypes.ts).
 */
import { __ } from '@wordpress/i18n';

import type { Comparator } from '../../shared/types';

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
