import { apiDelete, apiGet, apiPost } from '../../shared/api';
import type {
	ResponseActionResult,
	ResponseCount,
	ResponseDetail,
	ResponseList,
	ResponsesDeleted,
} from '../../shared/types';
import { filterQuery, viewToRestQuery, type ResponsesView } from './view';

export type ResponseAction = 'trash' | 'restore' | 'delete';

/**
 * The list's quick filter. "all" leaves the trash out, as in WordPress lists, and the
 * partial responses too: it shows the completed ones, as publish does.
 */
export type ResponseFilter = 'all' | 'publish' | 'partial' | 'trash';

export const RESPONSE_FILTERS: readonly ResponseFilter[] = [
	'all',
	'publish',
	'partial',
	'trash',
];

/**
 * GET surveys/{id}/responses: page, per_page, orderby, order, filter[status] and
 * filter[conditions] (JSON text: the view's conditions and its search as `text:any`), and
 * count=false: a list the rollups cannot count comes uncounted (`counted: false`), so the
 * page never waits for its count; fetchResponsesCount() asks for that beside it.
 *
 * @param surveyId Survey id.
 * @param view     The list's view.
 * @param cursor   The next_cursor of an earlier page of the same view (shared/pageCursors.ts).
 */
export function fetchResponses(
	surveyId: number,
	view: ResponsesView,
	cursor?: string
): Promise< ResponseList > {
	return apiGet< ResponseList >( `surveys/${ surveyId }/responses`, {
		...viewToRestQuery( view ),
		count: false,
		cursor,
	} );
}

/**
 * GET surveys/{id}/responses/count: the count of the list the view's filter[status] and
 * filter[conditions] give (the list's filter arguments; no page, order or cursor).
 *
 * @param surveyId Survey id.
 * @param view     The list's view (its page, page size and order do not matter).
 */
export function fetchResponsesCount(
	surveyId: number,
	view: ResponsesView
): Promise< ResponseCount > {
	return apiGet< ResponseCount >(
		`surveys/${ surveyId }/responses/count`,
		filterQuery( view )
	);
}

/**
 * GET surveys/{id}/responses/{rid}: the response and its place in the list `status` and
 * `conditions` give, with count=false: a list the rollups cannot count is not counted, so the
 * detail never waits for its count; its position is then capped, its total only the lower
 * bound the rank and the neighbours give, and the screen shows the list's own count
 * (fetchResponsesCount()) instead.
 *
 * @param surveyId   Survey id.
 * @param id         Response id.
 * @param status     The list's quick filter.
 * @param conditions The list's conditions (its search included), as JSON text, or ''.
 */
export function fetchResponse(
	surveyId: number,
	id: number,
	status: ResponseFilter,
	conditions = ''
): Promise< ResponseDetail > {
	return apiGet< ResponseDetail >(
		`surveys/${ surveyId }/responses/${ id }`,
		{
			'filter[status]': status,
			...( conditions ? { 'filter[conditions]': conditions } : {} ),
			count: false,
		}
	);
}

/**
 * Trash, restore (POST) or delete (DELETE) responses of one survey.
 *
 * @param surveyId Survey id.
 * @param action   trash, restore or delete.
 * @param ids      Response ids, all of that survey.
 */
export function changeResponses(
	surveyId: number,
	action: ResponseAction,
	ids: number[]
): Promise< ResponseActionResult > {
	const body = { response_ids: ids };
	if ( action === 'delete' ) {
		return apiDelete< ResponseActionResult >(
			`surveys/${ surveyId }/responses`,
			body
		);
	}
	return apiPost< ResponseActionResult >(
		`surveys/${ surveyId }/responses/${ action }`,
		body
	);
}

/**
 * DELETE surveys/{id}/responses { all: true }: one bounded batch of the survey's
 * responses, any status; send again until remaining is 0.
 *
 * @param surveyId Survey id.
 */
export function deleteAllResponses(
	surveyId: number
): Promise< ResponsesDeleted > {
	return apiDelete< ResponsesDeleted >( `surveys/${ surveyId }/responses`, {
		all: true,
	} );
}
