/// <reference path="../../../../../widget/src/assets.d.ts" />
/**
 * The live preview: the real visitor widget (Preact, widget/src/ui) rendered with
 * the draft, in preview mode: nothing is sent, no redirect happens, and finishing or
 * closing starts it again from the first question. It gets the site's entitlements,
 * so required questions and the like behave as visitors will see them, and the look
 * visitors will get: the site's widget settings or the survey's own, resolved as the
 * server resolves it (shared/widgetLook surveyTheming(), VisitorTheming::resolve()).
 */
import { useEffect, useMemo, useRef } from 'react';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../../shared/context';
import { useEntitlements } from '../../../shared/gating';
import {
	siteWidgetValues,
	surveyTheming,
	useWidgetGates,
} from '../../../shared/widgetLook';
import { withFontUrl } from '../../../shared/fonts';
import { widgetStrings } from '../../../shared/widgetStrings';
import type { Survey } from '../../../shared/types';
import { mount } from '../../../../../widget/src/ui/index';
import {
	toVisitorSurvey,
	widgetFeatures,
	widgetLimits,
	widgetQuestionTypes,
} from '../../../shared/widgetPreview';
import { surveyIcons, useIconCatalogue } from '../../../shared/SurveyIcon';

export function LivePreview( { survey }: { survey: Survey } ) {
	const host = useRef< HTMLDivElement >( null );
	const entitlements = useEntitlements();
	const features = useMemo(
		() => widgetFeatures( entitlements ),
		[ entitlements ]
	);
	const config = useConfig();
	const { allowed } = useWidgetGates();
	// The icons' drawings, as the server sends visitors only those the survey uses.
	const catalogue = useIconCatalogue(
		survey.questions.some( ( q ) => q.type === 'icon-choice' )
	);
	const visitorSurvey = useMemo( () => {
		const visitor = toVisitorSurvey( survey );
		const theming = surveyTheming(
			survey.settings.theming,
			survey.settings.behavior.start_minimized,
			siteWidgetValues( config ),
			allowed
		);
		return {
			...visitor,
			icons:
				catalogue && ! ( catalogue instanceof Error )
					? surveyIcons( catalogue, visitor.questions )
					: undefined,
			settings: {
				...visitor.settings,
				behavior: {
					...visitor.settings.behavior,
					start_minimized: theming.start_minimized,
				},
				theming: withFontUrl( theming ),
			},
		};
	}, [ survey, config, allowed, catalogue ] );
	const strings = useMemo( widgetStrings, [] );
	const questionTypes = useMemo( widgetQuestionTypes, [] );
	const limits = useMemo( widgetLimits, [] );
	// The widget keeps its place (question index) in its own state: a new set of
	// questions starts it again from the first one.
	const shape = survey.questions.map( ( q ) => q.id ).join( ',' );

	// Unmounted (Preact render( null )) when the questions change and on unmount;
	// React runs this cleanup before the effect below mounts again.
	const unmount = useRef< ( () => void ) | null >( null );
	useEffect(
		() => () => {
			unmount.current?.();
			unmount.current = null;
		},
		[ shape ]
	);

	// Every change of the draft re-renders the same widget (Preact diffs in place).
	useEffect( () => {
		if ( host.current ) {
			unmount.current = mount(
				{
					survey: visitorSurvey,
					strings,
					features,
					questionTypes,
					limits,
					preview: true,
				},
				host.current
			);
		}
	}, [ visitorSurvey, strings, features, questionTypes, limits, shape ] );

	return (
		<div className="userfeedback-builder-preview">
			<div
				className="userfeedback-builder-preview__stage"
				ref={ host }
				aria-label={ __( 'Survey preview', 'userfeedback' ) }
				role="region"
			/>
		</div>
	);
}
