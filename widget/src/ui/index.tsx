/** @jsxImportSource preact */
/**
 * The survey UI chunk (build/widget/ui.<hash>.js), imported by the loader when a
 * survey is to be shown (start), and by the admin's live preview (mount).
 */
import { render } from 'preact';

import type {
	HiddenRecord,
	SurveyTarget,
	WidgetConfig,
	WidgetProps,
} from '../types';
import css from './widget.css?inline';
import { fetchBody, startSession } from './session';
import { Widget } from './Widget';

export { Widget };

const STYLE_ID = 'userfeedback-widget-css';

/**
 * Adds the widget's stylesheet once per document. It ships inside this chunk, so a
 * page with no survey downloads no CSS either.
 *
 * @param doc The document to style.
 */
export function injectStyles( doc: Document = document ): void {
	if ( css && ! doc.getElementById( STYLE_ID ) ) {
		const style = doc.createElement( 'style' );
		style.id = STYLE_ID;
		style.textContent = css;
		doc.head.appendChild( style );
	}
}

/**
 * Renders the widget into its own element at the end of <body> (or into `host`).
 * Rendering again into the same host updates it in place (the builder's preview).
 *
 * @param props Widget props.
 * @param host  Element to render into.
 * @return A function that removes the widget.
 */
export function mount( props: WidgetProps, host?: HTMLElement ): () => void {
	injectStyles();
	const element =
		host ?? document.body.appendChild( document.createElement( 'div' ) );
	render( <Widget { ...props } />, element );
	return () => {
		render( null, element );
		if ( ! host ) {
			element.remove();
		}
	};
}

/**
 * Starts the visitor session of a survey (see session.ts and UiModule in types.ts):
 * fetches its body (GET surveys/{id}/widget), then mounts. When the body cannot be had
 * (the survey is no longer live, or the request failed twice) nothing is shown and the
 * reason 'unavailable' is kept on window.userfeedbackHidden.
 *
 * @param config The widget config.
 * @param target The survey's target (config.surveys).
 * @param host   The inline placeholder, for a shortcode or block survey.
 * @return Resolves to a function that removes the widget (a no-op when nothing showed).
 */
export async function start(
	config: WidgetConfig,
	target: SurveyTarget,
	host?: HTMLElement
): Promise< () => void > {
	// The body's request in a task of its own, after the one that evaluated this chunk.
	await idle();
	const body = await fetchBody( config, target );
	if ( ! body ) {
		// The loader's record of surveys passed over (select.ts declares it on Window).
		const page = window as { userfeedbackHidden?: HiddenRecord[] };
		( page.userfeedbackHidden ??= [] ).push( {
			survey_id: target.id,
			reason: 'unavailable',
		} );
		return () => undefined;
	}
	const survey = target.shortcode
		? { ...body.survey, shortcode: true }
		: body.survey;
	// The stylesheet's recalculation and the first render in tasks of their own, each
	// when the page is idle (at most IDLE_MS later): one long task would block the
	// page's input for their sum (Total Blocking Time).
	await idle();
	injectStyles();
	await idle();
	return startSession( config, { ...body, survey }, mount, host );
}

/** The longest wait for an idle moment before the widget's next step, in ms. */
export const IDLE_MS = 200;

/**
 * Resolves in a task of its own once the browser is idle (requestIdleCallback, at most
 * IDLE_MS later), or on the next task where there is no requestIdleCallback (Safari).
 */
function idle(): Promise< void > {
	return new Promise( ( resolve ) => {
		if ( typeof window.requestIdleCallback === 'function' ) {
			window.requestIdleCallback( () => resolve(), { timeout: IDLE_MS } );
		} else {
			setTimeout( resolve, 0 );
		}
	} );
}
