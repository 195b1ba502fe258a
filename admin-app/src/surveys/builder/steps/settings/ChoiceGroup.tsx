/**
 * A radio group in a fieldset, with options that can be disabled one by one
 * (RadioControl in WordPress 6.6 can only disable the whole group).
 */
import { useId, type ReactNode } from 'react';

export interface Choice< T extends string > {
	value: T;
	label: string;
	/** A second line under the label. */
	description?: string;
	disabled?: boolean;
}

export function ChoiceGroup< T extends string >( {
	legend,
	value,
	options,
	onChange,
	children,
}: {
	legend: string;
	value: T;
	options: Choice< T >[];
	onChange: ( value: T ) => void;
	/** Shown under the options (a gate prompt, a follow-up field). */
	children?: ReactNode;
} ) {
	const name = useId();
	return (
		<fieldset className="userfeedback-choices">
			<legend className="userfeedback-choices__legend">{ legend }</legend>
			{ options.map( ( option ) => {
				const id = `${ name }-${ option.value }`;
				return (
					<div
						key={ option.value }
						className="userfeedback-choices__option components-radio-control__option"
					>
						<input
							id={ id }
							className="components-radio-control__input"
							type="radio"
							name={ name }
							value={ option.value }
							checked={ option.value === value }
							disabled={ option.disabled }
							aria-describedby={
								option.description ? `${ id }-help` : undefined
							}
							onChange={ () => onChange( option.value ) }
						/>
						<label
							htmlFor={ id }
							className="components-radio-control__label"
						>
							{ option.label }
						</label>
						{ option.description && (
							<span
								id={ `${ id }-help` }
								className="userfeedback-choices__help"
							>
								{ option.description }
							</span>
						) }
					</div>
				);
			} ) }
			{ children }
		</fieldset>
	);
}
