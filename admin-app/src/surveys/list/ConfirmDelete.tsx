import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfirmDelete as useConfirm } from '../../shared/components/useConfirmDelete';

function surveysMessage( titles: string[] ): string {
	return titles.length === 1
		? sprintf(
				/* translators: %s: survey title. */
				__(
					'“%s” and all its responses will be deleted permanently. This cannot be undone.',
					'userfeedback'
				),
				titles[ 0 ]
			)
		: sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey and all its responses will be deleted permanently. This cannot be undone.',
					'%s surveys and all their responses will be deleted permanently. This cannot be undone.',
					titles.length,
					'userfeedback'
				),
				titles.length.toLocaleString()
			);
}

/**
 * Asks before surveys (by title) are deleted for good.
 */
export function useConfirmDelete() {
	return useConfirm( surveysMessage );
}
