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
	if ( ! settings || ! questions ) {
		return null;
	}
	return (
		<SettingsStep
			settings={ settings }
			questions={ questions }
			onChange={ useBuilderStore.getState().updateSettings }
			analytics={ analytics }
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
	const isNew = useBuilderStore( ( state ) => state.isNew );
	const defaultToPublish = isNew && survey?.status === 'draft';

	useEffect( () => {
		// A new survey defaults to publish on this step (spec 1, section 4).
		if ( defaultToPublish ) {
			useBuilderStore.getState().update( { status: 'publish' } );
		}
	}, [ defaultToPublish ] );

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
