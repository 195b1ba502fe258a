/**
 * The results routes of the contract (shared/types/results.ts) and their query keys.
 */
import { apiGet } from '../shared/api';
import { queryKeys } from '../shared/query';
import type { DateRange } from '../shared/components/DateRangePicker';
import type { View } from '../shared/components/table/types';
import type {
	AnswerList,
	NpsResults,
	OverviewSurvey,
	ResponsesOverview,
	SurveyResults,
} from '../shared/types';

/** Spec 2, section 9: table page size, and answers and NPS comments per page. */
export const PAGE_SIZE = 10;

export const resultsKeys = {
	overview: ( range: DateRange, view: object ) =>
		[ ...queryKeys.results.all, 'overview', range, view ] as const,
	surveyOptions: [ ...queryKeys.results.all, 'survey-options' ] as const,
	survey: ( id: number, range: DateRange ) =>
		queryKeys.results.survey( id, range ),
	answers: (
		id: number,
		questionId: number,
		range: DateRange,
		page: number
	) =>
		[
			...queryKeys.results.all,
			'answers',
			id,
			questionId,
			range,
			page,
		] as const,
	nps: ( id: number, range: DateRange ) =>
		[ ...queryKeys.results.all, 'nps', id, range ] as const,
	npsComments: (
		id: number,
		questionId: number | undefined,
		range: DateRange,
		page: number,
		search: string
	) =>
		[
			...queryKeys.results.all,
			'nps-comments',
			id,
			questionId,
			range,
			page,
			search,
		] as const,
};

/**
 * GET results-summary: the total, the daily points and one page of the surveys table.
 *
 * @param range The range.
 * @param view  The surveys table's view (page, sort).
 */
export function fetchOverview(
	range: DateRange,
	view: Pick< View, 'page' | 'perPage' | 'sort' >
): Promise< ResponsesOverview > {
	return apiGet< ResponsesOverview >( 'results-summary', {
		from: range.from,
		to: range.to,
		orderby: view.sort.field,
		order: view.sort.direction,
		page: view.page,
		per_page: view.perPage,
	} );
}

/** Survey dropdowns list at most this many pages of 100 (10,000 surveys). */
const MAX_OPTION_PAGES = 100;

/**
 * Every survey, for the survey dropdowns: results-summary pages of 100 by title.
 * It needs only the view-results capability, unlike the surveys route.
 *
 * @param range Any allowed range (the counts are not used).
 */
export async function fetchSurveyOptions(
	range: DateRange
): Promise< OverviewSurvey[] > {
	const surveys: OverviewSurvey[] = [];
	for ( let page = 1; page <= MAX_OPTION_PAGES; page++ ) {
		const overview = await apiGet< ResponsesOverview >( 'results-summary', {
			from: range.from,
			to: range.to,
			orderby: 'title',
			order: 'asc',
			page,
			per_page: 100,
		} );
		surveys.push( ...overview.surveys );
		if ( page >= overview.pagination.pages ) {
			break;
		}
	}
	return surveys;
}

/**
 * GET surveys/{id}/results.
 *
 * @param id    Survey id.
 * @param range The range.
 */
export function fetchSurveyResults(
	id: number,
	range: DateRange
): Promise< SurveyResults > {
	return apiGet< SurveyResults >( `surveys/${ id }/results`, {
		from: range.from,
		to: range.to,
	} );
}

/**
 * GET surveys/{id}/questions/{qid}/answers: a page of a text question's answers.
 *
 * @param id         Survey id.
 * @param questionId Question id.
 * @param range      The range.
 * @param page       1-based page.
 */
export function fetchAnswers(
	id: number,
	questionId: number,
	range: DateRange,
	page: number
): Promise< AnswerList > {
	return apiGet< AnswerList >(
		`surveys/${ id }/questions/${ questionId }/answers`,
		{ from: range.from, to: range.to, page, per_page: PAGE_SIZE }
	);
}

/**
 * GET surveys/{id}/nps: the overview and daily series of the survey's NPS question.
 *
 * @param id    Survey id.
 * @param range The range.
 */
export function fetchNps(
	id: number,
	range: DateRange
): Promise< NpsResults > {
	return apiGet< NpsResults >( `surveys/${ id }/nps`, {
		from: range.from,
		to: range.to,
	} );
}

/**
 * GET surveys/{id}/nps/comments: answers with a comment, 10 per page.
 *
 * @param id         Survey id.
 * @param questionId The NPS question (the survey's first when undefined).
 * @param range      The range.
 * @param page       1-based page.
 * @param search     Text to find in the comments.
 */
export function fetchNpsComments(
	id: number,
	questionId: number | undefined,
	range: DateRange,
	page: number,
	search: string
): Promise< AnswerList > {
	return apiGet< AnswerList >( `surveys/${ id }/nps/comments`, {
		question_id: questionId,
		from: range.from,
		to: range.to,
		page,
		search,
	} );
}
