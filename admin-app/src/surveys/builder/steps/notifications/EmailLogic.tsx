/**
 * Conditional email logic: send the notification only for responses that match the
 * conditions. Needs a question that can be a subject, and the email_logic feature.
 */
import {
	Button,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type {
	Comparator,
	LogicCondition,
	Question,
	SurveyNotifications,
} from '../../../../shared/types';
import { GatePrompt } from '../settings/GatePrompt';
import { comparatorsFor, subjectQuestions, valueChoices } from './comparators';

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
	const locked = disabled || ! gate.allowed || subjects.length === 0;

	const newCondition = (): LogicCondition => ( {
		question_id: subjects[ 0 ]?.id ?? null,
		compare: '',
		value: '',
	} );
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
			{ subjects.length === 0 && (
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
	disabled,
	onChange,
	onRemove,
}: {
	number: number;
	condition: LogicCondition;
	subjects: Question[];
	disabled: boolean;
	onChange: ( next: LogicCondition ) => void;
	/** Absent for the only condition, which cannot be removed. */
	onRemove?: () => void;
} ) {
	const question = subjects.find( ( q ) => q.id === condition.question_id );
	const comparators = question ? comparatorsFor( question.type ) : [];
	const choices = question ? valueChoices( question ) : [];

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
					label={ __( 'Question', 'userfeedback' ) }
					disabled={ disabled }
					value={
						condition.question_id === null
							? ''
							: String( condition.question_id )
					}
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
					] }
					// A new question resets the comparator and the value.
					onChange={ ( id ) =>
						onChange( {
							question_id: id ? Number( id ) : null,
							compare: '',
							value: '',
						} )
					}
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Comparator', 'userfeedback' ) }
					disabled={ disabled || ! question }
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
