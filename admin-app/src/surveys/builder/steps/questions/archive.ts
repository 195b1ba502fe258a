/**
 * Archived questions (includes/Surveys/QuestionArchive.php) are the server's: a save that
 * removes or retypes a question with answers keeps it, archived, for results, responses
 * and exports. The builder edits and sends back only the live ones; the server keeps the
 * archived ones whatever the builder sends.
 */
import type { Question, Survey } from '../../../../shared/types';

export function liveQuestions( questions: Question[] ): Question[] {
	return questions.filter( ( question ) => ! question.archived );
}

/**
 * The survey as the builder edits it: without its archived questions.
 *
 * @param survey A survey as the server answers it.
 */
export function liveSurvey( survey: Survey ): Survey {
	return survey.questions.some( ( question ) => question.archived )
		? { ...survey, questions: liveQuestions( survey.questions ) }
		: survey;
}
