import { useState, type FormEvent } from 'react';
import { Button, CheckboxControl, RadioControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { LoadingState, Page, QueryError } from '../shared/components';
import { useSaveSettings, useSettings } from '../shared/settings';
import type { AutomaticUpdates, Settings } from '../shared/types';

type MiscValues = Pick<
	Settings,
	| 'allow_usage_tracking'
	| 'summaries_html_template'
	| 'summaries_disabled'
	| 'uninstall_delete_data'
> & { automatic_updates: AutomaticUpdates };

function pickMisc( settings: Settings ): MiscValues {
	return {
		allow_usage_tracking: !! settings.allow_usage_tracking,
		// Unset means the admin never chose: the spec's default is "none".
		automatic_updates: settings.automatic_updates || 'none',
		summaries_html_template: !! settings.summaries_html_template,
		summaries_disabled: !! settings.summaries_disabled,
		uninstall_delete_data: !! settings.uninstall_delete_data,
	};
}

export function MiscSettings() {
	const settings = useSettings();
	const title = __( 'Miscellaneous', 'userfeedback' );

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
	return (
		<Page title={ title }>
			<MiscForm initial={ pickMisc( settings.data ) } />
		</Page>
	);
}

function MiscForm( { initial }: { initial: MiscValues } ) {
	const [ values, setValues ] = useState( initial );
	const save = useSaveSettings();
	const set = < K extends keyof MiscValues >(
		key: K,
		value: MiscValues[ K ]
	) => setValues( ( current ) => ( { ...current, [ key ]: value } ) );

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		save.mutate( values );
	};

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

			<div className="userfeedback-form__footer">
				<Button
					variant="primary"
					type="submit"
					isBusy={ save.isPending }
					disabled={ save.isPending }
					__next40pxDefaultSize
				>
					{ __( 'Save Settings', 'userfeedback' ) }
				</Button>
			</div>
		</form>
	);
}
