/**
 * A question card's Logic tab: show or hide the question depending on answers to
 * earlier radio, checkbox, NPS or star-rating questions, or on the survey's hidden
 * fields (listed after the questions; as many conditions as the server takes); the
 * comparators are the subject type's (shared/questionTypes.ts), a field's are
 * FIELD_COMPARATORS (fieldConditions.ts).
 */
import {
	Button,
	Notice,
	SelectControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type {
	HiddenField,
	LogicCondition,
	Question,
} from '../../../../shared/types';
import { surveyLimits } from '../../../../shared/questionTypes';
import { ConditionFields } from '../../components/ConditionFields';
import {
	conditionField,
	conditionOnField,
	conditionOnQuestion,
	fieldNames,
} from '../../fieldConditions';
import { logicSubjects, setConditionCompare } from '../../rules';
import { useBuilderStore } from '../../store';

/** One empty list for drafts without hidden fields (a stable store selection). */
const NO_FIELDS: HiddenField[] = [];

export function LogicTab( {
	question,
	questions,
}: {
	question: Question;
	questions: Question[];
} ) {
	const subjects = logicSubjects( questions, question.id );
	const names = fieldNames(
		useBuilderStore(
			( state ) => state.draft?.settings?.hidden_fields ?? NO_FIELDS
		)
	);
	const { logic } = question;
	const setLogic = ( patch: Partial< Question[ 'logic' ] > ) =>
		useBuilderStore.getState().updateQuestion( question.id, ( q ) => ( {
			...q,
			logic: { ...q.logic, ...patch },
		} ) );
	const setCondition = ( index: number, condition: LogicCondition ) =>
		setLogic( {
			conditions: logic.conditions.map( ( c, i ) =>
				i === index ? condition : c
			),
		} );
	const blank = (): LogicCondition =>
		subjects.length === 0 && names.length > 0
			? conditionOnField( names[ 0 ] )
			: conditionOnQuestion( subjects[ 0 ]?.id ?? null );

	if ( subjects.length === 0 && names.length === 0 ) {
		return (
			<div className="userfeedback-question-logic">
				<Notice status="info" isDismissible={ false }>
					{ __(
						'Add at least one Radio, Checkbox, NPS, or Star Rating question before this one to use conditional logic.',
						'userfeedback'
					) }
				</Notice>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Enable conditional logic', 'userfeedback' ) }
					checked={ false }
					disabled
					onChange={ () => undefined }
				/>
			</div>
		);
	}

	return (
		<div className="userfeedback-question-logic">
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Enable conditional logic', 'userfeedback' ) }
				checked={ logic.enabled }
				onChange={ ( enabled ) =>
					setLogic( {
						enabled,
						conditions:
							enabled && logic.conditions.length === 0
								? [ blank() ]
								: logic.conditions,
					} )
				}
			/>
			{ logic.enabled && (
				<>
					<SelectControl
						__nextHasNoMarginBottom
						label={ __( 'Action', 'userfeedback' ) }
						value={ logic.action }
						options={ [
							{
								value: 'show',
								label: __(
									'Show this question if',
									'userfeedback'
								),
							},
							{
								value: 'hide',
								label: __(
									'Hide this question if',
									'userfeedback'
								),
							},
						] }
						onChange={ ( action ) =>
							setLogic( { action: action as 'show' | 'hide' } )
						}
					/>
					<ol className="userfeedback-conditions">
						{ logic.conditions.map( ( condition, index ) => (
							<li key={ index }>
								<ConditionFields
									subjects={ subjects }
									questionId={ condition.question_id }
									fields={ names }
									field={ conditionField( condition ) }
									compare={ condition.compare }
									value={ condition.value }
									onQuestion={ ( id ) =>
										setCondition(
											index,
											conditionOnQuestion( id )
										)
									}
									onField={ ( name ) =>
										setCondition(
											index,
											conditionOnField( name )
										)
									}
									onCompare={ ( compare ) =>
										setCondition(
											index,
											setConditionCompare(
												condition,
												compare
											)
										)
									}
									onValue={ ( value ) =>
										setCondition( index, {
											...condition,
											value,
										} )
									}
								/>
								<Button
									variant="tertiary"
									isDestructive
									onClick={ () => {
										const conditions =
											logic.conditions.filter(
												( _, i ) => i !== index
											);
										setLogic( {
											conditions,
											enabled: conditions.length > 0,
										} );
									} }
								>
									{ sprintf(
										/* translators: %d: condition number. */
										__(
											'Remove condition %d',
											'userfeedback'
										),
										index + 1
									) }
								</Button>
							</li>
						) ) }
					</ol>
					<Button
						variant="secondary"
						disabled={
							logic.conditions.length >=
							surveyLimits().max_conditions
						}
						onClick={ () =>
							setLogic( {
								conditions: [ ...logic.conditions, blank() ],
							} )
						}
					>
						{ __( 'Add Condition', 'userfeedback' ) }
					</Button>
				</>
			) }
		</div>
	);
}
