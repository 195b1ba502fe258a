/**
 * The remove button of an option row, shown only while the type's minimum allows a removal.
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { QuestionType } from '../../../../../shared/types';
import { canRemoveOption } from '../../../rules';

export function RemoveOption< T >( {
	type,
	index,
	options,
	name,
	onChange,
}: {
	type: QuestionType;
	index: number;
	options: T[];
	/** The row's name, e.g. "Option 3". */
	name: string;
	onChange: ( options: T[] ) => void;
} ) {
	if ( ! canRemoveOption( type, index, options.length ) ) {
		return null;
	}
	return (
		<Button
			icon="no-alt"
			size="small"
			label={ sprintf(
				/* translators: %s: "Option 3". */
				__( 'Remove %s', 'userfeedback' ),
				name
			) }
			onClick={ () =>
				onChange( options.filter( ( _, i ) => i !== index ) )
			}
		/>
	);
}
