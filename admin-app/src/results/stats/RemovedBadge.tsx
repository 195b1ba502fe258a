/**
 * The mark of a question removed from its survey after it had answers (an archived
 * question, includes/Surveys/QuestionArchive.php): its answers are kept and still shown,
 * on the results cards and the response pages, under its old title and this badge.
 */
import { __ } from '@wordpress/i18n';

import './removed-badge.scss';

export function RemovedBadge() {
	return (
		<span className="userfeedback-removed-badge">
			{ __( 'Removed from the survey', 'userfeedback' ) }
		</span>
	);
}
