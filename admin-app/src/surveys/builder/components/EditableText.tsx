/**
 * Text shown as-is with an Edit button; editing it in place, Enter (or leaving the
 * field) saves and Escape cancels. An empty value is rejected and the previous text
 * restored (spec 1, section 4).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

export interface EditableTextProps {
	value: string;
	/** What the text is, e.g. "Survey title": names the field and the Edit button. */
	label: string;
	onSave: ( value: string ) => void;
	/** Element the text is shown in when not editing. */
	as?: 'h2' | 'h3' | 'span';
	/** Longest text the field takes. */
	maxLength?: number;
	className?: string;
}

export function EditableText( {
	value,
	label,
	onSave,
	as: Tag = 'span',
	className = '',
	maxLength,
}: EditableTextProps ) {
	const [ editing, setEditing ] = useState( false );
	const [ text, setText ] = useState( value );
	const input = useRef< HTMLInputElement >( null );
	// Escape and Enter end editing; the blur that follows must not save again.
	const done = useRef( false );

	useEffect( () => {
		if ( editing ) {
			input.current?.focus();
			input.current?.select();
		}
	}, [ editing ] );

	const start = () => {
		done.current = false;
		setText( value );
		setEditing( true );
	};

	const finish = ( save: boolean ) => {
		if ( done.current ) {
			return;
		}
		done.current = true;
		setEditing( false );
		const trimmed = text.trim();
		if ( save && trimmed !== '' && trimmed !== value ) {
			onSave( trimmed );
		} else {
			setText( value );
		}
	};

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		if ( event.key === 'Enter' ) {
			event.preventDefault();
			finish( true );
		} else if ( event.key === 'Escape' ) {
			event.preventDefault();
			event.stopPropagation();
			finish( false );
		}
	};

	if ( editing ) {
		return (
			<span
				className={ `userfeedback-editable is-editing ${ className }` }
			>
				<input
					ref={ input }
					type="text"
					className="userfeedback-editable__input"
					aria-label={ label }
					value={ text }
					maxLength={ maxLength }
					onChange={ ( event ) => setText( event.target.value ) }
					onKeyDown={ onKeyDown }
					onBlur={ () => finish( true ) }
				/>
			</span>
		);
	}

	return (
		<span className={ `userfeedback-editable ${ className }` }>
			<Tag className="userfeedback-editable__text">{ value }</Tag>
			<Button
				variant="tertiary"
				size="small"
				onClick={ start }
				label={ sprintf(
					/* translators: %s: what is edited, e.g. "Survey title". */
					__( 'Edit %s', 'userfeedback' ),
					label.toLowerCase()
				) }
				icon="edit"
			/>
		</span>
	);
}
