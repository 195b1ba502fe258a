/**
 * Results as the contract's routes send them, for tests.
 */
import { isTextType } from '../../shared/questionTypes';
import type {
	AnswerItem,
	Funnel,
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
		completion_rate: 0.5,
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

/**
 * A funnel of 40 impressions, 10 started and 6 completed (60%) in 80 s (median), over the
 * given questions: each reached by fewer visitors than the one before.
 *
 * @param questions The survey's questions (id and title), in order.
 * @param overrides Overrides.
 */
export function funnel(
	questions: Array< Pick< QuestionStats, 'id' | 'title' > >,
	overrides: Partial< Funnel > = {}
): Funnel {
	return {
		impressions: 40,
		started: 10,
		completed: 6,
		completion_rate: 0.6,
		median_seconds: 80,
		questions: questions.map( ( { id, title }, index ) => {
			const left = index === 0 ? 2 : 1;
			const skipped = index % 2;
			const answered = Math.max( 0, 10 - index * 2 - left - skipped );
			return {
				question_id: id,
				title,
				reached: answered + skipped + left,
				answered,
				skipped,
				left,
			};
		} ),
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
		funnel: funnel( questions ),
		partial: 0,
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
