/**
 * The settings REST route as tests serve it from the test HTTP server.
 */
import type { ServerResponse } from 'node:http';

import type { Settings } from '../types';
import { sendJson, type Received } from './server';

/** The widget's settings as a fresh site stores them (the Settings > Widget and welcome tests start from them). */
export const WIDGET_SETTINGS: Partial< Settings > = {
	widget_button_color: '#2D87F1',
	widget_toggle_icon: 'userfeedback',
	widget_toggle_color: '#23282D',
	widget_toggle_text: '',
	widget_font: { family: '', weight: '' },
	widget_position: 'bottom_right',
	widget_theme: 'light',
	widget_color: '#FFFFFF',
	widget_text_color: '#23282D',
	widget_start_minimized: false,
	widget_custom_logo: '',
	widget_show_logo: true,
	logo_type: 'userfeedback',
	skip_text: 'Skip',
	next_text: 'Next',
	external_fonts: false,
};

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
