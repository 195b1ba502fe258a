/**
 * The comparator choices of conditional email logic: the same table and labels as the
 * questions' display logic (builder/rules.ts and builder/labels.ts), as select options.
 */
import type { Comparator, QuestionType } from '../../../../shared/types';
import { comparatorLabel } from '../../labels';
import {
	comparatorsFor as comparatorKeys,
	emailLogicSubjects,
	valueChoices,
} from '../../rules';

export interface ComparatorOption {
	value: Comparator;
	label: string;
}

export function comparatorsFor( type: QuestionType ): ComparatorOption[] {
	return comparatorKeys( type ).map( ( value ) => ( {
		value,
		label: comparatorLabel( value ),
	} ) );
}

export const subjectQuestions = emailLogicSubjects;
export { valueChoices };
