import { useId, type ChangeEvent } from 'react';
import { __ } from '@wordpress/i18n';

import { useSurveyFiles } from './useSurveyFiles';

import './survey-files.scss';

/**
 * The list header's Import: a real file input, named by its label, which looks like a
 * button; choosing a file uploads it at once.
 */
export function ImportSurveys() {
	const id = useId();
	const { importFile, isImporting } = useSurveyFiles();

	const onChange = async ( event: ChangeEvent< HTMLInputElement > ) => {
		const input = event.currentTarget;
		const file = input.files?.[ 0 ];
		// The same file may be chosen again after fixing it.
		input.value = '';
		if ( file ) {
			await importFile( file );
		}
	};

	return (
		<span className="userfeedback-survey-import">
			<input
				id={ id }
				type="file"
				accept=".json,application/json"
				className="userfeedback-survey-import__input"
				disabled={ isImporting }
				aria-describedby={ `${ id }-help` }
				onChange={ onChange }
			/>
			<label
				htmlFor={ id }
				className="components-button is-secondary"
				aria-busy={ isImporting }
			>
				{ isImporting
					? __( 'Importing…', 'userfeedback' )
					: __( 'Import', 'userfeedback' ) }
			</label>
			<span id={ `${ id }-help` } className="screen-reader-text">
				{ __(
					'Choose a UserFeedback survey file (.json). Its surveys are added as new drafts.',
					'userfeedback'
				) }
			</span>
		</span>
	);
}
