/**
 * The analytics plugin the Tracking card relies on (spec 1, section 4 "Tracking"),
 * read from and installed through the admin-ajax actions of
 * includes/Admin/PluginInstaller.php.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';

import { useConfig } from '../../shared/context';
import {
	fetchInstallablePlugins,
	PLUGINS_QUERY_KEY,
	runInstallerStep,
} from '../../shared/pluginInstaller';
import type { InstallablePlugin } from '../../shared/types/notifications';
import type {
	AnalyticsPlugin,
	InstallAnalytics,
} from './steps/settings/analytics';

/**
 * The first analytics plugin when it is installed, else the alternate one when that
 * is installed, else the first (the one to offer).
 *
 * @param plugins The allow-list, in order of preference.
 */
export function pickAnalytics(
	plugins: InstallablePlugin[]
): InstallablePlugin | undefined {
	const [ first, second ] = plugins.filter(
		( plugin ) => plugin.group === 'analytics'
	);
	if ( first && ! first.installed && second?.installed ) {
		return second;
	}
	return first;
}

/**
 * Loads the plugins' state once per page and answers the props of the settings step:
 * `analytics` is the cached answer itself, so it stays the same object across renders
 * and visits to the step (the Tracking card applies its default once per object);
 * `onInstallAnalytics` is left out when the user may not install or activate it.
 * Each step rejects with the server's message (an AjaxError) when it fails.
 */
export function useAnalytics(): {
	analytics?: AnalyticsPlugin;
	onInstallAnalytics?: InstallAnalytics;
} {
	const target = useConfig().ajax;
	const { data } = useQuery( {
		queryKey: PLUGINS_QUERY_KEY,
		queryFn: () => fetchInstallablePlugins( target ),
		// The page reloads after an activation; nothing else changes it.
		staleTime: Infinity,
		retry: false,
	} );
	const plugin = data ? pickAnalytics( data.plugins ) : undefined;
	const allowed =
		!! data &&
		data.can_activate &&
		( !! plugin?.installed || data.can_install );

	const onInstallAnalytics = useMemo< InstallAnalytics | undefined >(
		() =>
			plugin && allowed
				? ( step ) => runInstallerStep( step, plugin, target )
				: undefined,
		[ plugin, allowed, target ]
	);

	return { analytics: plugin, onInstallAnalytics };
}
