import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { useNumberFormats } from '../../shared/format';

/**
 * What an AI summary sends to the provider (Ai\FeedbackDigest, whose limits come in the
 * boot config as ai_digest).
 */
export function AiSentNote() {
	const { ai_digest: digest } = useConfig();
	const format = useNumberFormats();
	return (
		<section className="userfeedback-card userfeedback-ai-settings__sent">
			<h3 className="userfeedback-card__title">
				{ __( 'What is sent to the provider', 'userfeedback' ) }
			</h3>
			<ul>
				<li>
					{ __(
						'Only when someone clicks Generate summary or Refresh summary on a survey’s results, and only that survey’s data.',
						'userfeedback'
					) }
				</li>
				<li>
					{ digest
						? sprintf(
								/* translators: 1: number of answers, 2: number of characters. */
								__(
									'The survey’s title, its questions’ titles, and the text of its text answers and comments, newest first: at most %1$s answers and comments and %2$s characters.',
									'userfeedback'
								),
								format.count( digest.max_items ),
								format.count( digest.max_chars )
							)
						: __(
								'The survey’s title, its questions’ titles, and the text of its text answers and comments, newest first.',
								'userfeedback'
							) }
				</li>
				<li>
					{ sprintf(
						/* translators: %s: what replaces an address, e.g. [email removed]. */
						__(
							'Email addresses typed into answers are replaced by %s. Answers to email questions, names, IP addresses, pages, devices and dates are never sent.',
							'userfeedback'
						),
						digest?.email_placeholder ?? '[email removed]'
					) }
				</li>
				<li>
					{ __(
						'The API key goes in the request’s Authorization header, to the base URL above only.',
						'userfeedback'
					) }
				</li>
			</ul>
		</section>
	);
}
