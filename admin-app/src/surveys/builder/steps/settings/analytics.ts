/**
 * The analytics plugin that tracking relies on (spec 1, section 4 "Tracking"): the
 * default it gives the toggle, and the install-then-activate flow with its toasts.
 */
import { __, sprintf } from '@wordpress/i18n';

import { notify } from '../../../../shared/notices';

export interface AnalyticsPlugin {
	installed: boolean;
	active: boolean;
	/** As shown to the user, e.g. "MonsterInsights". */
	name: string;
}

/** Runs one step on the server; rejects when the step failed. */
export type InstallAnalytics = (
	step: 'install' | 'activate'
) => Promise< unknown >;

/** Spec 1, section 9: reload after activating the analytics plugin. */
export const RELOAD_DELAY_MS = 800;

/** Indirection so tests can watch the reload (jsdom cannot navigate). */
export const page = {
	reload: () => window.location.reload(),
};

/**
 * Tracking is on when the analytics plugin is installed and active, else off.
 *
 * @param plugin The analytics plugin's state.
 */
export function trackingDefault( plugin: AnalyticsPlugin ): boolean {
	return plugin.installed && plugin.active;
}

/**
 * Installs the plugin when needed, then activates it, with a toast per step. The
 * page reloads 800 ms after the activation, whether it worked or not, so the new
 * state of the plugin is read again; a failed install stops before activating.
 *
 * @param plugin The analytics plugin's state.
 * @param run    Performs one step.
 */
export async function installAnalytics(
	plugin: AnalyticsPlugin,
	run: InstallAnalytics
): Promise< void > {
	const say = toasts( plugin.name );
	if ( ! plugin.installed ) {
		const id = 'userfeedback-analytics-install';
		notify.info( say.installing, {
			id,
			timeout: -1,
			isDismissible: false,
		} );
		try {
			await run( 'install' );
		} catch {
			notify.error( say.installFailed, { id } );
			return;
		}
		notify.success( say.installed, { id } );
	}

	const id = 'userfeedback-analytics-activate';
	notify.info( say.activating, { id, timeout: -1, isDismissible: false } );
	try {
		await run( 'activate' );
		notify.success( say.activated, { id } );
	} catch {
		notify.error( say.activateFailed, { id } );
	}
	setTimeout( () => page.reload(), RELOAD_DELAY_MS );
}

function toasts( name: string ) {
	return {
		installing: sprintf(
			/* translators: %s: plugin name. */
			__( 'Installing %s…', 'userfeedback' ),
			name
		),
		installed: sprintf(
			/* translators: %s: plugin name. */
			__( '%s has been installed successfully!', 'userfeedback' ),
			name
		),
		installFailed: sprintf(
			/* translators: %s: plugin name. */
			__( 'There was an error installing %s', 'userfeedback' ),
			name
		),
		activating: sprintf(
			/* translators: %s: plugin name. */
			__( 'Activating %s…', 'userfeedback' ),
			name
		),
		activated: sprintf(
			/* translators: %s: plugin name. */
			__( '%s has been activated!', 'userfeedback' ),
			name
		),
		activateFailed: sprintf(
			/* translators: %s: plugin name. */
			__( 'There was an error activating %s', 'userfeedback' ),
			name
		),
	};
}
