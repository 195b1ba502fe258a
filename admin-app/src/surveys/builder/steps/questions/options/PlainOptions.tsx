/**
 * Options of radio-button and checkbox questions: plain strings, trimmed, between the
 * type's minimum and five.
 */
import { useState } from 'react';
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { ChoiceOption, QuestionType } from '../../../../../shared/types';
import {
	addPlainOption,
	canAddOption,
	optionLabel,
	optionLimits,
} from '../../../rules';
import { RemoveOption } from './RemoveOption';

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
	const { min, max } = optionLimits( type );
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
		<fieldset className="userfeedback-options">
			<legend>{ __( 'Options', 'userfeedback' ) }</legend>
			<p className="userfeedback-options__hint">
				{ sprintf(
					/* translators: 1: minimum number of options, 2: maximum. */
					__( 'Between %1$d and %2$d options.', 'userfeedback' ),
					min,
					max
				) }
			</p>
			<ol className="userfeedback-options__list">
				{ options.map( ( option, index ) => {
					const name = sprintf(
						/* translators: %d: option number. */
						__( 'Option %d', 'userfeedback' ),
						index + 1
					);
					return (
						<li
							key={ index }
							className="userfeedback-options__item"
						>
							<TextControl
								__nextHasNoMarginBottom
								label={ name }
								hideLabelFromVision
								value={ optionLabel( option ) }
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
						</li>
					);
				} ) }
			</ol>
			{ ! full && (
				<div className="userfeedback-options__add">
					<TextControl
						__nextHasNoMarginBottom
						label={ __( 'New option', 'userfeedback' ) }
						value={ typed }
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
		</fieldset>
	);
}
