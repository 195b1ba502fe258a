/**
 * A searchable multi-select (ARIA combobox with a multi-selectable listbox). Chosen
 * items show as removable tokens; choices come from a fixed list or from the server.
 * Focus stays in the text field: options are reached with the arrow keys
 * (aria-activedescendant) or the pointer.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { LogicTypeOption } from '../../../../shared/types';
import type { OptionSource } from './pageRules';
import { useOptionResults } from './options';

const sameId = ( a: LogicTypeOption, b: LogicTypeOption ) =>
	String( a.id ) === String( b.id );

export function MultiSelect( {
	label,
	value,
	onChange,
	options,
	source,
	disabled = false,
	error,
	hideLabel = false,
	placeholder = __( 'Select an option', 'userfeedback' ),
}: {
	label: string;
	value: LogicTypeOption[];
	onChange: ( next: LogicTypeOption[] ) => void;
	/** A fixed list, filtered as the user types. */
	options?: LogicTypeOption[];
	/** Or a server source, searched as the user types. */
	source?: OptionSource | null;
	disabled?: boolean;
	/** Shown under the field, which gets the error style. */
	error?: string | null;
	/** Keep the label for screen readers only. */
	hideLabel?: boolean;
	placeholder?: string;
} ) {
	const id = useId();
	const [ query, setQuery ] = useState( '' );
	const [ open, setOpen ] = useState( false );
	const [ active, setActive ] = useState( -1 );
	const results = useOptionResults( {
		options,
		source,
		query,
		enabled: open && ! disabled,
	} );
	const items = results.items;

	const isChosen = ( option: LogicTypeOption ) =>
		value.some( ( chosen ) => sameId( chosen, option ) );

	const toggle = ( option: LogicTypeOption ) => {
		onChange(
			isChosen( option )
				? value.filter( ( chosen ) => ! sameId( chosen, option ) )
				: [ ...value, { id: option.id, label: option.label } ]
		);
		setQuery( '' );
	};

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		switch ( event.key ) {
			case 'ArrowDown':
				event.preventDefault();
				setOpen( true );
				setActive( ( index ) =>
					items.length ? ( index + 1 ) % items.length : -1
				);
				break;
			case 'ArrowUp':
				event.preventDefault();
				setActive( ( index ) =>
					items.length
						? ( index - 1 + items.length ) % items.length
						: -1
				);
				break;
			case 'Enter':
				// Never submit a surrounding form from here.
				event.preventDefault();
				if ( open && items[ active ] ) {
					toggle( items[ active ] );
				}
				break;
			case 'Escape':
				if ( open ) {
					event.preventDefault();
					setOpen( false );
					setActive( -1 );
				}
				break;
			case 'Backspace':
				if ( ! query && value.length ) {
					onChange( value.slice( 0, -1 ) );
				}
				break;
		}
	};

	const inputId = `${ id }-input`;
	const listId = `${ id }-list`;
	const errorId = `${ id }-error`;
	const showEmpty =
		open && ! results.loading && ! results.error && items.length === 0;

	return (
		<div
			className={
				'userfeedback-multiselect' +
				( error ? ' has-error' : '' ) +
				( disabled ? ' is-disabled' : '' )
			}
		>
			<label
				id={ `${ id }-label` }
				htmlFor={ inputId }
				className={
					hideLabel
						? 'screen-reader-text'
						: 'userfeedback-multiselect__label'
				}
			>
				{ label }
			</label>
			<div className="userfeedback-multiselect__field">
				{ value.length > 0 && (
					<ul
						className="userfeedback-multiselect__tokens"
						aria-label={ sprintf(
							/* translators: %s: field label. */
							__( '%s: chosen', 'userfeedback' ),
							label
						) }
					>
						{ value.map( ( option ) => (
							<li
								key={ String( option.id ) }
								className="userfeedback-multiselect__token"
							>
								<span>{ option.label }</span>
								<Button
									size="small"
									icon="no-alt"
									disabled={ disabled }
									label={ sprintf(
										/* translators: %s: a chosen item. */
										__( 'Remove %s', 'userfeedback' ),
										option.label
									) }
									onClick={ () => toggle( option ) }
								/>
							</li>
						) ) }
					</ul>
				) }
				<input
					id={ inputId }
					type="text"
					role="combobox"
					className="userfeedback-multiselect__input"
					autoComplete="off"
					aria-autocomplete="list"
					aria-expanded={ open }
					aria-controls={ listId }
					aria-activedescendant={
						open && items[ active ]
							? `${ listId }-${ active }`
							: undefined
					}
					aria-invalid={ error ? true : undefined }
					aria-describedby={ error ? errorId : undefined }
					placeholder={ value.length ? '' : placeholder }
					disabled={ disabled }
					value={ query }
					onChange={ ( event ) => {
						setQuery( event.target.value );
						setOpen( true );
						setActive( -1 );
					} }
					onFocus={ () => setOpen( true ) }
					onBlur={ () => {
						setOpen( false );
						setActive( -1 );
					} }
					onKeyDown={ onKeyDown }
				/>
			</div>
			{ open && (
				<div className="userfeedback-multiselect__popover">
					<ul
						id={ listId }
						role="listbox"
						aria-multiselectable="true"
						aria-labelledby={ `${ id }-label` }
						className="userfeedback-multiselect__options"
					>
						{ items.map( ( option, index ) => (
							// Options are picked with the pointer or from the
							// text field's keys (aria-activedescendant), so they
							// take no focus and need no key handlers of their own.
							// eslint-disable-next-line jsx-a11y/click-events-have-key-events
							<li
								key={ String( option.id ) }
								id={ `${ listId }-${ index }` }
								role="option"
								tabIndex={ -1 }
								aria-selected={ isChosen( option ) }
								className={
									'userfeedback-multiselect__option' +
									( index === active ? ' is-active' : '' )
								}
								// Keep focus in the field so the list stays open.
								onMouseDown={ ( event ) =>
									event.preventDefault()
								}
								onClick={ () => toggle( option ) }
							>
								{ option.label }
							</li>
						) ) }
					</ul>
					{ results.loading && items.length === 0 && (
						<p
							className="userfeedback-multiselect__status"
							role="status"
						>
							{ __( 'Searching…', 'userfeedback' ) }
						</p>
					) }
					{ showEmpty && (
						<p
							className="userfeedback-multiselect__status"
							role="status"
						>
							{ __( 'No results found', 'userfeedback' ) }
						</p>
					) }
					{ results.error && (
						<p
							className="userfeedback-multiselect__status is-error"
							role="alert"
						>
							{ results.error.message }
						</p>
					) }
				</div>
			) }
			{ error && (
				<p id={ errorId } className="userfeedback-field-error">
					{ error }
				</p>
			) }
		</div>
	);
}
