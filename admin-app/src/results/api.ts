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
	ResponsesOverview,
	SurveyResults,
} from '../shared/types';

/** Spec 2, section 9: table page size, and answers and NPS comments per page. */
export const PAGE_SIZE = 10;

/** The results screens' keys (shared/query.ts), with their ranges typed. */
export const resultsKeys = {
	overview: ( range: DateRange, view: object ) =>
		queryKeys.results.overview( range, view ),
	survey: ( id: number, range: DateRange ) =>
		queryKeys.results.survey( id, range ),
	answers: (
		id: number,
		questionId: number,
		range: DateRange,
		page: number,
		search = ''
	) => queryKeys.results.answers( id, questionId, range, page, search ),
	nps: ( id: number, range: DateRange ) => queryKeys.results.nps( id, range ),
	npsComments: (
		id: number,
		questionId: number | undefined,
		range: DateRange,
		page: number,
		search: string
	) => queryKeys.results.npsComments( id, questionId, range, page, search ),
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
 * @param search     Words every answer shown must contain ('' for all).
 * @param cursor     The next_cursor of an earlier page of the same list (shared/pageCursors.ts).
 */
export function fetchAnswers(
	id: number,
	questionId: number,
	range: DateRange,
	page: number,
	search = '',
	cursor?: string
): Promise< AnswerList > {
	return apiGet< AnswerList >(
		`surveys/${ id }/questions/${ questionId }/answers`,
		{
			from: range.from,
			to: range.to,
			page,
			per_page: PAGE_SIZE,
			...( search ? { search } : {} ),
			cursor,
		}
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
 * @param cursor     The next_cursor of an earlier page of the same list (shared/pageCursors.ts).
 */
export function fetchNpsComments(
	id: number,
	questionId: number | undefined,
	range: DateRange,
	page: number,
	search: string,
	cursor?: string
): Promise< AnswerList > {
	return apiGet< AnswerList >( `surveys/${ id }/nps/comments`, {
		question_id: questionId,
		from: range.from,
		to: range.to,
		page,
		search,
		cursor,
	} );
}
