/**
 * The page rules editor: one rule per row (logic type, then its data), the operator
 * that joins each row to the one before it, add and remove. The first rule stays.
 */
import { useState } from 'react';
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type {
	LogicTypeOption,
	PageRule,
	PageRuleLogic,
} from '../../../../shared/types';
import { MultiSelect } from '../../../../shared/components/MultiSelect';
import { useOptionResults } from './options';
import {
	logicTypeGroups,
	logicTypeLabel,
	logicTypePlaceholder,
	newPageRule,
	optionSource,
	pageRuleError,
	ruleKind,
	withLogic,
} from './pageRules';

/**
 * Rules created here and not edited yet: their errors wait until the user has had a
 * chance to fill them in (a rule is replaced by a new object on every edit).
 */
const untouched = new WeakSet< PageRule >();

/** A new, empty rule whose errors are not shown until it is edited or left. */
export function freshPageRule(): PageRule {
	const rule = newPageRule();
	untouched.add( rule );
	return rule;
}

export function PageRules( {
	rules,
	onChange,
	disabled = false,
}: {
	rules: PageRule[];
	onChange: ( rules: PageRule[] ) => void;
	disabled?: boolean;
} ) {
	const [ , setBlurred ] = useState( 0 );

	const replace = ( index: number, rule: PageRule ) =>
		onChange( rules.map( ( r, i ) => ( i === index ? rule : r ) ) );

	const leave = ( rule: PageRule ) => {
		if ( untouched.delete( rule ) ) {
			setBlurred( ( n ) => n + 1 );
		}
	};

	return (
		<div className="userfeedback-page-rules">
			{ rules.map( ( rule, index ) => {
				const number = index + 1;
				const error = untouched.has( rule )
					? null
					: pageRuleError( rule );
				return (
					<fieldset
						// Rules have no ids; the position is what the user sees.

						key={ index }
						className="userfeedback-page-rule"
						onBlur={ () => leave( rule ) }
					>
						<legend className="screen-reader-text">
							{ sprintf(
								/* translators: %d: rule number. */
								__( 'Rule %d', 'userfeedback' ),
								number
							) }
						</legend>
						{ index > 0 && (
							<SelectControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								className="userfeedback-page-rule__operator"
								label={ __( 'Operator', 'userfeedback' ) }
								hideLabelFromVision
								disabled={ disabled }
								value={ rule.operator }
								options={ [
									{
										value: '&&',
										label: __( 'AND', 'userfeedback' ),
									},
									{
										value: '||',
										label: __( 'OR', 'userfeedback' ),
									},
								] }
								onChange={ ( operator ) =>
									replace( index, {
										...rule,
										operator:
											operator as PageRule[ 'operator' ],
									} )
								}
							/>
						) }
						<div className="userfeedback-page-rule__row">
							<SelectControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								className="userfeedback-page-rule__logic"
								label={ __( 'Condition', 'userfeedback' ) }
								hideLabelFromVision
								disabled={ disabled }
								value={ rule.logic }
								onChange={ ( logic ) =>
									replace(
										index,
										withLogic(
											rule,
											logic as PageRuleLogic
										)
									)
								}
							>
								{ logicTypeGroups().map( ( group ) => (
									<optgroup
										key={ group.label }
										label={ group.label }
									>
										{ group.types.map( ( type ) => (
											<option key={ type } value={ type }>
												{ logicTypeLabel( type ) }
											</option>
										) ) }
									</optgroup>
								) ) }
							</SelectControl>
							<div className="userfeedback-page-rule__value">
								<RuleValue
									rule={ rule }
									error={ error }
									disabled={ disabled }
									onChange={ ( data ) =>
										replace( index, { ...rule, data } )
									}
								/>
							</div>
							{ index > 0 && (
								<Button
									className="userfeedback-page-rule__remove"
									icon="trash"
									size="compact"
									isDestructive
									disabled={ disabled }
									label={ sprintf(
										/* translators: %d: rule number. */
										__( 'Remove rule %d', 'userfeedback' ),
										number
									) }
									onClick={ () =>
										onChange(
											rules.filter(
												( _r, i ) => i !== index
											)
										)
									}
								/>
							) }
						</div>
					</fieldset>
				);
			} ) }
			<Button
				variant="secondary"
				icon="plus-alt2"
				disabled={ disabled }
				onClick={ () => onChange( [ ...rules, freshPageRule() ] ) }
			>
				{ __( 'Add rule', 'userfeedback' ) }
			</Button>
		</div>
	);
}

function RuleValue( {
	rule,
	error,
	disabled,
	onChange,
}: {
	rule: PageRule;
	error: string | null;
	disabled: boolean;
	onChange: ( data: PageRule[ 'data' ] ) => void;
} ) {
	const label = __( 'Value', 'userfeedback' );
	if ( ruleKind( rule.logic ) === 'select' ) {
		return (
			<MultiSelect
				label={ label }
				hideLabel
				value={
					Array.isArray( rule.data )
						? ( rule.data as LogicTypeOption[] )
						: []
				}
				source={ optionSource( rule.logic ) }
				useResults={ useOptionResults }
				disabled={ disabled }
				error={ error }
				onChange={ onChange }
			/>
		);
	}
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			className={ error ? 'has-error' : undefined }
			label={ label }
			hideLabelFromVision
			type={ ruleKind( rule.logic ) === 'url' ? 'url' : 'text' }
			placeholder={ logicTypePlaceholder( rule.logic ) }
			disabled={ disabled }
			value={ typeof rule.data === 'string' ? rule.data : '' }
			aria-invalid={ error ? true : undefined }
			help={ error ?? undefined }
			onChange={ onChange }
		/>
	);
}
