/**
 * The three fields of a condition: which question, which comparator (by the
 * question's type), and the value (free text for text types, a list otherwise).
 * Used by question display logic and conditional redirects.
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { surveyLimits } from '../../../shared/questionTypes';
import type { Comparator, Question } from '../../../shared/types';
import { comparatorLabel, questionName } from '../labels';
import { comparatorsFor, valueChoices } from '../rules';

export function ConditionFields( {
	subjects,
	questionId,
	compare,
	value,
	onQuestion,
	onCompare,
	onValue,
}: {
	/** Questions the condition may be about. */
	subjects: Question[];
	questionId: number | null;
	compare: Comparator | '';
	value: string;
	onQuestion: ( id: number | null ) => void;
	onCompare: ( compare: Comparator | '' ) => void;
	onValue: ( value: string ) => void;
} ) {
	const subject = subjects.find( ( q ) => q.id === questionId );
	const choices = subject ? valueChoices( subject ) : [];
	const placeholder = { value: '', label: __( 'Select…', 'userfeedback' ) };

	return (
		<div className="userfeedback-condition">
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Question', 'userfeedback' ) }
				value={ questionId === null ? '' : String( questionId ) }
				options={ [
					placeholder,
					...subjects.map( ( q, index ) => ( {
						value: String( q.id ),
						label: questionName( q, index ),
					} ) ),
				] }
				onChange={ ( id ) => onQuestion( id ? Number( id ) : null ) }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Comparison', 'userfeedback' ) }
				value={ compare }
				disabled={ ! subject }
				options={ [
					placeholder,
					...( subject ? comparatorsFor( subject.type ) : [] ).map(
						( c ) => ( { value: c, label: comparatorLabel( c ) } )
					),
				] }
				onChange={ ( c ) => onCompare( c as Comparator | '' ) }
			/>
			{ choices === null ? (
				<TextControl
					__nextHasNoMarginBottom
					label={ __( 'Value', 'userfeedback' ) }
					value={ value }
					maxLength={ surveyLimits().label_max }
					disabled={ ! compare }
					onChange={ onValue }
				/>
			) : (
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Value', 'userfeedback' ) }
					value={ value }
					disabled={ ! compare }
					options={ [
						placeholder,
						...choices.map( ( choice ) => ( {
							value: choice,
							label: choice,
						} ) ),
					] }
					onChange={ onValue }
				/>
			) }
		</div>
	);
}
