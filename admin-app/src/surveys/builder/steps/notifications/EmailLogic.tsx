/**
 * Conditional email logic: send the notification only for responses that match the
 * conditions. Needs a question that can be a subject or a hidden field (listed after
 * the questions, "Hidden field: plan", with a text value), and the email_logic
 * feature. A condition on a field the survey no longer lists says so.
 */
import {
	Button,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useId } from 'react';

import { useFeature } from '../../../../shared/gating';
import type {
	Comparator,
	HiddenField,
	LogicCondition,
	Question,
	SurveyNotifications,
} from '../../../../shared/types';
import { comparatorLabel } from '../../labels';
import {
	FIELD_COMPARATORS,
	conditionField,
	conditionOnField,
	conditionOnQuestion,
	fieldNames,
	fieldOption,
	missingFieldMessage,
	subjectValue,
	withSubject,
} from '../../fieldConditions';
import { useBuilderStore } from '../../store';
import { GatePrompt } from '../settings/GatePrompt';
import { comparatorsFor, subjectQuestions, valueChoices } from './comparators';

/** One empty list for drafts without hidden fields (a stable store selection). */
const NO_FIELDS: HiddenField[] = [];

type Logic = SurveyNotifications[ 'email' ][ 'logic' ];

export const NO_SUBJECT_MESSAGE = (): string =>
	__(
		'Add at least one Radio, Checkbox, NPS, or Star Rating question to use conditional logic.',
		'userfeedback'
	);

export function EmailLogic( {
	logic,
	questions,
	disabled,
	onChange,
}: {
	logic: Logic;
	questions: Question[];
	/** The email itself is off, or the user may not change who receives it. */
	disabled: boolean;
	onChange: ( next: Logic ) => void;
} ) {
	const gate = useFeature( 'email_logic' );
	const subjects = subjectQuestions( questions );
	const names = fieldNames(
		useBuilderStore(
			( state ) => state.draft?.settings?.hidden_fields ?? NO_FIELDS
		)
	);
	const none = subjects.length === 0 && names.length === 0;
	const locked = disabled || ! gate.allowed || none;

	const newCondition = (): LogicCondition =>
		subjects.length === 0 && names.length > 0
			? conditionOnField( names[ 0 ] )
			: conditionOnQuestion( subjects[ 0 ]?.id ?? null );
	const setConditions = ( conditions: LogicCondition[] ) =>
		onChange( { ...logic, conditions } );

	return (
		<div className="userfeedback-email-logic">
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Conditional logic', 'userfeedback' ) }
				help={ __(
					'Send the email only for responses that match the conditions.',
					'userfeedback'
				) }
				checked={ logic.enable }
				disabled={ locked }
				onChange={ ( enable ) =>
					onChange( {
						...logic,
						enable,
						// Turning it on starts with one row to fill in.
						conditions:
							enable && logic.conditions.length === 0
								? [ newCondition() ]
								: logic.conditions,
					} )
				}
			/>
			{ none && (
				<p className="userfeedback-gate">{ NO_SUBJECT_MESSAGE() }</p>
			) }
			<GatePrompt gate={ gate } />
			{ logic.enable &&
				logic.conditions.map( ( condition, index ) => (
					<ConditionRow
						// Conditions have no ids; the position is what the user sees.

						key={ index }
						number={ index + 1 }
						condition={ condition }
						subjects={ subjects }
						fields={ names }
						disabled={ locked }
						onChange={ ( next ) =>
							setConditions(
								logic.conditions.map( ( c, i ) =>
									i === index ? next : c
								)
							)
						}
						onRemove={
							logic.conditions.length > 1
								? () =>
										setConditions(
											logic.conditions.filter(
												( _c, i ) => i !== index
											)
										)
								: undefined
						}
					/>
				) ) }
			{ logic.enable && (
				<Button
					variant="secondary"
					icon="plus-alt2"
					disabled={ locked }
					onClick={ () =>
						setConditions( [ ...logic.conditions, newCondition() ] )
					}
				>
					{ __( 'Add condition', 'userfeedback' ) }
				</Button>
			) }
		</div>
	);
}

