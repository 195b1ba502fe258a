/// <reference path="../../../../widget/src/assets.d.ts" />
/**
 * Step 2: the widget's colour scheme and corner (Settings > Widget, site-wide), with a
 * preview of the chosen template in the real visitor widget. Next saves the settings
 * that changed (POST settings); unchanged, nothing is written.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Notice, RadioControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { LoadingState, QueryError } from '../../shared/components';
import { useConfig } from '../../shared/context';
import { useEntitlements } from '../../shared/gating';
import { useSaveSettings, useSettings } from '../../shared/settings';
import type { Settings, SettingsUpdate } from '../../shared/types';
import { widgetStrings } from '../../shared/widgetStrings';
import { toVisitorSurvey, widgetFeatures } from '../../shared/widgetPreview';
import {
	pickWidget,
	previewTheming,
	schemeChanges,
	useWidgetGates,
} from '../../shared/widgetLook';
import { newSurvey } from '../../shared/surveyDefaults';
import { mount } from '../../../../widget/src/ui/index';
import type { Theming } from '../../../../widget/src/types';
import type { WizardData, WizardStepProps } from '../types';
import { StepLayout } from './StepLayout';

import '../../shared/widgetPreview.scss';

type Scheme = Settings[ 'widget_theme' ];
type Corner = 'bottom_left' | 'bottom_right';

/** The wizard offers the two bottom corners, which every edition has. */
const CORNERS: Corner[] = [ 'bottom_left', 'bottom_right' ];

function Preview( { data, theming }: { data: WizardData; theming: Theming } ) {
	const config = useConfig();
	const entitlements = useEntitlements();
	const host = useRef< HTMLDivElement >( null );
	const features = useMemo(
		() => widgetFeatures( entitlements ),
		[ entitlements ]
	);
	const strings = useMemo( widgetStrings, [] );
	const survey = useMemo(
		() =>
			toVisitorSurvey(
				{
					...newSurvey( config ),
					title: data.title,
					type: data.template?.type ?? 'survey',
					questions: data.template?.config.questions ?? [],
				},
				{ ...theming, start_minimized: false }
			),
		[ config, data.title, data.template, theming ]
	);
	useEffect( () => {
		if ( ! host.current ) {
			return;
		}
		return mount(
			{ survey, strings, features, preview: true, minimized: false },
			host.current
		);
	}, [ survey, strings, features ] );
	return (
		<div
			className={ `userfeedback-widget-preview__stage userfeedback-welcome__preview is-${ theming.position }` }
			ref={ host }
			role="region"
			aria-label={ __( 'Widget preview', 'userfeedback' ) }
		/>
	);
}

export function WidgetStep( {
	data,
	onBack,
	onNext,
	headingRef,
}: WizardStepProps ) {
	const settings = useSettings();
	const save = useSaveSettings();
	const { allowed } = useWidgetGates();
	const [ scheme, setScheme ] = useState< Scheme | null >( null );
	const [ corner, setCorner ] = useState< Corner | null >( null );

	const stored = settings.data;
	// The settings the admin changed here: only these are saved.
	const changes = useMemo( () => {
		const update: SettingsUpdate = {};
		if ( stored && scheme && scheme !== stored.widget_theme ) {
			Object.assign( update, schemeChanges( scheme ) );
		}
		if ( stored && corner && corner !== stored.widget_position ) {
			update.widget_position = corner;
		}
		return update;
	}, [ stored, scheme, corner ] );
	const theming = useMemo(
		() =>
			stored
				? previewTheming(
						{ ...pickWidget( stored ), ...changes },
						allowed
					)
				: null,
		[ stored, changes, allowed ]
	);

	const next = async () => {
		if ( Object.keys( changes ).length === 0 ) {
			onNext();
			return;
		}
		try {
			await save.mutateAsync( changes );
		} catch {
			return; // useSaveSettings shows why; the step stays.
		}
		onNext();
	};

	const currentCorner =
		corner ??
		( CORNERS.includes( stored?.widget_position as Corner )
			? ( stored?.widget_position as Corner )
			: undefined );

	return (
		<StepLayout
			title={ __( 'Widget look', 'userfeedback' ) }
			headingRef={ headingRef }
			onBack={ onBack }
			onNext={ next }
			busy={ save.isPending }
			disabled={ ! stored }
		>
			<p>
				{ __(
					'Choose how the survey widget looks on your site. This applies to every survey that uses the site’s widget settings, which is what new surveys do; a survey can be given a look of its own in the survey builder. Settings > Widget has more options.',
					'userfeedback'
				) }
			</p>
			{ settings.isPending && <LoadingState /> }
			{ settings.isError && (
				<QueryError
					error={ settings.error }
					onRetry={ () => settings.refetch() }
				/>
			) }
			{ save.isError && (
				<Notice status="error" isDismissible={ false }>
					{ __(
						'The widget settings could not be saved. Try again, or go back.',
						'userfeedback'
					) }
				</Notice>
			) }
			{ stored && theming && (
				<div className="userfeedback-welcome__widget">
					<div className="userfeedback-welcome__fields">
						<RadioControl
							label={ __( 'Colour scheme', 'userfeedback' ) }
							selected={ scheme ?? stored.widget_theme }
							options={ [
								{
									label: __( 'Light', 'userfeedback' ),
									value: 'light',
								},
								{
									label: __( 'Dark', 'userfeedback' ),
									value: 'dark',
								},
							] }
							onChange={ ( value ) =>
								setScheme( value as Scheme )
							}
						/>
						<RadioControl
							label={ __( 'Position', 'userfeedback' ) }
							selected={ currentCorner }
							options={ [
								{
									label: __( 'Bottom left', 'userfeedback' ),
									value: 'bottom_left',
								},
								{
									label: __( 'Bottom right', 'userfeedback' ),
									value: 'bottom_right',
								},
							] }
							onChange={ ( value ) =>
								setCorner( value as Corner )
							}
						/>
					</div>
					<Preview data={ data } theming={ theming } />
				</div>
			) }
		</StepLayout>
	);
}
