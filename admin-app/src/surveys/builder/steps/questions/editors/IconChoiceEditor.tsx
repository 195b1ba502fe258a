/**
 * Icon-choice questions: a label and an icon per option; the icons' colour and size
 * in the Settings tab.
 */
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { defaultSettingsOf } from '../../../../../shared/questionTypes';
import type { IconOption, Question } from '../../../../../shared/types';
import { IconOptions } from '../options/IconOptions';
import { ICON_SIZES } from '../../../../../../../widget/src/ui/questions/choice';
import type { EditorProps, QuestionEditor } from './types';

function IconChoiceOptions( { question, setConfig }: EditorProps ) {
	const defaults = defaultSettingsOf( question.type );
	const size = question.settings.icon_size ?? defaults.icon_size ?? 'medium';
	return (
		<IconOptions
			type={ question.type }
			options={ ( question.config.options ?? [] ) as IconOption[] }
			color={ question.settings.icon_color ?? defaults.icon_color }
			size={ ICON_SIZES[ size ] }
			onChange={ ( options ) => setConfig( { options } ) }
		/>
	);
}

function IconSettings( { question, setSettings }: EditorProps ) {
	const defaults = defaultSettingsOf( question.type );
	const colorId = `userfeedback-icon-color-${ question.id }`;
	return (
		<>
			<div className="userfeedback-field">
				<label htmlFor={ colorId }>
					{ __( 'Icon colour', 'userfeedback' ) }
				</label>
				<input
					id={ colorId }
					type="color"
					value={
						question.settings.icon_color ?? defaults.icon_color
					}
					onChange={ ( event ) =>
						setSettings( { icon_color: event.target.value } )
					}
				/>
			</div>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Icon size', 'userfeedback' ) }
				value={ question.settings.icon_size ?? defaults.icon_size }
				options={ [
					{ value: 'large', label: __( 'Large', 'userfeedback' ) },
					{ value: 'medium', label: __( 'Medium', 'userfeedback' ) },
					{ value: 'small', label: __( 'Small', 'userfeedback' ) },
				] }
				onChange={ ( size ) =>
					setSettings( {
						icon_size:
							size as Question[ 'settings' ][ 'icon_size' ],
					} )
				}
			/>
		</>
	);
}

export const iconChoiceEditor: QuestionEditor = {
	Config: IconChoiceOptions,
	Settings: IconSettings,
};
