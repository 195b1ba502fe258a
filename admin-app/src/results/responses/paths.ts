/**
 * App routes of the responses screens. The list's quick filter travels in the query
 * (?status=trash) so the single response steps through the same list and its back link
 * returns to it.
 */
import type { ResponseFilter } from './api';

function statusQuery( status: string ): string {
	return status && status !== 'all'
		? `?status=${ encodeURIComponent( status ) }`
		: '';
}

export function listPath(
	surveyId: number,
	status: ResponseFilter | string = 'all'
): string {
	return `/survey/${ surveyId }/responses${ statusQuery( status ) }`;
}

export function responsePath(
	surveyId: number,
	id: number,
	status: ResponseFilter | string = 'all'
): string {
	return `/survey/${ surveyId }/responses/${ id }${ statusQuery( status ) }`;
}
