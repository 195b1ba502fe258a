/**
 * The loader's logic, with the page (window) and the UI import passed in so tests
 * can drive it; loader.ts wires in the real ones.
 */
import { deviceTier, pickSurvey, readCookie } from './select';
import type { Answer, VisitorSurvey, WidgetConfig, WidgetProps } from './types';

export interface UiModule {
	mount: ( props: WidgetProps ) => unknown;
}

export type Page = Window & { userfeedbackConfig?: WidgetConfig };

function setCookie( page: Page, name: string, value: string ) {
	// Session cookie, site-wide: the survey must stay answered on every page.
	page.document.cookie = `${ name }=${ encodeURIComponent(
		value
	) }; path=/; SameSite=Lax`;
}

/**
 * Sends the answers, then marks the survey answered whatever the outcome: a visitor
 * who finished must not be asked again because the network failed.
 *
 * @param page    The window.
 * @param config  Widget config.
 * @param survey  The survey answered.
 * @param answers Its answers (null for skipped questions).
 */
export function submit(
	page: Page,
	config: WidgetConfig,
	survey: VisitorSurvey,
	answers: Answer[]
): Promise< void > {
	const sent = answers.some( ( answer ) => answer.value !== null )
		? page
				// No X-WP-Nonce on purpose: pages come from full-page caches, and a stale
				// nonce would make WordPress refuse the request (the body carries a
				// long-lived survey token instead).
				.fetch(
					`${ config.rest_url }surveys/${ survey.id }/responses`,
					{
						method: 'POST',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify( {
							answers,
							page_submitted: {
								link: page.location.href,
								title: page.document.title,
							},
							nonce: survey.nonces.submission,
						} ),
					}
				)
				.then( ( response ) =>
					response.ok ? response.json() : null
				)
				.catch( () => null )
		: Promise.resolve( null );
	return sent.then( ( body ) => {
		setCookie(
			page,
			survey.cookie_name,
			JSON.stringify( {
				submitted: true,
				last_response_id: body?.id ?? body?.data?.id ?? null,
			} )
		);
	} );
}

/**
 * Picks a survey and, only then, loads the UI: pages without a matching survey
 * never download it.
 *
 * @param page   The window.
 * @param loadUi Imports the UI chunk.
 * @return The UI being mounted, or undefined when there is nothing to show.
 */
export function boot(
	page: Page,
	loadUi: () => Promise< UiModule >
): Promise< unknown > | undefined {
	const config = page.userfeedbackConfig;
	if ( ! config?.surveys?.length ) {
		return;
	}
	const { navigator: nav, document: doc } = page;
	const survey = pickSurvey(
		config.surveys,
		deviceTier( nav.userAgent, nav.maxTouchPoints ),
		doc.cookie
	);
	if ( ! survey ) {
		return;
	}
	const minimizedCookie = `${ survey.cookie_name }-minimized`;
	const remembered = readCookie( minimizedCookie, doc.cookie );
	return loadUi().then( ( ui ) =>
		ui.mount( {
			survey,
			strings: config.strings,
			minimized: remembered
				? remembered === '1'
				: !! survey.settings.behavior?.start_minimized,
			onMinimizedChange: ( minimized ) =>
				setCookie( page, minimizedCookie, minimized ? '1' : '0' ),
			onFinish: ( answers ) => submit( page, config, survey, answers ),
		} )
	);
}
