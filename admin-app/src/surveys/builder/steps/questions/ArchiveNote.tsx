/**
 * What deleting or retyping a question does to its answers once the survey has
 * responses: the server archives the question (includes/Surveys/QuestionArchive.php)
 * instead of dropping its answers, and the confirmations say so in words.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import { useDraft } from '../../store';

/** The survey's response count as the server last answered it (0 for a new survey). */
export function useResponsesCount(): number {
	return useDraft( ( draft ) => draft.responses_count ) ?? 0;
}

function hasResponses( count: number ): string {
	return sprintf(
		/* translators: %s: number of responses. */
		_n(
			'This survey has %s response.',
			'This survey has %s responses.',
			count,
			'userfeedback'
		),
		count.toLocaleString()
	);
}

export function DeleteArchiveNote( { count }: { count: number } ) {
	if ( count <= 0 ) {
		return null;
	}
	return (
		<p className="userfeedback-archive-note">
			{ hasResponses( count ) }{ ' ' }
			{ __(
				'Answers already given to this question are kept: visitors no longer see it, and its results card, the responses and the exports keep showing its answers under its title, marked as removed.',
				'userfeedback'
			) }
		</p>
	);
}

export function RetypeArchiveNote( { count }: { count: number } ) {
	return (
		<p className="userfeedback-archive-note">
			{ hasResponses( count ) }{ ' ' }
			{ __(
				'Answers already given to this question are kept with its current type: the results, the responses and the exports keep showing them under its title, marked as removed. The question with its new type starts without answers.',
				'userfeedback'
			) }
		</p>
	);
}
