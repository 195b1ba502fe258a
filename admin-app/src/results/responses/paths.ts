/**
 * App routes of the responses screens. The list's quick filter travels in the query
 * (?status=trash) so the single response steps through the same list and its back link
 * returns to it; a filtered list's view travels with it (&view=<JSON>, see view.ts), so
 * the steps follow the filtered list and the back link returns to the same filters and page.
 */
import type { ResponseFilter } from './api';

function listQuery( status: string, view: string ): string {
	const params = new URLSearchParams();
	if ( status && status !== 'all' ) {
		params.set( 'status', status );
	}
	if ( view ) {
		params.set( 'view', view );
	}
	const text = params.toString();
	return text ? `?${ text }` : '';
}

/**
 * @param surveyId The survey.
 * @param status   The list's quick filter.
 * @param view     The filtered list's view parameter (serializeView()), or ''.
 */
export function listPath(
	surveyId: number,
	status: ResponseFilter | string = 'all',
	view = ''
): string {
	return `/survey/${ surveyId }/responses${ listQuery( status, view ) }`;
}

/**
 * @param surveyId The survey.
 * @param id       The response.
 * @param status   The list's quick filter.
 * @param view     The filtered list's view parameter (serializeView()), or ''.
 */
export function responsePath(
	surveyId: number,
	id: number,
	status: ResponseFilter | string = 'all',
	view = ''
): string {
	return `/survey/${ surveyId }/responses/${ id }${ listQuery(
		status,
		view
	) }`;
}
