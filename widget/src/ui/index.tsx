/** @jsxImportSource preact */
/**
 * The survey UI chunk (build/widget/ui.<hash>.js), imported by the loader when a
 * survey is to be shown (start), and by the admin's live preview (mount).
 */
import { render } from 'preact';

import type { VisitorSurvey, WidgetConfig, WidgetProps } from '../types';
import css from './widget.css?inline';
import { startSession } from './session';
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
 * Starts the visitor session of a survey (see session.ts and UiModule in types.ts).
 *
 * @param config The widget config.
 * @param survey The survey to show.
 * @param host   The inline placeholder, for a shortcode or block survey.
 */
export function start(
	config: WidgetConfig,
	survey: VisitorSurvey,
	host?: HTMLElement
): void {
	startSession( config, survey, mount, host );
}
