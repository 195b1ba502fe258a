/**
 * The results card body of each question type (the registry, shared/questionTypes.ts,
 * says what a type is; its card, how its answers are shown). A new type adds its card
 * here; shared/questionTypes.test.ts fails for a registered type without one.
 */
import type { ComponentType } from 'react';

import type { DateRange } from '../../../shared/components/DateRangePicker';
import type { QuestionStats, QuestionType } from '../../../shared/types';
import { ChoiceStats } from '../ChoiceStats';
import { NpsStats } from '../NpsStats';
import { StarStats } from '../StarStats';
import { TextAnswers } from '../TextAnswers';

export interface ResultsCardProps {
	surveyId: number;
	question: QuestionStats;
	/** The range shown (text answers page through it). */
	range: DateRange;
}

export type ResultsCard = ComponentType< ResultsCardProps >;

export const RESULTS_CARDS: Record< QuestionType, ResultsCard > = {
	'radio-button': ChoiceStats,
	checkbox: ChoiceStats,
	text: TextAnswers,
	'long-text': TextAnswers,
	email: TextAnswers,
	'star-rating': StarStats,
	nps: NpsStats,
	'image-radio': ChoiceStats,
	'icon-choice': ChoiceStats,
};

/**
 * The card of a type; counted options for a type the admin does not know (the server
 * counts every answer by value).
 *
 * @param type Question type.
 */
export function resultsCardOf( type: string ): ResultsCard {
	return (
		( RESULTS_CARDS as Partial< Record< string, ResultsCard > > )[ type ] ??
		ChoiceStats
	);
}
