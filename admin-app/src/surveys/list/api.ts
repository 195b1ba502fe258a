import { apiGet, apiPost } from '../../shared/api';
import { viewToQuery } from '../../shared/components/table/view';
import type { View } from '../../shared/components/table/types';
import type {
	BulkAction as SurveyBulkAction,
	BulkResult,
	SurveyList,
} from '../../shared/types';

/**
 * GET surveys for a view: page, per_page, orderby, order, search, filter[status].
 *
 * @param view The list's view.
 */
export function fetchSurveys( view: View ): Promise< SurveyList > {
	return apiGet< SurveyList >( 'surveys', viewToQuery( view ) );
}

/**
 * POST surveys/bulk: one action on a list of surveys; the answer says which ids were
 * changed and why the others were not.
 *
 * @param action publish, draft, trash, restore or delete.
 * @param ids    Survey ids.
 */
export function bulkSurveys(
	action: SurveyBulkAction,
	ids: number[]
): Promise< BulkResult > {
	return apiPost< BulkResult >( 'surveys/bulk', { action, ids } );
}
