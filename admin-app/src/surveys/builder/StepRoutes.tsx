/**
 * The steps whose components live in steps/settings, steps/notifications and
 * steps/publish (controlled: a slice of the draft in, onChange out), connected to
 * the builder store here.
 */
import { useEffect } from 'react';

import { NotificationsStep } from './steps/notifications';
import { PublishStep } from './steps/publish';
import { SettingsStep } from './steps/settings';
import { useBuilderStore } from './store';
import { useAnalytics } from './useAnalytics';

export function SettingsRoute() {
	const settings = useBuilderStore( ( state ) => state.draft?.settings );
	const questions = useBuilderStore( ( state ) => state.draft?.questions );
	const { analytics, onInstallAnalytics } = useAnalytics();
	// The tracking default follows the analytics plugin for new surveys only; a saved
	// survey keeps the choice the admin made.
	const createdHere = useBuilderStore( ( state ) => state.createdHere );
	if ( ! settings || ! questions ) {
		return null;
	}
	return (
		<SettingsStep
			settings={ settings }
			questions={ questions }
			onChange={ useBuilderStore.getState().updateSettings }
			analytics={ analytics }
			applyTrackingDefault={ createdHere }
			onInstallAnalytics={ onInstallAnalytics }
		/>
	);
}

export function NotificationsRoute() {
	const notifications = useBuilderStore(
		( state ) => state.draft?.notifications
	);
	const questions = useBuilderStore( ( state ) => state.draft?.questions );
	if ( ! notifications || ! questions ) {
		return null;
	}
	return (
		<NotificationsStep
			notifications={ notifications }
			questions={ questions }
			onChange={ useBuilderStore.getState().updateNotifications }
		/>
	);
}

export function PublishRoute() {
	const survey = useBuilderStore( ( state ) => state.draft );
	const applyDefault = useBuilderStore(
		( state ) =>
			state.createdHere && ! state.publishDefaulted && !! state.draft
	);

	useEffect( () => {
		// A new survey defaults to publish on this step (spec 1, section 4), also when an
		// earlier save (adding a question, a step link) already stored it as a draft; once
		// only, so that choosing Draft here sticks.
		if ( ! applyDefault ) {
			return;
		}
		const state = useBuilderStore.getState();
		if ( state.draft?.status === 'draft' ) {
			state.update( { status: 'publish' } );
		}
		state.markPublishDefaulted();
	}, [ applyDefault ] );

	if ( ! survey ) {
		return null;
	}
	return (
		<PublishStep
			survey={ survey }
			onChange={ useBuilderStore.getState().update }
		/>
	);
}
