/**
 * A cross-sale plugin of the About and Growth Tools pages: its icon, name, description,
 * status and the one button its state calls for (spec 4, "Addon button"): Install Addon
 * (then activate), Activate, or Deactivate, disabled while a step runs and for a second
 * after it. The steps go through the plugin installer's allow-list with the install
 * nonce; the answer's plugin state replaces the cached one.
 */
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../context';
import { notify } from '../notices';
import {
	installerStepError,
	PLUGINS_QUERY_KEY,
	runInstallerStep,
	useInstallablePlugins,
	type InstallablePlugins,
	type PluginStep,
} from '../pluginInstaller';
import type { InstallablePlugin } from '../types/notifications';
import { useBusyAction } from '../useBusyAction';
import { LoadingState, QueryError } from './States';
import './PluginCard.scss';

function statusLabel( plugin: InstallablePlugin ): string {
	if ( plugin.active ) {
		return __( 'Active', 'userfeedback' );
	}
	return plugin.installed
		? __( 'Not Active', 'userfeedback' )
		: __( 'Not Installed', 'userfeedback' );
}

function busyLabel( step: PluginStep ): string {
	switch ( step ) {
		case 'install':
			return __( 'Installing…', 'userfeedback' );
		case 'activate':
			return __( 'Activating…', 'userfeedback' );
		case 'deactivate':
			return __( 'Deactivating…', 'userfeedback' );
	}
}

/** The step's fixed message, with the server's reason when it gave one. */
function failureText( step: PluginStep, name: string, error: unknown ) {
	const text = installerStepError( step, name );
	const data = ( error as { data?: unknown } | null )?.data;
	const detail =
		typeof data === 'object' && data !== null
			? ( data as { detail?: unknown } ).detail
			: undefined;
	let reason = '';
	if ( typeof detail === 'string' && detail ) {
		reason = detail;
	} else if ( error instanceof Error ) {
		reason = error.message;
	}
	return reason && reason !== text ? `${ text }: ${ reason }` : text;
}

export interface PluginCardProps {
	plugin: InstallablePlugin;
	description: string;
	/** From userfeedback_get_plugins: what this user may do. */
	canInstall: boolean;
	canActivate: boolean;
	/** 'card' for a grid (About), 'row' for a list (Growth Tools). */
	layout?: 'card' | 'row';
}

export function PluginCard( {
	plugin,
	description,
	canInstall,
	canActivate,
	layout = 'card',
}: PluginCardProps ) {
	const config = useConfig();
	const queryClient = useQueryClient();
	const headingId = useId();
	const { busy, setBusy, run: runBusy } = useBusyAction< PluginStep >();

	let first: PluginStep | null = null;
	if ( plugin.active ) {
		first = canActivate ? 'deactivate' : null;
	} else if ( plugin.installed ) {
		first = canActivate ? 'activate' : null;
	} else if ( canInstall ) {
		first = 'install';
	}

	const store = ( next: InstallablePlugin | undefined ) => {
		if ( ! next ) {
			return;
		}
		queryClient.setQueryData< InstallablePlugins >(
			PLUGINS_QUERY_KEY,
			( list ) =>
				list && {
					...list,
					plugins: list.plugins.map( ( item ) =>
						item.slug === next.slug ? next : item
					),
				}
		);
	};

	const run = async () => {
		if ( ! first ) {
			return;
		}
		const start: PluginStep = first;
		await runBusy( async () => {
			let step = start;
			try {
				setBusy( step );
				let result = await runInstallerStep(
					step,
					plugin,
					config.ajax
				);
				store( result.data?.plugin );
				if ( step === 'install' && canActivate ) {
					step = 'activate';
					setBusy( step );
					result = await runInstallerStep(
						step,
						plugin,
						config.ajax
					);
					store( result.data?.plugin );
				}
				notify.success(
					result.data?.message || __( 'Success', 'userfeedback' )
				);
			} catch ( error ) {
				notify.error( failureText( step, plugin.name, error ) );
				// The step may have gone half way (installed, not activated): ask again.
				await queryClient.invalidateQueries( {
					queryKey: PLUGINS_QUERY_KEY,
				} );
			}
		} );
	};

	const labels: Record< PluginStep, string > = {
		install: __( 'Install Addon', 'userfeedback' ),
		activate: __( 'Activate', 'userfeedback' ),
		deactivate: __( 'Deactivate', 'userfeedback' ),
	};
	const shown = busy ?? first;

	return (
		<article
			className={ `userfeedback-plugin-card is-${ layout }` }
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-plugin-card__body">
				<span
					className="userfeedback-plugin-card__icon"
					aria-hidden="true"
				>
					{ plugin.name.charAt( 0 ) }
				</span>
				<div>
					<h4
						id={ headingId }
						className="userfeedback-plugin-card__title"
					>
						{ plugin.name }
					</h4>
					<p className="userfeedback-plugin-card__description">
						{ description }
					</p>
				</div>
			</div>
			<div className="userfeedback-plugin-card__footer">
				<p className="userfeedback-plugin-card__status">
					{ __( 'Status:', 'userfeedback' ) }{ ' ' }
					<span className={ plugin.active ? 'is-active' : '' }>
						{ statusLabel( plugin ) }
					</span>
				</p>
				{ shown ? (
					<Button
						variant={
							shown === 'deactivate' ? 'secondary' : 'primary'
						}
						disabled={ busy !== null }
						isBusy={ busy !== null }
						onClick={ run }
					>
						{ busy ? busyLabel( busy ) : labels[ shown ] }
					</Button>
				) : (
					<p className="userfeedback-plugin-card__note">
						{ __(
							'Ask a site administrator to manage this plugin.',
							'userfeedback'
						) }
					</p>
				) }
			</div>
		</article>
	);
}

/** A plugin a page promotes: its WordPress.org slug (on the installer's allow-list) and its pitch. */
export interface PromotedPlugin {
	slug: string;
	description: string;
}

/**
 * The cards of the given plugins, in the given order, with their state from
 * userfeedback_get_plugins; a plugin the server does not list is left out.
 *
 * @param props           The plugins and the layout.
 * @param props.plugins   What to show.
 * @param props.layout    'card' or 'row'.
 * @param props.className The list's class (a grid, a column).
 */
export function PluginCards( {
	plugins,
	layout = 'card',
	className,
}: {
	plugins: PromotedPlugin[];
	layout?: PluginCardProps[ 'layout' ];
	className: string;
} ) {
	const query = useInstallablePlugins();
	if ( query.isPending ) {
		return (
			<LoadingState label={ __( 'Loading plugins…', 'userfeedback' ) } />
		);
	}
	if ( query.isError ) {
		return (
			<QueryError
				error={ query.error }
				onRetry={ () => query.refetch() }
			/>
		);
	}
	const { can_install: canInstall, can_activate: canActivate } = query.data;
	const bySlug = new Map(
		query.data.plugins.map( ( plugin ) => [ plugin.slug, plugin ] )
	);
	return (
		<div className={ className }>
			{ plugins.map( ( { slug, description } ) => {
				const plugin = bySlug.get( slug );
				return (
					plugin && (
						<PluginCard
							key={ slug }
							plugin={ plugin }
							description={ description }
							canInstall={ canInstall }
							canActivate={ canActivate }
							layout={ layout }
						/>
					)
				);
			} ) }
		</div>
	);
}
