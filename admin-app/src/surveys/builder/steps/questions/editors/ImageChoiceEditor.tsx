/**
 * Image-choice questions: a label and an image per option.
 */
import type { ImageOption } from '../../../../../shared/types';
import { ImageOptions } from '../options/ImageOptions';
import type { EditorProps, QuestionEditor } from './types';

function ImageChoiceOptions( { question, setConfig }: EditorProps ) {
	return (
		<ImageOptions
			type={ question.type }
			options={ ( question.config.options ?? [] ) as ImageOption[] }
			onChange={ ( options ) => setConfig( { options } ) }
		/>
	);
}

export const imageChoiceEditor: QuestionEditor = {
	Config: ImageChoiceOptions,
};