function questionLabel( question: Question, index: number ): string {
	return (
		question.title.trim() ||
		sprintf(
			/* translators: %d: question number. */
			__( 'Question %d', 'userfeedback' ),
			index + 1
		)
	);
}

function ConditionRow( {
	number,
	condition,
	subjects,
	fields,
	disabled,
	onChange,
	onRemove,
}: {
	number: number;
	condition: LogicCondition;
	subjects: Question[];
	/** Names of the survey's hidden fields. */
	fields: string[];
	disabled: boolean;
	onChange: ( next: LogicCondition ) => void;
	/** Absent for the only condition, which cannot be removed. */
	onRemove?: () => void;
} ) {
	const errorId = useId();
	const field = conditionField( condition );
	const missing = field !== null && ! fields.includes( field );
	const question =
		field === null
			? subjects.find( ( q ) => q.id === condition.question_id )
			: undefined;
	// A field's value is free text and its comparators FIELD_COMPARATORS.
	let comparators: { value: Comparator; label: string }[] = [];
	let choices: string[] | null = [];
	if ( field !== null ) {
		comparators = FIELD_COMPARATORS.map( ( value ) => ( {
			value,
			label: comparatorLabel( value ),
		} ) );
		choices = null;
	} else if ( question ) {
		comparators = comparatorsFor( question.type );
		choices = valueChoices( question );
	}
	const fieldOptions = fields.map( fieldOption );
	if ( missing ) {
		// Kept in the list so that the picker shows what the condition is about.
		fieldOptions.push( fieldOption( field ) );
	}

	return (
		<fieldset className="userfeedback-condition">
			<legend className="screen-reader-text">
				{ sprintf(
					/* translators: %d: condition number. */
					__( 'Condition %d', 'userfeedback' ),
					number
				) }
			</legend>
			<div className="userfeedback-condition__row">
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={
						fields.length > 0 || field !== null
							? __( 'Question or hidden field', 'userfeedback' )
							: __( 'Question', 'userfeedback' )
					}
					disabled={ disabled }
					value={ subjectValue( condition ) }
					options={ [
						{
							value: '',
							label: __( 'Select a question', 'userfeedback' ),
							disabled: true,
						},
						...subjects.map( ( q, index ) => ( {
							value: String( q.id ),
							label: questionLabel( q, index ),
						} ) ),
						...fieldOptions,
					] }
					aria-invalid={ missing ? true : undefined }
					aria-describedby={ missing ? errorId : undefined }
					// A new question or field resets the comparator and the value.
					onChange={ ( picked ) => onChange( withSubject( picked ) ) }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Comparator', 'userfeedback' ) }
					disabled={ disabled || ( ! question && field === null ) }
					value={ condition.compare }
					options={ [
						{
							value: '',
							label: __( 'Select a comparator', 'userfeedback' ),
							disabled: true,
						},
						...comparators,
					] }
					// A new comparator resets the value.
					onChange={ ( compare ) =>
						onChange( {
							...condition,
							compare: compare as Comparator,
							value: '',
						} )
					}
				/>
				{ choices === null ? (
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Value', 'userfeedback' ) }
						disabled={ disabled || ! condition.compare }
						value={ condition.value }
						onChange={ ( value ) =>
							onChange( { ...condition, value } )
						}
					/>
				) : (
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Value', 'userfeedback' ) }
						disabled={ disabled || ! condition.compare }
						value={ condition.value }
						options={ [
							{
								value: '',
								label: __( 'Select a value', 'userfeedback' ),
								disabled: true,
							},
							...choices.map( ( choice ) => ( {
								value: choice,
								label: choice,
							} ) ),
						] }
						onChange={ ( value ) =>
							onChange( { ...condition, value } )
						}
					/>
				) }
				{ missing && (
					<p
						id={ errorId }
						className="userfeedback-field-error"
						role="alert"
					>
						{ missingFieldMessage( field ) }
					</p>
				) }
				{ onRemove && (
					<Button
						icon="trash"
						size="compact"
						isDestructive
						disabled={ disabled }
						label={ sprintf(
							/* translators: %d: condition number. */
							__( 'Remove condition %d', 'userfeedback' ),
							number
						) }
						onClick={ onRemove }
					/>
				) }
			</div>
		</fieldset>
	);
}
