/**
 * The post-ratings routes (shared/types/postRatings.ts) and their query keys.
 */
import { apiGet, apiPost } from '../shared/api';
import { queryKeys } from '../shared/query';
import type { DateRange } from '../shared/components/DateRangePicker';
import type { View } from '../shared/components/table/types';
import type {
	PostRatingDetails,
	PostRatingList,
	PostRatingSettingsResponse,
	PostRatingSettingsUpdate,
} from '../shared/types';

/** Spec 2, section 9: table page size. */
export const PAGE_SIZE = 10;

type TableView = Pick< View, 'page' | 'perPage' | 'sort' >;

export const postRatingsKeys = {
	settings: queryKeys.postRatings.settings,
	list: ( range: DateRange, view: TableView ) =>
		queryKeys.postRatings.list( { range, view } ),
	post: ( postId: number, range: DateRange, view: TableView ) =>
		queryKeys.postRatings.post( postId, { range, view } ),
};

function tableQuery( range: DateRange, view: TableView ) {
	return {
		page: view.page,
		per_page: view.perPage,
		orderby: view.sort.field,
		order: view.sort.direction,
		from: range.from,
		to: range.to,
	};
}

export function fetchRatingSettings(): Promise< PostRatingSettingsResponse > {
	return apiGet< PostRatingSettingsResponse >( 'post-ratings/settings' );
}

/**
 * POST post-ratings/settings: the settings only; the server answers with all of them.
 *
 * @param settings The settings to save.
 */
export function saveRatingSettings(
	settings: PostRatingSettingsUpdate
): Promise< PostRatingSettingsResponse > {
	return apiPost< PostRatingSettingsResponse, PostRatingSettingsUpdate >(
		'post-ratings/settings',
		settings
	);
}

/**
 * GET post-ratings/results: a page of the rated posts in the range.
 *
 * @param range The range.
 * @param view  The table's page and sort.
 */
export function fetchRatedPosts(
	range: DateRange,
	view: TableView
): Promise< PostRatingList > {
	return apiGet< PostRatingList >(
		'post-ratings/results',
		tableQuery( range, view )
	);
}

/**
 * GET post-ratings/results/{postId}: the post and a page of its ratings in the range.
 *
 * @param postId The post.
 * @param range  The range.
 * @param view   The table's page and sort.
 */
export function fetchPostRatings(
	postId: number,
	range: DateRange,
	view: TableView
): Promise< PostRatingDetails > {
	return apiGet< PostRatingDetails >(
		`post-ratings/results/${ postId }`,
		tableQuery( range, view )
	);
}
