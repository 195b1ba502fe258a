/**
 * The settings REST route as tests serve it from the test HTTP server.
 */
import type { ServerResponse } from 'node:http';

import { sendJson, type Received } from './server';

/**
 * GET/POST settings as the REST API answers them: a POST merges its body into the
 * stored values; both answer with the stored values.
 *
 * @param request  The request to settings.
 * @param response Its response.
 * @param stored   The stored values before the request.
 * @return The stored values after it.
 */
export function answerSettings< T extends object >(
	request: Received,
	response: ServerResponse,
	stored: T
): T {
	const next: T =
		request.method === 'POST'
			? { ...stored, ...JSON.parse( request.body ) }
			: stored;
	sendJson( response, 200, next );
	return next;
}
