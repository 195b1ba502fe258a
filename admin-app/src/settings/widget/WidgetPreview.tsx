/// <reference path="../../../../widget/src/assets.d.ts" />
/**
 * The live preview: a survey of the site, picked here, drawn by the real visitor widget
 * (widget/src/ui, Preact) in preview mode with the theming being edited. Every change
 * re-renders the same widget in place.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { adminUrl } from '../../shared/config';
import { useConfig } from '../../shared/context';
import { EmptyState, LoadingState, QueryError } from '../../shared/components';
import { useEntitlements } from '../../shared/gating';
import { useSurvey } from '../../shared/surveys';
import { widgetStrings } from '../../shared/widgetStrings';
import type { Survey, SurveyListItem } from '../../shared/types';
import { mount } from '../../../../widget/src/ui/index';
import type { Theming } from '../../../../widget/src/types';
import { useFontStylesheet } from '../../shared/fonts';
import {
	toVisitorSurvey,
	widgetFeatures,
	widgetLimits,
	widgetQuestionTypes,
} from '../../shared/widgetPreview';

import '../../shared/widgetPreview.scss';

function PreviewStage( {
	survey,
	theming,
}: {
	survey: Survey;
	theming: Theming;
} ) {
	const host = useRef< HTMLDivElement >( null );
	const entitlements = useEntitlements();
	const features = useMemo(
		() => widgetFeatures( entitlements ),
		[ entitlements ]
	);
	const strings = useMemo( widgetStrings, [] );
	const questionTypes = useMemo( widgetQuestionTypes, [] );
	const limits = useMemo( widgetLimits, [] );
	const visitorSurvey = useMemo(
		() => toVisitorSurvey( survey, theming ),
		[ survey, theming ]
	);
	// Before the mount below: the widget then finds the stylesheet and adds none.
	useFontStylesheet( theming.font?.family ?? '' );

	// A new survey, or a change of start-minimised (the widget reads it only when it
	// mounts), starts the widget afresh; React runs this cleanup before mounting again.
	const minimized = !! theming.start_minimized;
	const unmount = useRef< ( () => void ) | null >( null );
	useEffect(
		() => () => {
			unmount.current?.();
			unmount.current = null;
		},
		[ survey.id, minimized ]
	);
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
					minimized,
				},
				host.current
			);
		}
	}, [ visitorSurvey, strings, features, questionTypes, limits, minimized ] );

	return (
		<div
			className={ `userfeedback-widget-preview__stage is-${ theming.position }` }
			ref={ host }
			role="region"
			aria-label={ __( 'Widget preview', 'userfeedback' ) }
		/>
	);
}

function NoSurveys() {
	const config = useConfig();
	const href = `${ adminUrl(
		config,
		config.urls.pages.surveys ?? 'admin.php?page=userfeedback_surveys'
	) }#/new/setup`;
	return (
		<EmptyState
			title={ __( 'No surveys yet', 'userfeedback' ) }
			action={
				<a href={ href }>{ __( 'Create New', 'userfeedback' ) }</a>
			}
		>
			{ __(
				'Create a survey to see the widget with your settings here.',
				'userfeedback'
			) }
		</EmptyState>
	);
}

export function WidgetPreview( {
	surveys,
	theming,
}: {
	surveys: SurveyListItem[];
	theming: Theming;
} ) {
	const [ chosen, setChosen ] = useState( surveys[ 0 ]?.id ?? 0 );
	const survey = useSurvey( chosen );

	if ( ! surveys.length ) {
		return (
			<div className="userfeedback-widget-preview">
				<NoSurveys />
			</div>
		);
	}
	let body;
	if ( survey.isError ) {
		body = (
			<QueryError
				error={ survey.error }
				onRetry={ () => survey.refetch() }
			/>
		);
	} else if ( ! survey.data ) {
		body = (
			<LoadingState label={ __( 'Loading survey…', 'userfeedback' ) } />
		);
	} else {
		body = <PreviewStage survey={ survey.data } theming={ theming } />;
	}
	return (
		<div className="userfeedback-widget-preview">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Preview survey', 'userfeedback' ) }
				value={ String( chosen ) }
				options={ surveys.map( ( item ) => ( {
					value: String( item.id ),
					label: item.title || __( '(no title)', 'userfeedback' ),
				} ) ) }
				onChange={ ( value ) => setChosen( Number( value ) ) }
			/>
			{ body }
		</div>
	);
}
