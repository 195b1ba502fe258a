import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
	Button,
	CheckboxControl,
	RadioControl,
	TextControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { LoadingState, Page, QueryError } from '../shared/components';
import { FieldError } from '../shared/components/FieldError';
import { fieldErrors } from '../shared/fieldErrors';
import { notify } from '../shared/notices';
import { useSaveSettings, useSettings } from '../shared/settings';
import type { AutomaticUpdates, Settings } from '../shared/types';
import { isRetentionDays, RetentionSection } from './RetentionSection';

/** Spec 3, section 9: the Misc screen's default for an unset choice comes after 300 ms. */
export const MISC_DEFAULT_DELAY_MS = 300;

/**
 * A settings tab's frame: the heading, then the loading state, the load error with a
 * retry, or the tab's form once the settings are in.
 *
 * @param props          The tab.
 * @param props.title    The tab's heading.
 * @param props.children Renders the form from the loaded settings.
 */
export function SettingsScreen( {
	title,
	children,
}: {
	title: string;
	children: ( settings: Settings ) => ReactNode;
} ) {
	const settings = useSettings();
	if ( settings.isPending ) {
		return (
			<Page title={ title }>
				<LoadingState
					label={ __( 'Loading settings…', 'userfeedback' ) }
				/>
			</Page>
		);
	}
	if ( settings.isError ) {
		return (
			<Page title={ title }>
				<QueryError
					error={ settings.error }
					onRetry={ () => settings.refetch() }
				/>
			</Page>
		);
	}
	return <Page title={ title }>{ children( settings.data ) }</Page>;
}

/** The Save Settings button of every tab but Integrations. */
export function SaveSettingsButton( { busy }: { busy: boolean } ) {
	return (
		<div className="userfeedback-form__footer">
			<Button
				variant="primary"
				type="submit"
				isBusy={ busy }
				disabled={ busy }
				__next40pxDefaultSize
			>
				{ __( 'Save Settings', 'userfeedback' ) }
			</Button>
		</div>
	);
}

type MiscValues = Pick<
	Settings,
	| 'allow_usage_tracking'
	| 'summaries_html_template'
	| 'summaries_disabled'
	| 'uninstall_delete_data'
	| 'automatic_updates'
	| 'notifications_feed_url'
	| 'retention_days'
>;

function pickMisc( settings: Settings ): MiscValues {
	return {
		allow_usage_tracking: !! settings.allow_usage_tracking,
		automatic_updates: settings.automatic_updates || '',
		summaries_html_template: !! settings.summaries_html_template,
		summaries_disabled: !! settings.summaries_disabled,
		uninstall_delete_data: !! settings.uninstall_delete_data,
		notifications_feed_url: settings.notifications_feed_url ?? '',
		retention_days: settings.retention_days ?? 0,
	};
}

export function MiscSettings() {
	return (
		<SettingsScreen title={ __( 'Miscellaneous', 'userfeedback' ) }>
			{ ( settings ) => <MiscForm initial={ pickMisc( settings ) } /> }
		</SettingsScreen>
	);
}

