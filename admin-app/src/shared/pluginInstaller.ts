/**
 * One step (install or activate) of a plugin on the installer's allow-list, through
 * the admin-ajax actions of includes/Admin/PluginInstaller.php with the install nonce.
 */
import { __, sprintf } from '@wordpress/i18n';

import { ajax } from './api';
import type { AppConfig } from './types';

export const ACTION_INSTALL_PLUGIN = 'userfeedback_install_plugin';
export const ACTION_ACTIVATE_PLUGIN = 'userfeedback_activate_plugin';

export type InstallerStep = 'install' | 'activate';

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
export function installerStepError( step: InstallerStep, name: string ) {
	return step === 'install'
		? sprintf(
				/* translators: %s: plugin name. */
				__( 'There was an error installing %s', 'userfeedback' ),
				name
			)
		: sprintf(
				/* translators: %s: plugin name. */
				__( 'There was an error activating %s', 'userfeedback' ),
				name
			);
}

/**
 * Runs one step; rejects with the server's message (an AjaxError) when it refuses, and
 * with installerStepError()'s when the network failed.
 *
 * @param step   Install (without activating: that is a step of its own) or activate.
 * @param plugin The plugin.
 * @param target The page's ajax config (its install nonce is used).
 */
export async function runInstallerStep(
	step: InstallerStep,
	plugin: InstallablePlugin,
	target: AppConfig[ 'ajax' ]
): Promise< unknown > {
	const endpoint = { url: target.url, nonce: target.install_nonce };
	const response =
		step === 'install'
			? await ajax(
					ACTION_INSTALL_PLUGIN,
					{ slug: plugin.slug, activate: false },
					endpoint
				)
			: await ajax(
					ACTION_ACTIVATE_PLUGIN,
					{ basename: plugin.basename },
					endpoint
				);
	if ( response === undefined ) {
		// ajax() swallows network failures; for these steps they are failures.
		throw new Error( installerStepError( step, plugin.name ) );
	}
	return response;
}
