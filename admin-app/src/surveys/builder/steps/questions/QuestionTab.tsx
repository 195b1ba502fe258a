/**
 * A question card's Question tab: title, type and the type's options.
 */
import {
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type {
	ChoiceOption,
	IconOption,
	ImageOption,
	Question,
	QuestionType,
} from '../../../../shared/types';
import { QUESTION_TYPE_ORDER, questionTypeLabel } from '../../labels';
import { isAdvancedType, retypeQuestion } from '../../rules';
import { useBuilderStore } from '../../store';
import { IconOptions } from './options/IconOptions';
import { ImageOptions } from './options/ImageOptions';
import { PlainOptions } from './options/PlainOptions';

export function QuestionTab( {
	question,
	isNps,
}: {
	question: Question;
	/** NPS surveys offer no question-type choice. */
	isNps: boolean;
} ) {
	const advanced = useFeature( 'advanced_question_types' );
	const { updateQuestion, update } = useBuilderStore.getState();
	const setOptions = ( options: ChoiceOption[] ) =>
		updateQuestion( question.id, ( q ) => ( {
			...q,
			config: { ...q.config, options },
		} ) );
	const options = question.config.options ?? [];

	const changeType = ( type: QuestionType ) => {
		if ( isAdvancedType( type ) && ! advanced.guard( 'question-type' ) ) {
			return;
		}
		update( ( draft ) => retypeQuestion( draft, question.id, type ) );
	};

	return (
		<div className="userfeedback-question-tab">
			<TextControl
				__nextHasNoMarginBottom
				label={ __( 'Question Title', 'userfeedback' ) }
				value={ question.title }
				onChange={ ( title ) =>
					updateQuestion( question.id, { title } )
				}
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Question Type', 'userfeedback' ) }
				value={ question.type }
				disabled={ isNps }
				options={ QUESTION_TYPE_ORDER.map( ( type ) => ( {
					value: type,
					label:
						isAdvancedType( type ) && ! advanced.allowed
							? `${ questionTypeLabel( type ) } (${ __(
									'Pro',
									'userfeedback'
								) })`
							: questionTypeLabel( type ),
				} ) ) }
				onChange={ ( type ) => changeType( type as QuestionType ) }
			/>
			{ ( question.type === 'radio-button' ||
				question.type === 'checkbox' ) && (
				<PlainOptions
					type={ question.type }
					options={ options }
					onChange={ setOptions }
				/>
			) }
			{ question.type === 'image-radio' && (
				<ImageOptions
					type={ question.type }
					options={ options as ImageOption[] }
					onChange={ setOptions }
				/>
			) }
			{ question.type === 'icon-choice' && (
				<IconOptions
					type={ question.type }
					options={ options as IconOption[] }
					onChange={ setOptions }
				/>
			) }
			{ question.type === 'email' && (
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Also ask for a first name', 'userfeedback' ) }
					checked={ !! question.config.include_name }
					onChange={ ( includeName ) =>
						updateQuestion( question.id, ( q ) => ( {
							...q,
							config: { ...q.config, include_name: includeName },
						} ) )
					}
				/>
			) }
		</div>
	);
}
