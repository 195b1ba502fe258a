/**
 * The frame every option editor shares: the Options legend, the type's min/max hint and one
 * numbered row per option ("Option 3" names the row's controls).
 */
import type { ReactNode } from 'react';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { QuestionType } from '../../../../../shared/types';
import { canAddOption, optionLimits } from '../../../rules';

export function OptionsFieldset< T >( {
	type,
	options,
	itemClassName,
	renderItem,
	onAdd,
	children,
}: {
	type: QuestionType;
	options: T[];
	/** Extra class of each row (e.g. rows with a media button). */
	itemClassName?: string;
	renderItem: ( option: T, index: number, name: string ) => ReactNode;
	/** Adds an empty option; shown as 'Add Option' while the type's maximum allows one. */
	onAdd?: () => void;
	/** What follows the rows (the add controls, dialogs). */
	children?: ReactNode;
} ) {
	const { min, max } = optionLimits( type );
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
				{ options.map( ( option, index ) => (
					<li
						key={ index }
						className={
							'userfeedback-options__item' +
							( itemClassName ? ` ${ itemClassName }` : '' )
						}
					>
						{ renderItem(
							option,
							index,
							sprintf(
								/* translators: %d: option number. */
								__( 'Option %d', 'userfeedback' ),
								index + 1
							)
						) }
					</li>
				) ) }
			</ol>
			{ onAdd && canAddOption( type, options.length ) && (
				<Button variant="secondary" onClick={ onAdd }>
					{ __( 'Add Option', 'userfeedback' ) }
				</Button>
			) }
			{ children }
		</fieldset>
	);
}
