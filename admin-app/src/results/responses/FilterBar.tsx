/**
 * The responses list's filter bar: a search box (the `text:any` condition), "Add filter"
 * with the fields the server offers for this survey (the list route's `filterable`, never
 * a list of our own), one chip per condition ("Device is any of Mobile") that opens its
 * editor, and "Reset filters"; under it, how many responses match (or that they are being
 * counted), in a polite live region.
 *
 * Built from @wordpress/components. @wordpress/dataviews would bring its own filter bar,
 * but it is not a dependency of the project, and it would add its components, its data
 * layer and its styles to the admin chunks for one screen; the view object it works with
 * is kept (see view.ts), so the two stay close.
 */
import { useRef, useState, type FormEvent } from 'react';
import {
	Button,
	Dropdown,
	MenuGroup,
	MenuItem,
	SearchControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import {
	conditionText,
	emptyCondition,
	type FilterableField,
} from './conditions';
import { FilterEditor } from './FilterEditor';
import {
	isFiltered,
	SEARCH_FIELD,
	type Condition,
	type ResponsesView,
} from './view';

/** The route takes at most this many conditions, the search box's included. */
const MAX_CONDITIONS = 10;

function SearchForm( {
	value,
	onSearch,
}: {
	value: string;
	onSearch: ( search: string ) => void;
} ) {
	const [ draft, setDraft ] = useState( value );
	const [ shown, setShown ] = useState( value );
	// Back/forward can change the view's search under the box: follow it.
	if ( shown !== value ) {
		setShown( value );
		setDraft( value );
	}
	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		onSearch( draft.trim() );
	};
	return (
		<form
			role="search"
			className="userfeedback-filter-bar__search"
			onSubmit={ onSubmit }
		>
			<SearchControl
				__nextHasNoMarginBottom
				label={ __( 'Search answers', 'userfeedback' ) }
				placeholder={ __( 'Search answers', 'userfeedback' ) }
				value={ draft }
				onChange={ ( next ) => {
					setDraft( next );
					// The box's clear button: show every response again at once.
					if ( next === '' && value !== '' ) {
						onSearch( '' );
					}
				} }
			/>
		</form>
	);
}

function AddFilter( {
	fields,
	disabled,
	onAdd,
	toggleRef,
}: {
	fields: FilterableField[];
	disabled: boolean;
	onAdd: ( condition: Condition ) => void;
	toggleRef: React.RefObject< HTMLButtonElement >;
} ) {
	const [ chosen, setChosen ] = useState< FilterableField | null >( null );
	return (
		<Dropdown
			className="userfeedback-filter-bar__add"
			popoverProps={ { placement: 'bottom-start' } }
			onClose={ () => setChosen( null ) }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					ref={ toggleRef }
					variant="secondary"
					icon="plus"
					onClick={ onToggle }
					aria-expanded={ isOpen }
					aria-haspopup="true"
					disabled={ disabled }
					accessibleWhenDisabled
				>
					{ __( 'Add filter', 'userfeedback' ) }
				</Button>
			) }
			renderContent={ ( { onClose } ) =>
				chosen ? (
					<FilterEditor
						field={ chosen }
						initial={ emptyCondition( chosen ) }
						onApply={ ( condition ) => {
							onAdd( condition );
							onClose();
						} }
						onCancel={ onClose }
					/>
				) : (
					<MenuGroup label={ __( 'Filter by', 'userfeedback' ) }>
						{ fields.map( ( field ) => (
							<MenuItem
								key={ field.field }
								onClick={ () => setChosen( field ) }
							>
								{ field.label }
							</MenuItem>
						) ) }
					</MenuGroup>
				)
			}
		/>
	);
}

