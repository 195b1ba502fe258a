/**
 * Settings > Widget: how the visitor widget looks and where it sits, with a live
 * preview of one of the site's surveys. The screen initialises 600 ms after it opens
 * (spec 3, section 9), and once the settings and the surveys are loaded.
 */
import { useEffect, useState } from 'react';
import { __ } from '@wordpress/i18n';

import { LoadingState, Page, QueryError } from '../../shared/components';
import { useSettings } from '../../shared/settings';
import { useSurveyList } from '../../shared/surveys';
import { pickWidget } from '../../shared/widgetLook';
import { WidgetForm } from './WidgetForm';

import './widget-settings.scss';

export const INIT_DELAY = 600;

/** The preview's survey choices: the newest surveys, first page. */
const PREVIEW_LIST = {
	page: 1,
	per_page: 50,
	orderby: 'id',
	order: 'desc',
} as const;

function useDelay( ms: number ): boolean {
	const [ done, setDone ] = useState( false );
	useEffect( () => {
		const timer = window.setTimeout( () => setDone( true ), ms );
		return () => window.clearTimeout( timer );
	}, [ ms ] );
	return done;
}

export function WidgetSettings() {
	const ready = useDelay( INIT_DELAY );
	const settings = useSettings();
	const surveys = useSurveyList( PREVIEW_LIST );
	const title = __( 'Widget Settings', 'userfeedback' );

	const failed = settings.isError ? settings : surveys;
	if ( failed.isError ) {
		return (
			<Page title={ title }>
				<QueryError
					error={ failed.error }
					onRetry={ () => failed.refetch() }
				/>
			</Page>
		);
	}
	if ( ! ready || ! settings.data || ! surveys.data ) {
		return (
			<Page title={ title }>
				<LoadingState
					label={ __( 'Loading widget settings…', 'userfeedback' ) }
				/>
			</Page>
		);
	}
	return (
		<Page title={ title }>
			<p className="userfeedback-widget-settings__scope">
				{ __(
					'These settings are the look of every survey that uses the site’s widget settings (new surveys do, and so do surveys that were never given a look of their own). A survey set to “Customize for this survey” in the builder keeps its own look.',
					'userfeedback'
				) }
			</p>
			<WidgetForm
				initial={ {
					...pickWidget( settings.data ),
					external_fonts: settings.data.external_fonts === true,
					cooldown_days: settings.data.cooldown_days ?? 0,
					one_survey_per_page:
						settings.data.one_survey_per_page === true,
				} }
				surveys={ surveys.data.items }
			/>
		</Page>
	);
}
