/**
 * A question card's Settings tab: required, randomize (choice types), comment box
 * (not for text types), icon colour and size (icon-choice). Pro with the
 * question-types addon.
 */
import { SelectControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type { Question } from '../../../../shared/types';
import { FeatureNotice } from '../../components/FeatureNotice';
import { DEFAULT_ICON_COLOR } from '../../../../shared/surveyDefaults';
import { supportsCommentBox, supportsRandomize } from '../../rules';
import { useBuilderStore } from '../../store';

export function SettingsTab( { question }: { question: Question } ) {
	const gate = useFeature( 'question_settings' );
	const locked = ! gate.allowed;
	const set = ( patch: Partial< Question[ 'settings' ] > ) =>
		useBuilderStore.getState().updateQuestion( question.id, ( q ) => ( {
			...q,
			settings: { ...q.settings, ...patch },
		} ) );
	const colorId = `userfeedback-icon-color-${ question.id }`;

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
			{ question.type === 'icon-choice' && (
				<>
					<div className="userfeedback-field">
						<label htmlFor={ colorId }>
							{ __( 'Icon colour', 'userfeedback' ) }
						</label>
						<input
							id={ colorId }
							type="color"
							value={
								question.settings.icon_color ??
								DEFAULT_ICON_COLOR
							}
							onChange={ ( event ) =>
								set( { icon_color: event.target.value } )
							}
						/>
					</div>
					<SelectControl
						__nextHasNoMarginBottom
						label={ __( 'Icon size', 'userfeedback' ) }
						value={ question.settings.icon_size ?? 'medium' }
						options={ [
							{
								value: 'large',
								label: __( 'Large', 'userfeedback' ),
							},
							{
								value: 'medium',
								label: __( 'Medium', 'userfeedback' ),
							},
							{
								value: 'small',
								label: __( 'Small', 'userfeedback' ),
							},
						] }
						onChange={ ( size ) =>
							set( {
								icon_size:
									size as Question[ 'settings' ][ 'icon_size' ],
							} )
						}
					/>
				</>
			) }
		</div>
	);
}
