/**
 * A question card's Settings tab: required, randomize (types with options), comment
 * box (not for text types), then the type's own settings (editors/index.ts, e.g. the
 * icons' colour and size). Pro with the question-types addon.
 */
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type { Question } from '../../../../shared/types';
import { FeatureNotice } from '../../components/FeatureNotice';
import { supportsCommentBox, supportsRandomize } from '../../rules';
import { editorOf } from './editors';
import { useEditorProps } from './useEditorProps';

export function SettingsTab( { question }: { question: Question } ) {
	const gate = useFeature( 'question_settings' );
	const locked = ! gate.allowed;
	const editorProps = useEditorProps( question );
	const { setSettings: set } = editorProps;
	const { Settings } = editorOf( question.type );

	return (
		<div className="userfeedback-question-settings">
			<FeatureNotice gate={ gate } medium="question-settings" />
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Required', 'userfeedback' ) }
				checked={ question.settings.required }
				disabled={ locked }
				onChange={ ( required ) => set( { required } ) }
			/>
			{ supportsRandomize( question.type ) && (
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Randomize answers', 'userfeedback' ) }
					checked={ question.settings.randomize }
					disabled={ locked }
					onChange={ ( randomize ) => set( { randomize } ) }
				/>
			) }
			{ supportsCommentBox( question.type ) && (
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Add a comment box', 'userfeedback' ) }
					checked={ question.settings.comment_box }
					disabled={ locked }
					onChange={ ( commentBox ) =>
						set( { comment_box: commentBox } )
					}
				/>
			) }
			{ Settings && <Settings { ...editorProps } /> }
		</div>
	);
}
