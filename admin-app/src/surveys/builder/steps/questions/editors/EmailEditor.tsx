/**
 * Email questions: whether to ask for a first name as well.
 */
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { EditorProps, QuestionEditor } from './types';

function IncludeName( { question, setConfig }: EditorProps ) {
	return (
		<ToggleControl
			__nextHasNoMarginBottom
			label={ __( 'Also ask for a first name', 'userfeedback' ) }
			checked={ !! question.config.include_name }
			onChange={ ( includeName ) =>
				setConfig( { include_name: includeName } )
			}
		/>
	);
}

export const emailEditor: QuestionEditor = { Config: IncludeName };
