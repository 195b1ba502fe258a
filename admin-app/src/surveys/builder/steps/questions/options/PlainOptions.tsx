/**
 * Options of radio-button and checkbox questions: plain strings, trimmed, between the
 * type's minimum and five.
 */
import { useState } from 'react';
import { Button, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { ChoiceOption, QuestionType } from '../../../../../shared/types';
import { surveyLimits } from '../../../../../shared/questionTypes';
import { addPlainOption, canAddOption, optionLabel } from '../../../rules';
import { RemoveOption } from './RemoveOption';
import { OptionsFieldset } from './OptionsFieldset';

export function PlainOptions( {
	type,
	options,
	onChange,
}: {
	type: QuestionType;
	options: ChoiceOption[];
	onChange: ( options: ChoiceOption[] ) => void;
} ) {
	const [ typed, setTyped ] = useState( '' );
	const full = ! canAddOption( type, options.length );

	const add = () => {
		const next = addPlainOption( type, options, typed );
		if ( next ) {
			onChange( next );
			setTyped( '' );
		}
	};
	const set = ( index: number, value: string ) =>
		onChange(
			options.map( ( option, i ) => ( i === index ? value : option ) )
		);

	return (
		<OptionsFieldset
			type={ type }
			options={ options }
			renderItem={ ( option, index, name ) => (
				<>
					<TextControl
						__nextHasNoMarginBottom
						label={ name }
						hideLabelFromVision
						value={ optionLabel( option ) }
						maxLength={ surveyLimits().label_max }
						onChange={ ( value ) => set( index, value ) }
						onBlur={ () =>
							set( index, optionLabel( option ).trim() )
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
			{ ! full && (
				<div className="userfeedback-options__add">
					<TextControl
						__nextHasNoMarginBottom
						label={ __( 'New option', 'userfeedback' ) }
						value={ typed }
						maxLength={ surveyLimits().label_max }
						onChange={ setTyped }
						onKeyDown={ ( event ) => {
							if ( event.key === 'Enter' ) {
								event.preventDefault();
								add();
							}
						} }
					/>
					<Button
						variant="secondary"
						onClick={ add }
						disabled={ typed.trim() === '' }
					>
						{ __( 'Add Option', 'userfeedback' ) }
					</Button>
				</div>
			) }
		</OptionsFieldset>
	);
}
