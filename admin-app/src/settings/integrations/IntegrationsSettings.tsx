/**
 * Settings > Integrations: the three steps of connecting the automation plugin
 * (Uncanny Automator): 1 install and activate it, 2 run its setup wizard, 3 create
 * a recipe. The state comes from userfeedback_get_integration; installing and
 * activating go through the plugin installer's actions with the install nonce.
 * No Save button: nothing here is a setting.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { queryKeys } from '../../shared/query';
import { ajax, type AjaxResponse } from '../../shared/api';
import { LoadingState, Page, QueryError } from '../../shared/components';
import { useConfig } from '../../shared/context';
import { notify } from '../../shared/notices';
import {
	installerStepError,
	runInstallerStep,
} from '../../shared/pluginInstaller';
import type { AppConfig, AutomationIntegration } from '../../shared/types';
import './integrations.scss';

export const ACTION_GET_INTEGRATION = 'userfeedback_get_integration';

export const integrationQueryKey = queryKeys.integration;

const PROGRESS_NOTICE = 'userfeedback-integration-progress';

async function fetchIntegration(
	target: AppConfig[ 'ajax' ]
): Promise< AutomationIntegration > {
	const response = await ajax< AjaxResponse< AutomationIntegration > >(
		ACTION_GET_INTEGRATION,
		{},
		target
	);
	if ( ! response?.data || typeof response.data.active_step !== 'number' ) {
		// ajax() resolves undefined when the network failed.
		throw new Error(
			__( 'The integration could not be loaded.', 'userfeedback' )
		);
	}
	return response.data;
}

export function IntegrationsSettings() {
	const config = useConfig();
	const title = __( 'Integrations', 'userfeedback' );
	const integration = useQuery( {
		queryKey: integrationQueryKey,
		queryFn: () => fetchIntegration( config.ajax ),
	} );

	if ( integration.isPending ) {
		return (
			<Page title={ title }>
				<LoadingState
					label={ __( 'Loading integrations…', 'userfeedback' ) }
				/>
			</Page>
		);
	}
	if ( integration.isError ) {
		return (
			<Page title={ title }>
				<QueryError
					error={ integration.error }
					onRetry={ () => integration.refetch() }
				/>
			</Page>
		);
	}
	return (
		<Page title={ title }>
			<AutomationSteps plugin={ integration.data } />
		</Page>
	);
}

type Busy = 'install' | 'activate' | null;

function AutomationSteps( { plugin }: { plugin: AutomationIntegration } ) {
	const config = useConfig();
	const queryClient = useQueryClient();
	const [ busy, setBusy ] = useState< Busy >( null );
	const step = plugin.active_step;

	/** One step through the installer; false (and the error toast) when it failed. */
	const run = async ( which: 'install' | 'activate' ): Promise< boolean > => {
		setBusy( which );
		notify.info(
			which === 'install'
				? sprintf(
						/* translators: %s: plugin name. */
						__( 'Installing %s…', 'userfeedback' ),
						plugin.name
					)
				: sprintf(
						/* translators: %s: plugin name. */
						__( 'Activating %s…', 'userfeedback' ),
						plugin.name
					),
			{ id: PROGRESS_NOTICE, timeout: -1, isDismissible: false }
		);
		try {
			await runInstallerStep( which, plugin, config.ajax );
			return true;
		} catch {
			// The fixed message, not the server's.
			notify.error( installerStepError( which, plugin.name ), {
				id: PROGRESS_NOTICE,
			} );
			return false;
		} finally {
			setBusy( null );
		}
	};

	const installAndActivate = async () => {
		if ( ! plugin.installed && ! ( await run( 'install' ) ) ) {
			await queryClient.invalidateQueries( {
				queryKey: integrationQueryKey,
			} );
			return;
		}
		const activated = await run( 'activate' );
		if ( activated ) {
			notify.success(
				sprintf(
					/* translators: %s: plugin name. */
					__( '%s has been activated!', 'userfeedback' ),
					plugin.name
				),
				{ id: PROGRESS_NOTICE }
			);
		}
		await queryClient.invalidateQueries( {
			queryKey: integrationQueryKey,
		} );
	};

	const mayInstall = plugin.installed
		? plugin.can_activate
		: plugin.can_install && plugin.can_activate;

	let stepOne;
	if ( plugin.active ) {
		stepOne = (
			<Button variant="secondary" disabled __next40pxDefaultSize>
				{ __( 'Activated', 'userfeedback' ) }
			</Button>
		);
	} else {
		stepOne = (
			<Button
				variant="primary"
				isBusy={ busy !== null }
				disabled={ busy !== null || ! mayInstall }
				onClick={ installAndActivate }
				__next40pxDefaultSize
			>
				{ plugin.installed
					? __( 'Activate', 'userfeedback' )
					: __( 'Install', 'userfeedback' ) }
			</Button>
		);
	}

	return (
		<div className="userfeedback-card userfeedback-integration">
			<h3 className="userfeedback-card__title">{ plugin.name }</h3>
			<p className="userfeedback-card__help">
				{ sprintf(
					/* translators: %s: plugin name. */
					__(
						'Connect UserFeedback to hundreds of plugins and apps with %s: send new survey responses to your CRM, email list or spreadsheet without code.',
						'userfeedback'
					),
					plugin.name
				) }
			</p>
			<ol className="userfeedback-integration__steps">
				<li
					className={
						'userfeedback-integration__step' +
						( step === 1 ? ' is-current' : ' is-done' )
					}
				>
					<div>
						<h4>
							{ sprintf(
								/* translators: %s: plugin name. */
								__( 'Install and activate %s', 'userfeedback' ),
								plugin.name
							) }
						</h4>
						{ ! plugin.active && ! mayInstall && (
							<p className="userfeedback-card__help">
								{ __(
									'Ask a site administrator to install and activate it.',
									'userfeedback'
								) }
							</p>
						) }
					</div>
					{ stepOne }
				</li>
				<li
					className={
						'userfeedback-integration__step' +
						( step === 2 ? ' is-current' : '' ) +
						( step > 2 ? ' is-done' : '' )
					}
				>
					<div>
						<h4>
							{ sprintf(
								/* translators: %s: plugin name. */
								__( 'Set up %s', 'userfeedback' ),
								plugin.name
							) }
						</h4>
					</div>
					<Button
						variant={ step === 2 ? 'primary' : 'secondary' }
						href={ plugin.setup_url }
						disabled={ step !== 2 }
						__next40pxDefaultSize
					>
						{ __( 'Setup Wizard', 'userfeedback' ) }
					</Button>
				</li>
				<li
					className={
						'userfeedback-integration__step' +
						( step >= 3 ? ' is-current' : '' )
					}
				>
					<div>
						<h4>
							{ __(
								'Create a recipe with UserFeedback',
								'userfeedback'
							) }
						</h4>
					</div>
					<Button
						variant={ step >= 3 ? 'primary' : 'secondary' }
						href={ plugin.create_recipe_url }
						disabled={ step < 3 }
						__next40pxDefaultSize
					>
						{ __( 'Create Recipe', 'userfeedback' ) }
					</Button>
				</li>
			</ol>
		</div>
	);
}
