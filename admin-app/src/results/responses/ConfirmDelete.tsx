import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfirmDelete as useConfirm } from '../../shared/components/useConfirmDelete';
import { responseTitle } from './format';

function responsesMessage( ids: number[] ): string {
	return ids.length === 1
		? sprintf(
				/* translators: %s: response title, e.g. "Response #12". */
				__(
					'%s will be deleted permanently. This cannot be undone.',
					'userfeedback'
				),
				responseTitle( ids[ 0 ] )
			)
		: sprintf(
				/* translators: %s: number of responses. */
				_n(
					'%s response will be deleted permanently. This cannot be undone.',
					'%s responses will be deleted permanently. This cannot be undone.',
					ids.length,
					'userfeedback'
				),
				ids.length.toLocaleString()
			);
}

/**
 * Asks before responses (by id) are deleted for good.
 */
export function useConfirmDelete() {
	return useConfirm( responsesMessage );
}