function MiscForm( { initial }: { initial: MiscValues } ) {
	const [ values, setValues ] = useState( initial );
	const save = useSaveSettings();
	const set = < K extends keyof MiscValues >(
		key: K,
		value: MiscValues[ K ]
	) => setValues( ( current ) => ( { ...current, [ key ]: value } ) );

	// Unset means the admin never chose: the spec's default, none, is filled in
	// shortly after the screen opens (and saved with the next Save Settings).
	useEffect( () => {
		if ( initial.automatic_updates ) {
			return;
		}
		const timer = setTimeout(
			() =>
				setValues( ( current ) =>
					current.automatic_updates
						? current
						: { ...current, automatic_updates: 'none' }
				),
			MISC_DEFAULT_DELAY_MS
		);
		return () => clearTimeout( timer );
	}, [ initial.automatic_updates ] );

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		if (
			values.retention_days !== 0 &&
			! isRetentionDays( values.retention_days )
		) {
			notify.error(
				__(
					'The settings were not saved: enter the number of days after which responses are deleted.',
					'userfeedback'
				)
			);
			return;
		}
		const { automatic_updates: updates, ...rest } = {
			...values,
			notifications_feed_url: values.notifications_feed_url.trim(),
		};
		// An unset choice is not sent (the server keeps its default, none).
		save.mutate( updates ? { ...rest, automatic_updates: updates } : rest );
	};

	// What the server refused, by field, shown next to each field.
	const refused = fieldErrors( save.error );
	return (
		<form className="userfeedback-form" onSubmit={ onSubmit }>
			<div className="userfeedback-card">
				<h3 className="userfeedback-card__title">
					{ __( 'Usage Tracking', 'userfeedback' ) }
				</h3>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __( 'Allow usage tracking', 'userfeedback' ) }
					help={ __(
						'By allowing us to track usage data we can better help you, because we know with which WordPress configurations, themes and plugins we should test.',
						'userfeedback'
					) }
					checked={ values.allow_usage_tracking }
					onChange={ ( checked ) =>
						set( 'allow_usage_tracking', checked )
					}
				/>
			</div>

			<div className="userfeedback-card">
				<RadioControl
					label={ __( 'Automatic Updates', 'userfeedback' ) }
					selected={ values.automatic_updates }
					options={ [
						{
							value: 'all',
							label: __(
								'Yes (recommended): get the latest features, bug fixes and security updates as they are released.',
								'userfeedback'
							),
						},
						{
							value: 'minor',
							label: __(
								'Minor only: get bug fixes and security updates, but not major features.',
								'userfeedback'
							),
						},
						{
							value: 'none',
							label: __(
								'None: update everything manually.',
								'userfeedback'
							),
						},
					] }
					onChange={ ( value ) =>
						set( 'automatic_updates', value as AutomaticUpdates )
					}
				/>
				<FieldError path="automatic_updates" errors={ refused } />
			</div>

			<div className="userfeedback-card">
				<RadioControl
					label={ __( 'Email Summaries Template', 'userfeedback' ) }
					selected={
						values.summaries_html_template ? 'html' : 'plain'
					}
					options={ [
						{
							value: 'html',
							label: __( 'HTML template', 'userfeedback' ),
						},
						{
							value: 'plain',
							label: __( 'Plain text', 'userfeedback' ),
						},
					] }
					onChange={ ( value ) =>
						set( 'summaries_html_template', value === 'html' )
					}
				/>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __(
						'Disable weekly email summaries',
						'userfeedback'
					) }
					checked={ values.summaries_disabled }
					onChange={ ( checked ) =>
						set( 'summaries_disabled', checked )
					}
				/>
			</div>

			<div className="userfeedback-card">
				<h3 className="userfeedback-card__title">
					{ __( 'Notifications', 'userfeedback' ) }
				</h3>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="url"
					label={ __( 'Notifications feed URL', 'userfeedback' ) }
					help={ __(
						'The feed the notifications drawer reads. Leave empty for the default feed.',
						'userfeedback'
					) }
					value={ values.notifications_feed_url }
					onChange={ ( value ) =>
						set( 'notifications_feed_url', value )
					}
					aria-invalid={
						refused.notifications_feed_url ? true : undefined
					}
				/>
				<FieldError path="notifications_feed_url" errors={ refused } />
			</div>

			<RetentionSection
				days={ values.retention_days }
				onChange={ ( days ) => set( 'retention_days', days ) }
			/>
			<FieldError path="retention_days" errors={ refused } />

			<div className="userfeedback-card">
				<h3 className="userfeedback-card__title">
					{ __( 'Uninstall', 'userfeedback' ) }
				</h3>
				<CheckboxControl
					__nextHasNoMarginBottom
					label={ __(
						'Delete all UserFeedback data when the plugin is uninstalled',
						'userfeedback'
					) }
					help={ __(
						'Surveys, responses and settings are removed for good when the plugin is deleted. Deactivating the plugin keeps them.',
						'userfeedback'
					) }
					checked={ values.uninstall_delete_data }
					onChange={ ( checked ) =>
						set( 'uninstall_delete_data', checked )
					}
				/>
			</div>

			<SaveSettingsButton busy={ save.isPending } />
		</form>
	);
}
