/**
 * The form in a filter's popover: the operator and value controls its kind needs, and
 * Apply. Enter in a text box applies too.
 */
import { useState, type FormEvent } from 'react';
import {
	Button,
	CheckboxControl,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import {
	isComplete,
	operatorLabel,
	withOperator,
	type FilterableField,
} from './conditions';
import type { Condition } from './view';

const STARS = [ 1, 2, 3, 4, 5 ];

function Options( {
	field,
	value,
	onChange,
}: {
	field: FilterableField;
	value: string[];
	onChange: ( next: string[] ) => void;
} ) {
	return (
		<fieldset className="userfeedback-filter-editor__options">
			<legend className="screen-reader-text">{ field.label }</legend>
			{ ( field.elements ?? [] ).map( ( element ) => (
				<CheckboxControl
					key={ element.value }
					__nextHasNoMarginBottom
					label={ element.label }
					checked={ value.includes( element.value ) }
					onChange={ ( checked ) =>
						onChange(
							checked
								? [ ...value, element.value ]
								: value.filter(
										( item ) => item !== element.value
									)
						)
					}
				/>
			) ) }
		</fieldset>
	);
}

function ValueControl( {
	field,
	draft,
	setDraft,
}: {
	field: FilterableField;
	draft: Condition;
	setDraft: ( next: Condition ) => void;
} ) {
	const setValue = ( value: Condition[ 'value' ] ) =>
		setDraft( { ...draft, value } );

	if ( draft.operator === 'between' ) {
		const [ from = '', to = '' ] = Array.isArray( draft.value )
			? draft.value
			: [];
		return (
			<div className="userfeedback-filter-editor__dates">
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="date"
					label={ __( 'From', 'userfeedback' ) }
					value={ from }
					max={ to || undefined }
					onChange={ ( next ) => setValue( [ next, to ] ) }
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="date"
					label={ __( 'To', 'userfeedback' ) }
					value={ to }
					min={ from || undefined }
					onChange={ ( next ) => setValue( [ from, next ] ) }
				/>
			</div>
		);
	}
	if ( draft.operator === 'isAny' ) {
		return (
			<Options
				field={ field }
				value={ Array.isArray( draft.value ) ? draft.value : [] }
				onChange={ setValue }
			/>
		);
	}
	if ( field.kind === 'stars' ) {
		return (
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Stars', 'userfeedback' ) }
				value={ String( draft.value ) }
				options={ STARS.map( ( stars ) => ( {
					value: String( stars ),
					label: String( stars ),
				} ) ) }
				onChange={ ( next ) => setValue( Number( next ) ) }
			/>
		);
	}
	if ( field.elements?.length ) {
		return (
			<SelectControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Value', 'userfeedback' ) }
				value={ String( draft.value ) }
				options={ field.elements.map( ( element ) => ( {
					value: element.value,
					label: element.label,
				} ) ) }
				onChange={ ( next ) => setValue( next ) }
			/>
		);
	}
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={
				field.kind === 'hidden'
					? __( 'Equals', 'userfeedback' )
					: __( 'Contains', 'userfeedback' )
			}
			value={ String( draft.value ) }
			onChange={ ( next ) => setValue( next ) }
		/>
	);
}

/**
 * @param props          Component props.
 * @param props.field    The field being filtered.
 * @param props.initial  The condition as it stands (or a new one).
 * @param props.onApply  Takes the finished condition.
 * @param props.onCancel Closes without a change.
 */
export function FilterEditor( {
	field,
	initial,
	onApply,
	onCancel,
}: {
	field: FilterableField;
	initial: Condition;
	onApply: ( condition: Condition ) => void;
	onCancel: () => void;
} ) {
	const [ draft, setDraft ] = useState< Condition >( initial );
	const complete = isComplete( field, draft );

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		if ( complete ) {
			onApply(
				typeof draft.value === 'string' && field.kind !== 'hidden'
					? { ...draft, value: draft.value.trim() }
					: draft
			);
		}
	};

	return (
		<form
			className="userfeedback-filter-editor"
			onSubmit={ onSubmit }
			aria-label={ sprintf(
				/* translators: %s: a field, e.g. "Device". */
				__( 'Filter by %s', 'userfeedback' ),
				field.label
			) }
		>
			<p className="userfeedback-filter-editor__title">{ field.label }</p>
			{ field.operators.length > 1 && (
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Condition', 'userfeedback' ) }
					value={ draft.operator }
					options={ field.operators.map( ( operator ) => ( {
						value: operator,
						label: operatorLabel( operator ),
					} ) ) }
					onChange={ ( operator ) =>
						setDraft( withOperator( field, draft, operator ) )
					}
				/>
			) }
			<ValueControl
				field={ field }
				draft={ draft }
				setDraft={ setDraft }
			/>
			<div className="userfeedback-filter-editor__actions">
				<Button variant="tertiary" onClick={ onCancel }>
					{ __( 'Cancel', 'userfeedback' ) }
				</Button>
				<Button
					variant="primary"
					type="submit"
					disabled={ ! complete }
					accessibleWhenDisabled
				>
					{ __( 'Apply', 'userfeedback' ) }
				</Button>
			</div>
		</form>
	);
}
