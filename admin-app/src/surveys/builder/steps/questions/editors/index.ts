/**
 * The builder's editor of each question type (the registry, shared/questionTypes.ts,
 * says what a type is; its editor, what the author sets up for it). A new type adds its
 * editor here; questionTypes.test.ts fails for a registered type without one.
 */
import type { QuestionType } from '../../../../../shared/types';
import { choiceEditor } from './ChoiceEditor';
import { emailEditor } from './EmailEditor';
import { iconChoiceEditor } from './IconChoiceEditor';
import { imageChoiceEditor } from './ImageChoiceEditor';
import type { QuestionEditor } from './types';

/** Text, stars and NPS: title and type are all there is to set up. */
const nothingToSetUp: QuestionEditor = {};

export const QUESTION_EDITORS: Record< QuestionType, QuestionEditor > = {
	'radio-button': choiceEditor,
	checkbox: choiceEditor,
	text: nothingToSetUp,
	'long-text': nothingToSetUp,
	email: emailEditor,
	'star-rating': nothingToSetUp,
	nps: nothingToSetUp,
	'image-radio': imageChoiceEditor,
	'icon-choice': iconChoiceEditor,
};

/**
 * The editor of a type; an empty one for a type the admin does not know.
 *
 * @param type Question type.
 */
export function editorOf( type: string ): QuestionEditor {
	return (
		( QUESTION_EDITORS as Partial< Record< string, QuestionEditor > > )[
			type
		] ?? nothingToSetUp
	);
}

export type { EditorProps, QuestionEditor } from './types';