function Chip( {
	field,
	condition,
	onChange,
	onRemove,
}: {
	field: FilterableField | undefined;
	condition: Condition;
	onChange: ( next: Condition ) => void;
	onRemove: () => void;
} ) {
	const text = conditionText( field, condition );
	return (
		<li className="userfeedback-filter-chip">
			{ field ? (
				<Dropdown
					popoverProps={ { placement: 'bottom-start' } }
					renderToggle={ ( { isOpen, onToggle } ) => (
						<Button
							className="userfeedback-filter-chip__edit"
							onClick={ onToggle }
							aria-expanded={ isOpen }
							aria-haspopup="true"
							aria-label={ sprintf(
								/* translators: %s: a filter, e.g. "Device is any of Mobile". */
								__( 'Edit filter: %s', 'userfeedback' ),
								text
							) }
						>
							{ text }
						</Button>
					) }
					renderContent={ ( { onClose } ) => (
						<FilterEditor
							field={ field }
							initial={ condition }
							onApply={ ( next ) => {
								onChange( next );
								onClose();
							} }
							onCancel={ onClose }
						/>
					) }
				/>
			) : (
				// A condition this survey does not offer (an old link): it can only go.
				<span className="userfeedback-filter-chip__text">{ text }</span>
			) }
			<Button
				className="userfeedback-filter-chip__remove"
				icon="no-alt"
				size="small"
				label={ sprintf(
					/* translators: %s: a filter, e.g. "Device is any of Mobile". */
					__( 'Remove filter: %s', 'userfeedback' ),
					text
				) }
				onClick={ onRemove }
			/>
		</li>
	);
}

/**
 * @param props          Component props.
 * @param props.fields   The route's `filterable`; undefined until the first answer.
 * @param props.view     The list's view.
 * @param props.onChange Sets a new view.
 * @param props.matched  The route's `matched`: how many responses the view selects.
 * @param props.capped   The route's `matched_capped`: more match than `matched` says (the count
 *                       stopped at its cap).
 * @param props.counting The list's count is on its way: `matched` is only what the page knows,
 *                       so the line says it is counting instead.
 * @param props.onReset  Clears the conditions and the search.
 */
export function FilterBar( {
	fields,
	view,
	onChange,
	matched,
	capped = false,
	counting = false,
	onReset,
}: {
	fields: FilterableField[] | undefined;
	view: ResponsesView;
	onChange: ( next: ResponsesView ) => void;
	matched: number | undefined;
	capped?: boolean;
	counting?: boolean;
	onReset: () => void;
} ) {
	const addRef = useRef< HTMLButtonElement >( null );
	const offered = ( fields ?? [] ).filter(
		( field ) => field.field !== SEARCH_FIELD
	);
	const used = view.conditions.length + ( view.search ? 1 : 0 );
	const filtered = isFiltered( view );
	const set = ( conditions: Condition[] ) =>
		onChange( { ...view, conditions, page: 1 } );

	return (
		<div className="userfeedback-filter-bar">
			<div className="userfeedback-filter-bar__controls">
				<SearchForm
					value={ view.search }
					onSearch={ ( search ) =>
						onChange( { ...view, search, page: 1 } )
					}
				/>
				<AddFilter
					fields={ offered }
					disabled={ offered.length === 0 || used >= MAX_CONDITIONS }
					onAdd={ ( condition ) =>
						set( [ ...view.conditions, condition ] )
					}
					toggleRef={ addRef }
				/>
				{ filtered && (
					<Button variant="tertiary" onClick={ onReset }>
						{ __( 'Reset filters', 'userfeedback' ) }
					</Button>
				) }
			</div>
			{ view.conditions.length > 0 && (
				<ul
					className="userfeedback-filter-bar__chips"
					aria-label={ __( 'Active filters', 'userfeedback' ) }
				>
					{ view.conditions.map( ( condition, index ) => (
						<Chip
							// The conditions have no id; their order is stable while the bar shows them.
							key={ `${ index }:${ condition.field }` }
							field={ offered.find(
								( field ) => field.field === condition.field
							) }
							condition={ condition }
							onChange={ ( next ) =>
								set(
									view.conditions.map( ( other, at ) =>
										at === index ? next : other
									)
								)
							}
							onRemove={ () => {
								set(
									view.conditions.filter(
										( _other, at ) => at !== index
									)
								);
								// The chip's buttons are gone: keep the keyboard in the bar.
								addRef.current?.focus();
							} }
						/>
					) ) }
				</ul>
			) }
			<p
				className="userfeedback-filter-bar__matched"
				role="status"
				aria-live="polite"
			>
				{ filtered && counting
					? __( 'Counting responses…', 'userfeedback' )
					: '' }
				{ filtered && ! counting && matched !== undefined && capped
					? sprintf(
							/* translators: %s: number of responses; more than that match. */
							__( '%s+ responses match', 'userfeedback' ),
							matched.toLocaleString()
						)
					: '' }
				{ filtered && ! counting && matched !== undefined && ! capped
					? sprintf(
							/* translators: %s: number of responses. */
							_n(
								'%s response matches',
								'%s responses match',
								matched,
								'userfeedback'
							),
							matched.toLocaleString()
						)
					: '' }
			</p>
		</div>
	);
}
