/**
 * When the workflow step can be left (spec 1, section 5): an active email with
 * addresses needs every address to be valid. Empty addresses are allowed.
 */
import type { SurveyNotifications } from '../../../../shared/types';
import { parseEmailList } from './emails';

export function canContinueNotifications(
	notifications: SurveyNotifications
): boolean {
	const { email } = notifications;
	if ( ! email.active || ! email.addresses.trim() ) {
		return true;
	}
	return parseEmailList( email.addresses ).invalid.length === 0;
}
