/**
 * A searchable multi-select (ARIA combobox with a multi-selectable listbox). Chosen
 * items show as removable tokens; locked items show too but cannot be removed.
 * Choices come from a fixed list (filtered as the user types) or from a hook the
 * caller passes (e.g. a debounced server search). Focus stays in the text field:
 * options are reached with the arrow keys (aria-activedescendant) or the pointer.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import './MultiSelect.scss';

export interface MultiSelectOption {
	id: string | number;
	label: string;
}

export interface MultiSelectResults {
	items: MultiSelectOption[];
	/** True while a search waits for its answer. */
	loading: boolean;
	error: Error | null;
}

/**
 * Where the choices come from: a hook, called on every render of the field with
 * what the user typed. Pass a module-level function (a hook), never an inline one.
 */
export type UseMultiSelectResults< S > = ( args: {
	options?: MultiSelectOption[];
	source?: S | null;
	query: string;
	/** Whether the list is open (nothing needs fetching while closed). */
	enabled: boolean;
} ) => MultiSelectResults;

function matches( option: MultiSelectOption, query: string ): boolean {
	return option.label
		.toLocaleLowerCase()
		.includes( query.toLocaleLowerCase() );
}

/**
 * The default source: the fixed list, filtered by what the user typed.
 *
 * @param args         What to filter.
 * @param args.options The fixed list.
 * @param args.query   What the user typed.
 */
export function useFixedOptions( {
	options = [],
	query,
}: {
	options?: MultiSelectOption[];
	query: string;
} ): MultiSelectResults {
	const search = query.trim();
	return {
		items: search
			? options.filter( ( option ) => matches( option, search ) )
			: options,
		loading: false,
		error: null,
	};
}

const sameId = ( a: MultiSelectOption, b: MultiSelectOption ) =>
	String( a.id ) === String( b.id );

export function MultiSelect< S = never >( {
	label,
	value,
	onChange,
	options,
	source,
	useResults = useFixedOptions,
	locked = [],
	disabled = false,
	error,
	help,
	hideLabel = false,
	placeholder = __( 'Select an option', 'userfeedback' ),
}: {
	label: string;
	value: MultiSelectOption[];
	onChange: ( next: MultiSelectOption[] ) => void;
	/** A fixed list, filtered as the user types. */
	options?: MultiSelectOption[];
	/** Or a source that `useResults` searches as the user types. */
	source?: S | null;
	/** How choices are found; the fixed list by default. */
	useResults?: UseMultiSelectResults< S >;
	/** Ids that stay chosen: shown, but neither removable nor deselectable. */
	locked?: Array< string | number >;
	disabled?: boolean;
	/** Shown under the field, which gets the error style. */
	error?: string | null;
	/** A hint under the field. */
	help?: string;
	/** Keep the label for screen readers only. */
	hideLabel?: boolean;
	placeholder?: string;
} ) {
	const id = useId();
	const [ query, setQuery ] = useState( '' );
	const [ open, setOpen ] = useState( false );
	const [ active, setActive ] = useState( -1 );
	const results = useResults( {
		options,
		source,
		query,
		enabled: open && ! disabled,
	} );
	const items = results.items;

	const isChosen = ( option: MultiSelectOption ) =>
		value.some( ( chosen ) => sameId( chosen, option ) );
	const isLocked = ( option: MultiSelectOption ) =>
		locked.some(
			( lockedId ) => String( lockedId ) === String( option.id )
		);

	const toggle = ( option: MultiSelectOption ) => {
		if ( isLocked( option ) && isChosen( option ) ) {
			setQuery( '' );
			return;
		}
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
			case 'Backspace': {
				const last = value[ value.length - 1 ];
				if ( ! query && last && ! isLocked( last ) ) {
					onChange( value.slice( 0, -1 ) );
				}
				break;
			}
		}
	};

	const inputId = `${ id }-input`;
	const listId = `${ id }-list`;
	const errorId = `${ id }-error`;
	const helpId = `${ id }-help`;
	const describedBy =
		[ error ? errorId : '', help ? helpId : '' ]
			.filter( Boolean )
			.join( ' ' ) || undefined;
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
								{ ! isLocked( option ) && (
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
								) }
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
					aria-describedby={ describedBy }
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
								aria-disabled={
									isLocked( option ) ? true : undefined
								}
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
			{ help && (
				<p id={ helpId } className="userfeedback-multiselect__help">
					{ help }
				</p>
			) }
			{ error && (
				<p id={ errorId } className="userfeedback-field-error">
					{ error }
				</p>
			) }
		</div>
	);
}
