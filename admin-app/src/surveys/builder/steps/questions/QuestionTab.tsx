/**
 * A question card's Question tab: title, type, and the type's own editor
 * (editors/index.ts).
 */
import { useState } from 'react';
import { SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import {
	isAdvancedType,
	questionTypes,
	surveyLimits,
} from '../../../../shared/questionTypes';
import type { Question, QuestionType } from '../../../../shared/types';
import { retypeQuestion } from '../../rules';
import { useBuilderStore } from '../../store';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RetypeArchiveNote, useResponsesCount } from './ArchiveNote';
import { editorOf } from './editors';
import { useEditorProps } from './useEditorProps';

export function QuestionTab( {
	question,
	isNps,
}: {
	question: Question;
	/** NPS surveys offer no question-type choice. */
	isNps: boolean;
} ) {
	const advanced = useFeature( 'advanced_question_types' );
	const editorProps = useEditorProps( question );
	const { Config } = editorOf( question.type );

	const responses = useResponsesCount();
	// A retype of a survey with responses asks first: the server archives the old question.
	const [ pendingType, setPendingType ] = useState< QuestionType | null >(
		null
	);
	const retype = ( type: QuestionType ) =>
		useBuilderStore
			.getState()
			.update( ( draft ) => retypeQuestion( draft, question.id, type ) );
	const changeType = ( type: QuestionType ) => {
		if ( isAdvancedType( type ) && ! advanced.guard( 'question-type' ) ) {
			return;
		}
		if ( responses > 0 ) {
			setPendingType( type );
			return;
		}
		retype( type );
	};

	return (
		<div className="userfeedback-question-tab">
			<TextControl
				__nextHasNoMarginBottom
				label={ __( 'Question Title', 'userfeedback' ) }
				value={ question.title }
				maxLength={ surveyLimits().title_max }
				onChange={ ( title ) =>
					useBuilderStore
						.getState()
						.updateQuestion( question.id, { title } )
				}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Question Type', 'userfeedback' ) }
				value={ question.type }
				disabled={ isNps }
				options={ questionTypes().map( ( type ) => ( {
					value: type.key,
					label:
						type.advanced && ! advanced.allowed
							? `${ type.label } (${ __( 'Pro', 'userfeedback' ) })`
							: type.label,
				} ) ) }
				onChange={ ( type ) => changeType( type as QuestionType ) }
			/>
			{ Config && <Config { ...editorProps } /> }
			{ pendingType && (
				<ConfirmDialog
					title={ __( 'Change the question type?', 'userfeedback' ) }
					confirmLabel={ __( 'Change type', 'userfeedback' ) }
					onCancel={ () => setPendingType( null ) }
					onConfirm={ () => {
						setPendingType( null );
						retype( pendingType );
					} }
				>
					<RetypeArchiveNote count={ responses } />
				</ConfirmDialog>
			) }
		</div>
	);
}
