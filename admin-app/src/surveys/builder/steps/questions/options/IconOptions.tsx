/**
 * Options of icon-choice questions: a label and an icon from the icon picker.
 */
import { useState } from 'react';
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { IconOption, QuestionType } from '../../../../../shared/types';
import { surveyLimits } from '../../../../../shared/questionTypes';
import { SurveyIcon } from './icons';
import { IconPicker } from './IconPicker';
import { RemoveOption } from './RemoveOption';
import { OptionsFieldset } from './OptionsFieldset';

export function IconOptions( {
	type,
	options,
	color,
	size,
	onChange,
}: {
	type: QuestionType;
	options: IconOption[];
	/** The question's icon colour and size in px, as visitors see them. */
	color?: string;
	size?: number;
	onChange: ( options: IconOption[] ) => void;
} ) {
	const [ picking, setPicking ] = useState< number | null >( null );
	const set = ( index: number, patch: Partial< IconOption > ) =>
		onChange(
			options.map( ( option, i ) =>
				i === index ? { ...option, ...patch } : option
			)
		);

	return (
		<OptionsFieldset
			type={ type }
			options={ options }
			onAdd={ () =>
				onChange( [ ...options, { label: '', icon: null } ] )
			}
			itemClassName="is-media"
			renderItem={ ( option, index, name ) => (
				<>
					<Button
						variant="secondary"
						onClick={ () => setPicking( index ) }
						label={ sprintf(
							/* translators: %s: "Option 2". */
							__( 'Choose icon for %s', 'userfeedback' ),
							name
						) }
						showTooltip={ false }
					>
						{ option.icon ? (
							<>
								<SurveyIcon
									name={ option.icon.name }
									color={ color }
									size={ size }
								/>{ ' ' }
								{ option.icon.name }
							</>
						) : (
							__( 'Choose Icon', 'userfeedback' )
						) }
					</Button>
					<TextControl
						__nextHasNoMarginBottom
						label={ sprintf(
							/* translators: %s: "Option 2". */
							__( '%s label', 'userfeedback' ),
							name
						) }
						value={ option.label }
						maxLength={ surveyLimits().label_max }
						onChange={ ( label ) => set( index, { label } ) }
						onBlur={ () =>
							set( index, { label: option.label.trim() } )
						}
					/>
					<RemoveOption
						type={ type }
						index={ index }
						options={ options }
						name={ name }
						onChange={ onChange }
					/>
				</>
			) }
		>
			{ picking !== null && (
				<IconPicker
					selected={ options[ picking ]?.icon?.name ?? null }
					color={ color }
					onSelect={ ( icon ) =>
						set( picking, {
							icon: { name: icon.name, style: 'solid' },
						} )
					}
					onClose={ () => setPicking( null ) }
				/>
			) }
		</OptionsFieldset>
	);
}
