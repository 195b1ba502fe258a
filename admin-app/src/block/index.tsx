/**
 * The editor script of the userfeedback/survey and userfeedback/post-rating blocks
 * (build/admin/block.js), loaded in the block editors only
 * (SurveyBlock::enqueue_editor()). The server registers each block from the same
 * block.json and renders it.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { registerBlockType, type BlockEditProps } from '@wordpress/blocks';

import metadata from '../../../blocks/survey/block.json';
import postRatingMetadata from '../../../blocks/post-rating/block.json';
import { SurveyEditor, type Attributes } from './Edit';
import { PostRatingPreview } from './postRating';

function Edit( {
	attributes,
	setAttributes,
	isSelected,
}: BlockEditProps< Attributes > ) {
	return (
		<div { ...useBlockProps() }>
			<SurveyEditor
				surveyId={ attributes.surveyId }
				onChange={ ( surveyId ) => setAttributes( { surveyId } ) }
				isSelected={ isSelected }
				Inspector={ InspectorControls }
			/>
		</div>
	);
}

registerBlockType< Attributes >( metadata, {
	edit: Edit,
	// Rendered on the server: nothing is saved in the post but the comment.
	save: () => null,
} );

registerBlockType< Record< string, never > >( postRatingMetadata, {
	edit: function PostRatingEdit() {
		return (
			<div { ...useBlockProps() }>
				<PostRatingPreview />
			</div>
		);
	},
	save: () => null,
} );
