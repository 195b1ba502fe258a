/// <reference path="../../../widget/src/assets.d.ts" />
/**
 * The real visitor widget (Preact, widget/src/ui), rendered inline in the editor
 * canvas with preview on: nothing is sent, and finishing starts it again.
 */
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { injectStyles, mount } from '../../../widget/src/ui/index';
import type { VisitorSurvey } from '../../../widget/src/types';
import type { BlockConfig } from './config';

export function WidgetPreview( {
	survey,
	config,
	interactive,
}: {
	survey: VisitorSurvey;
	config: Pick< BlockConfig, 'strings' | 'features' >;
	/** Off while the block is not selected: a click then selects the block. */
	interactive: boolean;
} ) {
	const host = useRef< HTMLDivElement >( null );
	const { strings, features } = config;

	useEffect( () => {
		const element = host.current;
		if ( ! element ) {
			return;
		}
		// The editor canvas is an iframe (apiVersion 3): the widget's stylesheet has
		// to be in that document, not only in the one this script runs in.
		injectStyles( element.ownerDocument );
		return mount(
			{ survey, strings, features, preview: true, inline: true },
			element
		);
	}, [ survey, strings, features ] );

	return (
		<div
			className="userfeedback-block__preview"
			ref={ host }
			role="region"
			aria-label={ __( 'Survey preview', 'userfeedback' ) }
			style={ interactive ? undefined : { pointerEvents: 'none' } }
		/>
	);
}
