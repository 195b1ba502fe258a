/**
 * Results as the contract's routes send them, for tests.
 */
import { isTextType } from '../../shared/questionTypes';
import type {
	AnswerItem,
	NpsOverview,
	OverviewSurvey,
	QuestionStats,
	SurveyResults,
} from '../../shared/types';

export function overviewSurvey(
	id: number,
	title: string,
	extra: Partial< OverviewSurvey > = {}
): OverviewSurvey {
	return {
		id,
		title,
		type: 'survey',
		status: 'publish',
		created_at: `2026-01-0${ id }T15:00:00Z`,
		responses_count: id * 10,
		range_responses_count: id,
		...extra,
	};
}

export function question(
	id: number,
	type: QuestionStats[ 'type' ],
	extra: Partial< QuestionStats > = {}
): QuestionStats {
	return {
		id,
		title: `Question ${ id }`,
		type,
		is_quantitative: ! isTextType( type ),
		total_answers: 0,
		skipped: 0,
		options: [],
		invalid_options: false,
		...extra,
	};
}

export function npsOverview(
	overrides: Partial< NpsOverview > = {}
): NpsOverview {
	return {
		promoters: 5,
		passives: 3,
		detractors: 2,
		total: 10,
		promoters_percent: 50,
		passives_percent: 30,
		detractors_percent: 20,
		score: 30,
		...overrides,
	};
}

export function surveyResults(
	id: number,
	questions: QuestionStats[],
	extra: Partial< SurveyResults > = {}
): SurveyResults {
	return {
		survey: {
			id,
			title: `Survey ${ id }`,
			type: 'survey',
			status: 'publish',
			created_at: '2026-01-01T15:00:00Z',
		},
		responses_count: 1234,
		responses_count_7_days: 12,
		responses_count_30_days: 345,
		impressions: 6789,
		range_responses_count: 20,
		question_stats: questions,
		nps_overview: null,
		...extra,
	};
}

export function answer(
	responseId: number,
	value: AnswerItem[ 'value' ],
	extra: AnswerItem[ 'extra' ] = null,
	date = '2026-11-20T14:30:00Z'
): AnswerItem {
	return { value, date, extra, response_id: responseId };
}
