/**
 * Continue rules of the steps whose folders another engineer owns (steps/settings,
 * steps/notifications), adapted to the draft.
 */
import type { Survey } from '../../shared/types';
import { canContinueNotifications as notificationsCanContinue } from './steps/notifications';
import { canContinueSettings as settingsCanContinue } from './steps/settings';

export function canContinueSettings( survey: Survey ): boolean {
	return settingsCanContinue( survey.settings );
}

export function canContinueNotifications( survey: Survey ): boolean {
	return notificationsCanContinue( survey.notifications );
}
