/**
 * One step (install, activate or deactivate) of a plugin on the installer's allow-list,
 * through the admin-ajax actions of includes/Admin/PluginInstaller.php with the install
 * nonce; and the list of those plugins with their state (userfeedback_get_plugins).
 */
import { useQuery } from '@tanstack/react-query';
import { __, sprintf } from '@wordpress/i18n';

import { queryKeys } from './query';
import { useConfig } from './context';
import { ajax, type AjaxResponse } from './api';
import type { AppConfig } from './types';
import type { InstallablePlugin as PluginState } from './types/notifications';

export const ACTION_GET_PLUGINS = 'userfeedback_get_plugins';
export const ACTION_INSTALL_PLUGIN = 'userfeedback_install_plugin';
export const ACTION_ACTIVATE_PLUGIN = 'userfeedback_activate_plugin';
export const ACTION_DEACTIVATE_PLUGIN = 'userfeedback_deactivate_plugin';

export type InstallerStep = 'install' | 'activate';
/** Every step a plugin card offers. */
export type PluginStep = InstallerStep | 'deactivate';

/** userfeedback_get_plugins' answer: the allow-list in order, and what this user may do. */
export interface InstallablePlugins {
	plugins: PluginState[];
	can_install: boolean;
	can_activate: boolean;
}

/** The answer of a step: its message and the plugin's state after it. */
export interface PluginStepResult {
	message?: string;
	plugin?: PluginState;
}

/** What the installer needs to know of a plugin. */
export interface InstallablePlugin {
	slug: string;
	basename: string;
	name: string;
}

/**
 * The message for a failed step.
 *
 * @param step The step that failed.
 * @param name The plugin's name.
 */
export function installerStepError( step: PluginStep, name: string ) {
	switch ( step ) {
		case 'install':
			return sprintf(
				/* translators: %s: plugin name. */
				__( 'There was an error installing %s', 'userfeedback' ),
				name
			);
		case 'activate':
			return sprintf(
				/* translators: %s: plugin name. */
				__( 'There was an error activating %s', 'userfeedback' ),
				name
			);
		case 'deactivate':
			return sprintf(
				/* translators: %s: plugin name. */
				__( 'There was an error deactivating %s', 'userfeedback' ),
				name
			);
	}
}

/**
 * The allow-listed plugins and their state; rejects when the server refused or the
 * network failed.
 *
 * @param target The page's ajax config (its ajax nonce is used).
 */
export async function fetchInstallablePlugins(
	target: AppConfig[ 'ajax' ]
): Promise< InstallablePlugins > {
	const response = await ajax< AjaxResponse< InstallablePlugins > >(
		ACTION_GET_PLUGINS,
		{},
		target
	);
	if ( ! response?.data || ! Array.isArray( response.data.plugins ) ) {
		// ajax() resolves undefined when the network failed.
		throw new Error(
			__( 'The plugins could not be loaded.', 'userfeedback' )
		);
	}
	return response.data;
}

/**
 * Runs one step; rejects with the server's message (an AjaxError) when it refuses, and
 * with installerStepError()'s when the network failed.
 *
 * @param step   Install (without activating: that is a step of its own), activate or deactivate.
 * @param plugin The plugin.
 * @param target The page's ajax config (its install nonce is used).
 */
export async function runInstallerStep(
	step: PluginStep,
	plugin: InstallablePlugin,
	target: AppConfig[ 'ajax' ]
): Promise< AjaxResponse< PluginStepResult > > {
	const endpoint = { url: target.url, nonce: target.install_nonce };
	const [ action, fields ] =
		step === 'install'
			? [ ACTION_INSTALL_PLUGIN, { slug: plugin.slug, activate: false } ]
			: [
					step === 'activate'
						? ACTION_ACTIVATE_PLUGIN
						: ACTION_DEACTIVATE_PLUGIN,
					{ basename: plugin.basename },
				];
	const response = await ajax< AjaxResponse< PluginStepResult > >(
		action,
		fields,
		endpoint
	);
	if ( response === undefined ) {
		// ajax() swallows network failures; for these steps they are failures.
		throw new Error( installerStepError( step, plugin.name ) );
	}
	return response;
}

/** The react-query key of userfeedback_get_plugins' answer. */
export const PLUGINS_QUERY_KEY = queryKeys.plugins;

/** The allow-listed plugins and their state, loaded once per page. */
export function useInstallablePlugins() {
	const target = useConfig().ajax;
	return useQuery( {
		queryKey: PLUGINS_QUERY_KEY,
		queryFn: () => fetchInstallablePlugins( target ),
	} );
}
