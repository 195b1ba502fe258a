import { _n, sprintf } from '@wordpress/i18n';

import type { AnswerList } from '../../shared/types';
import { useNumberFormats } from '../../shared/format';

/**
 * The words to mark in a list: those the server searched for.
 *
 * @param list The list.
 */
export function searchedWords( list: AnswerList ): string[] {
	return list.search?.terms ?? [];
}

/**
 * How many answers a search found, above the list: "1,000+" when the server stopped
 * counting (it counts at most 1,000 matches; the pages end there too).
 *
 * @param props          The line's props.
 * @param props.list     The searched list.
 * @param props.comments Whether the list holds comments (the noun).
 */
export function SearchCount( {
	list,
	comments = false,
}: {
	list: AnswerList;
	comments?: boolean;
} ) {
	const format = useNumberFormats();
	const search = list.search;
	if ( ! search ) {
		return null;
	}
	const total = list.pagination.total;
	const shown = search.capped
		? `${ format.count( total ) }+`
		: format.count( total );
	const text = comments
		? sprintf(
				/* translators: %s: number of comments, e.g. "12" or "1,000+". */
				_n(
					'%s comment matches',
					'%s comments match',
					search.capped ? 2 : total,
					'userfeedback'
				),
				shown
			)
		: sprintf(
				/* translators: %s: number of answers, e.g. "12" or "1,000+". */
				_n(
					'%s answer matches',
					'%s answers match',
					search.capped ? 2 : total,
					'userfeedback'
				),
				shown
			);
	return (
		<p className="userfeedback-answers__count" role="status">
			{ text }
		</p>
	);
}
