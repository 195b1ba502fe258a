/**
 * Questions step: the survey title, Build | Preview, the question cards, Add
 * Question, the thank-you card, and the live preview with branding options.
 */
import { useEffect } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { surveyLimits } from '../../../../shared/questionTypes';
import type { QuestionType } from '../../../../shared/types';
import { EditableText } from '../../components/EditableText';
import { useBuilder } from '../../context';
import { newQuestion } from '../../../../shared/surveyDefaults';
import { LookOptions } from '../../preview/LookOptions';
import { LivePreview } from '../../preview/LivePreview';
import { nextQuestionId, removeQuestion } from '../../rules';
import { useBuilderStore } from '../../store';
import { AddQuestion } from './AddQuestion';
import { QuestionList } from './QuestionList';
import { ThankYouCard } from './ThankYouCard';

export function QuestionsStep() {
	const draft = useBuilderStore( ( state ) => state.draft );
	const preview = useBuilderStore( ( state ) => state.preview );
	const { save } = useBuilder();
	const empty = !! draft && draft.questions.length === 0;

	useEffect( () => {
		// A survey always has a question to edit: a blank text one to start with.
		if ( empty ) {
			const { setQuestions } = useBuilderStore.getState();
			setQuestions( [ newQuestion( nextQuestionId( [] ), 'text' ) ] );
		}
	}, [ empty ] );

	if ( ! draft ) {
		return null;
	}
	const isNps = draft.type === 'nps';

	const add = async ( type: QuestionType ) => {
		if ( useBuilderStore.getState().draft?.questions.length ) {
			await save();
		}
		const {
			draft: current,
			setQuestions,
			setActiveTab,
		} = useBuilderStore.getState();
		if ( ! current ) {
			return;
		}
		const question = newQuestion(
			nextQuestionId( current.questions ),
			type
		);
		setQuestions( [ ...current.questions, question ] );
		setActiveTab( question.id, 'question' );
	};

	const remove = ( id: number ) => {
		useBuilderStore
			.getState()
			.update( ( current ) => removeQuestion( current, id ) );
		save();
	};

	return (
		<div className="userfeedback-builder-questions">
			<div className="userfeedback-builder-questions__top">
				<EditableText
					as="h2"
					label={ __( 'Survey title', 'userfeedback' ) }
					value={ draft.title }
					maxLength={ surveyLimits().title_max }
					onSave={ ( title ) =>
						useBuilderStore.getState().update( { title } )
					}
				/>
				<div
					className="userfeedback-segmented"
					role="group"
					aria-label={ __( 'View', 'userfeedback' ) }
				>
					<Button
						variant={ preview ? 'secondary' : 'primary' }
						aria-pressed={ ! preview }
						onClick={ () =>
							useBuilderStore.getState().setPreview( false )
						}
					>
						{ __( 'Build', 'userfeedback' ) }
					</Button>
					<Button
						variant={ preview ? 'primary' : 'secondary' }
						aria-pressed={ preview }
						onClick={ () =>
							useBuilderStore.getState().setPreview( true )
						}
					>
						{ __( 'Preview', 'userfeedback' ) }
					</Button>
				</div>
			</div>

			{ preview ? (
				<div className="userfeedback-builder-questions__preview-only">
					<LivePreview survey={ draft } />
				</div>
			) : (
				<div className="userfeedback-builder-questions__columns">
					<div className="userfeedback-builder-questions__main">
						<QuestionList
							questions={ draft.questions }
							isNps={ isNps }
							onDelete={ remove }
						/>
						<AddQuestion
							disabled={
								isNps ||
								draft.questions.length >=
									surveyLimits().max_questions
							}
							onAdd={ add }
						/>
						<ThankYouCard
							thankYou={ draft.settings.thank_you }
							questions={ draft.questions }
						/>
					</div>
					<aside
						className="userfeedback-builder-questions__side"
						aria-label={ __( 'Preview', 'userfeedback' ) }
					>
						<LookOptions settings={ draft.settings } />
						<LivePreview survey={ draft } />
					</aside>
				</div>
			) }
		</div>
	);
}
