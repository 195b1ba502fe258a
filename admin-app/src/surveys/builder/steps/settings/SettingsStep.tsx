/**
 * The builder's settings step: tracking, targeting, behavior and how long responses
 * are kept. Controlled: the
 * settings come in, every change goes out whole through onChange.
 */
import { useMutationState } from '@tanstack/react-query';

import {
	fieldErrors,
	fieldErrorsUnder,
	type FieldErrorMap,
} from '../../../../shared/fieldErrors';
import { queryKeys } from '../../../../shared/query';
import type { Question, SurveySettings } from '../../../../shared/types';
import type { AnalyticsPlugin, InstallAnalytics } from './analytics';
import { BehaviorCard } from './BehaviorCard';
import { CloseCard } from './CloseCard';
import { FlowCard } from './FlowCard';
import { HiddenFieldsCard } from './HiddenFieldsCard';
import { PriorityCard } from './PriorityCard';
import { RetentionCard } from './RetentionCard';
import { TargetingCard } from './TargetingCard';
import { TrackingCard } from './TrackingCard';
import { settingsErrors } from './validation';

import './steps.scss';

export interface SettingsStepProps {
	settings: SurveySettings;
	onChange: ( next: SurveySettings ) => void;
	/** The survey's questions (not used by this step yet; kept for a stable contract). */
	questions: Question[];
	/**
	 * The analytics plugin tracking relies on (the alternate plugin when the first is
	 * not installed). When given, tracking is switched to match it once.
	 */
	analytics?: AnalyticsPlugin;
	/** Installs or activates that plugin; when given, the step offers to. */
	onInstallAnalytics?: InstallAnalytics;
	/** Whether the analytics plugin sets the tracking default (new surveys); default true. */
	applyTrackingDefault?: boolean;
}

/**
 * What the server said about the settings when it refused the last save, keyed as
 * this step keys its fields ('behavior.timing_delay'); {} once a save went through.
 */
export function useServerSettingsErrors(): FieldErrorMap {
	const errors = useMutationState( {
		filters: { mutationKey: queryKeys.mutations.saveSurvey },
		select: ( mutation ) => mutation.state.error,
	} );
	const last = errors[ errors.length - 1 ];
	return fieldErrorsUnder( fieldErrors( last ), 'settings' );
}

export function SettingsStep( {
	settings,
	onChange,
	analytics,
	onInstallAnalytics,
	applyTrackingDefault = true,
}: SettingsStepProps ) {
	const server = useServerSettingsErrors();
	// The step's own checks first; the server's sentence shows where the step has none.
	const errors = { ...server, ...settingsErrors( settings ) };
	return (
		<div className="userfeedback-builder-step userfeedback-settings-step">
			<TrackingCard
				enabled={ settings.enable_tracking }
				onChange={ ( enable ) =>
					onChange( { ...settings, enable_tracking: enable } )
				}
				analytics={ analytics }
				applyDefault={ applyTrackingDefault }
				onInstallAnalytics={ onInstallAnalytics }
			/>
			<TargetingCard
				targeting={ settings.targeting }
				geo={ settings.geo_targeting }
				errors={ errors }
				onTargeting={ ( targeting ) =>
					onChange( { ...settings, targeting } )
				}
				onGeo={ ( geo ) =>
					onChange( { ...settings, geo_targeting: geo } )
				}
			/>
			<BehaviorCard
				behavior={ settings.behavior }
				followsSite={ settings.theming.source !== 'custom' }
				errors={ errors }
				onChange={ ( behavior ) =>
					onChange( { ...settings, behavior } )
				}
			/>
			<FlowCard
				flow={
					settings.flow ?? { progress_bar: false, back_button: false }
				}
				onChange={ ( flow ) => onChange( { ...settings, flow } ) }
			/>
			<HiddenFieldsCard
				fields={ settings.hidden_fields ?? [] }
				errors={ errors }
				onChange={ ( hidden ) =>
					onChange( { ...settings, hidden_fields: hidden } )
				}
			/>
			<PriorityCard
				priority={ settings.priority ?? 0 }
				error={ errors.priority }
				onChange={ ( priority ) =>
					onChange( { ...settings, priority } )
				}
			/>
			<CloseCard
				close={
					settings.close ?? { after_responses: null, end_at: null }
				}
				errors={ errors }
				onChange={ ( close ) => onChange( { ...settings, close } ) }
			/>
			<RetentionCard
				days={ settings.retention_days ?? null }
				onChange={ ( days ) =>
					onChange( { ...settings, retention_days: days } )
				}
			/>
		</div>
	);
}
