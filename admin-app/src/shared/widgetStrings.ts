/**
 * The visitor widget's strings, translated in the admin, for the previews that render
 * the real widget (the builder's live preview, the survey block in the editor). The
 * front end gets the same strings from PHP (WidgetLoader::config()).
 */
import { __ } from '@wordpress/i18n';

import type { WidgetStrings } from '../../../widget/src/types';

export function widgetStrings(): WidgetStrings {
	return {
		skip: __( 'Skip', 'userfeedback' ),
		next: __( 'Next', 'userfeedback' ),
		close: __( 'Close', 'userfeedback' ),
		minimize: __( 'Minimize', 'userfeedback' ),
		submit: __( 'Submit', 'userfeedback' ),
		not_likely: __( 'Not Likely', 'userfeedback' ),
		extremely_likely: __( 'Extremely Likely', 'userfeedback' ),
		thank_you: __( 'Thanks for your feedback!', 'userfeedback' ),
		comments: __( 'Comments', 'userfeedback' ),
		first_name: __( 'First name', 'userfeedback' ),
		email: __( 'Email', 'userfeedback' ),
		/* translators: %d: number of characters left. */
		characters_left: __( '%d characters left', 'userfeedback' ),
		sending: __( 'Sending…', 'userfeedback' ),
		send_refused: __( 'Your answers could not be sent.', 'userfeedback' ),
		send_failed: __(
			'Your answers could not be sent. Check your connection and try again.',
			'userfeedback'
		),
		/* translators: %d: number of seconds the server asked the visitor to wait. */
		retry_in: __( 'You can try again in %d seconds.', 'userfeedback' ),
		retry: __( 'Retry', 'userfeedback' ),
		/* translators: %s: the title of a survey question. */
		change_answer: __( 'Change your answer to “%s”', 'userfeedback' ),
		/* translators: 1: number of stars of a rating button, 2: the most stars (a star button's name: "4 of 5 stars"). */
		star_label: __( '%1$d of %2$d stars', 'userfeedback' ),
		back: __( 'Back', 'userfeedback' ),
		/* translators: 1: number of the question shown, 2: how many questions the visitor is shown ("Question 2 of 5"). */
		progress: __( 'Question %1$d of %2$d', 'userfeedback' ),
	};
}
