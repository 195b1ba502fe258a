/**
 * A colour of the widget: the browser's colour input with its hex value beside it.
 * Locked (no branding), it opens the upgrade dialog instead of the colour chooser.
 */
import { useId } from 'react';

export function ColorField( {
	label,
	value,
	locked,
	onChange,
	onLocked,
}: {
	label: string;
	value: string;
	locked: boolean;
	onChange: ( value: string ) => void;
	onLocked: () => void;
} ) {
	const id = useId();
	return (
		<div className="userfeedback-color-field">
			<label htmlFor={ id }>{ label }</label>
			<input
				id={ id }
				type="color"
				value={ value }
				onClick={ ( event ) => {
					if ( locked ) {
						event.preventDefault();
						onLocked();
					}
				} }
				onChange={ ( event ) =>
					locked ? onLocked() : onChange( event.target.value )
				}
			/>
			<code>{ value }</code>
		</div>
	);
}
