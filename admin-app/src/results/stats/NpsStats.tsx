import { __ } from '@wordpress/i18n';

import type { QuestionStats } from '../../shared/types';
import { NpsSummary } from './NpsSummary';
import { ChoiceStats } from './ChoiceStats';

/**
 * An NPS question in a survey: its score and buckets, then the 0-10 distribution.
 *
 * @param props          The card body's props.
 * @param props.question The question's stats.
 */
export function NpsStats( { question }: { question: QuestionStats } ) {
	return (
		<div className="userfeedback-question__body userfeedback-question__body--nps">
			{ question.nps ? (
				<NpsSummary overview={ question.nps } />
			) : (
				<p className="userfeedback-question__empty">
					{ __( 'No answers in this period.', 'userfeedback' ) }
				</p>
			) }
			{ question.options.length > 0 && (
				<ChoiceStats question={ question } defaultKind="bar" />
			) }
		</div>
	);
}
