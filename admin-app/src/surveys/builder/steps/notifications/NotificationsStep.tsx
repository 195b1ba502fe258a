/**
 * The builder's workflow step: the email sent for each response, with optional
 * conditions, and placeholders for the integrations to come. Controlled.
 *
 * Who receives the answers is decided by users who may read them: without the view
 * results capability the card is read only (the server refuses a change, and the
 * save leaves the notifications out: shared/surveys useSaveSurveyMutation).
 */
import {
	Card,
	CardBody,
	CardHeader,
	Dashicon,
	Notice,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import type { Question, SurveyNotifications } from '../../../../shared/types';
import { EmailLogic } from './EmailLogic';
import { parseEmailList } from './emails';

import '../settings/steps.scss';

export interface NotificationsStepProps {
	notifications: SurveyNotifications;
	onChange: ( next: SurveyNotifications ) => void;
	/** The survey's questions: the subjects conditions can be about. */
	questions: Question[];
}

export function NotificationsStep( {
	notifications,
	onChange,
	questions,
}: NotificationsStepProps ) {
	const { email } = notifications;
	const readOnly = ! useConfig().user.capabilities.view_results;
	const setEmail = ( patch: Partial< SurveyNotifications[ 'email' ] > ) => {
		if ( ! readOnly ) {
			onChange( { ...notifications, email: { ...email, ...patch } } );
		}
	};
	const { invalid } = parseEmailList( email.addresses );
	const error =
		! readOnly && email.active && invalid.length > 0
			? sprintf(
					/* translators: %s: comma-separated list of addresses. */
					_n(
						'This is not a valid email address: %s',
						'These are not valid email addresses: %s',
						invalid.length,
						'userfeedback'
					),
					invalid.join( ', ' )
				)
			: undefined;

	return (
		<div className="userfeedback-builder-step userfeedback-notifications-step">
			<h2 className="userfeedback-builder-step__title">
				{ __( 'Workflow', 'userfeedback' ) }
			</h2>
			<Card className="userfeedback-builder-card">
				<CardHeader>
					<h3 className="userfeedback-builder-card__title">
						{ __( 'Send Email', 'userfeedback' ) }
					</h3>
				</CardHeader>
				<CardBody>
					{ readOnly && (
						<Notice
							status="info"
							isDismissible={ false }
							className="userfeedback-notifications-step__read-only"
						>
							{ __(
								'Only users who may view results can change who receives the responses by email. You can see the settings here; your other changes are saved without them.',
								'userfeedback'
							) }
						</Notice>
					) }
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __(
							'Email me when a response arrives',
							'userfeedback'
						) }
						checked={ email.active }
						disabled={ readOnly }
						onChange={ ( active ) => setEmail( { active } ) }
					/>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						className={ error ? 'has-error' : undefined }
						label={ __( 'Send to', 'userfeedback' ) }
						help={
							error ??
							__(
								'Separate several addresses with commas.',
								'userfeedback'
							)
						}
						placeholder="admin@example.com, team@example.com"
						disabled={ readOnly || ! email.active }
						value={ email.addresses }
						aria-invalid={ error ? true : undefined }
						onChange={ ( addresses ) => setEmail( { addresses } ) }
					/>
					<EmailLogic
						logic={ email.logic }
						questions={ questions }
						disabled={ readOnly || ! email.active }
						onChange={ ( logic ) => setEmail( { logic } ) }
					/>
				</CardBody>
			</Card>
			<IntegrationPlaceholder />
			<IntegrationPlaceholder />
		</div>
	);
}

function IntegrationPlaceholder() {
	return (
		<Card className="userfeedback-builder-card userfeedback-integration-card is-locked">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					<Dashicon icon="lock" />{ ' ' }
					{ __( 'Integration', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<p>{ __( 'More Integrations Coming Soon', 'userfeedback' ) }</p>
			</CardBody>
		</Card>
	);
}
