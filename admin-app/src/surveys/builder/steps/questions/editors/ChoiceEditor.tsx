/**
 * Radio-button and checkbox questions: options as plain strings.
 */
import { PlainOptions } from '../options/PlainOptions';
import type { EditorProps, QuestionEditor } from './types';

function ChoiceOptions( { question, setConfig }: EditorProps ) {
	return (
		<PlainOptions
			type={ question.type }
			options={ question.config.options ?? [] }
			onChange={ ( options ) => setConfig( { options } ) }
		/>
	);
}

export const choiceEditor: QuestionEditor = { Config: ChoiceOptions };
