/**
 * The three fields of a condition: which question, which comparator (by the
 * question's type), and the value (free text for text types, a list otherwise).
 * Used by question display logic and conditional redirects. Display logic may also
 * pick one of the survey's hidden fields (listed after the questions, "Hidden field:
 * plan"): its comparators are FIELD_COMPARATORS and its value is free text; a
 * condition on a field the survey no longer lists says so.
 */
import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useId } from 'react';

import { surveyLimits } from '../../../shared/questionTypes';
import type { Comparator, Question } from '../../../shared/types';
import { comparatorLabel, questionName } from '../labels';
import { comparatorsFor, valueChoices } from '../rules';
import {
	FIELD_COMPARATORS,
	fieldOption,
	missingFieldMessage,
	parseSubject,
	subjectValue,
} from '../fieldConditions';

export function ConditionFields( {
	subjects,
	questionId,
	compare,
	value,
	onQuestion,
	onCompare,
	onValue,
	fields = [],
	field = null,
	onField,
}: {
	/** Questions the condition may be about. */
	subjects: Question[];
	questionId: number | null;
	compare: Comparator | '';
	value: string;
	onQuestion: ( id: number | null ) => void;
	onCompare: ( compare: Comparator | '' ) => void;
	onValue: ( value: string ) => void;
	/** Names of the survey's hidden fields the condition may be about (needs onField). */
	fields?: string[];
	/** The hidden field the condition is about, or null for a question. */
	field?: string | null;
	onField?: ( name: string ) => void;
} ) {
	const errorId = useId();
	const onAField = field !== null && field !== '';
	const missing = onAField && ! fields.includes( field );
	const subject = onAField
		? undefined
		: subjects.find( ( q ) => q.id === questionId );
	// A field's value is free text and its comparators FIELD_COMPARATORS; a question's
	// follow its type.
	let choices: string[] | null = [];
	let comparators: readonly Comparator[] = [];
	if ( onAField ) {
		choices = null;
		comparators = FIELD_COMPARATORS;
	} else if ( subject ) {
		choices = valueChoices( subject );
		comparators = comparatorsFor( subject.type );
	}
	const placeholder = { value: '', label: __( 'Select…', 'userfeedback' ) };
	const fieldOptions = onField ? fields.map( fieldOption ) : [];
	if ( missing ) {
		// Kept in the list so that the picker shows what the condition is about.
		fieldOptions.push( fieldOption( field ) );
	}

	return (
		<div className="userfeedback-condition">
			<SelectControl
				__nextHasNoMarginBottom
				label={
					onField
						? __( 'Question or hidden field', 'userfeedback' )
						: __( 'Question', 'userfeedback' )
				}
				value={ subjectValue( {
					question_id: questionId,
					field: field ?? undefined,
				} ) }
				options={ [
					placeholder,
					...subjects.map( ( q, index ) => ( {
						value: String( q.id ),
						label: questionName( q, index ),
					} ) ),
					...fieldOptions,
				] }
				aria-invalid={ missing ? true : undefined }
				aria-describedby={ missing ? errorId : undefined }
				onChange={ ( picked ) => {
					const next = parseSubject( picked );
					if ( 'field' in next ) {
						onField?.( next.field );
					} else {
						onQuestion( next.question_id );
					}
				} }
			/>
			{ missing && (
				<p
					id={ errorId }
					className="userfeedback-field-error"
					role="alert"
				>
					{ missingFieldMessage( field ) }
				</p>
			) }
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Comparison', 'userfeedback' ) }
				value={ compare }
				disabled={ ! subject && ! onAField }
				options={ [
					placeholder,
					...comparators.map( ( c ) => ( {
						value: c,
						label: comparatorLabel( c ),
					} ) ),
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
