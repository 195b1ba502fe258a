/**
 * One addon of the Addons screen: icon, title, excerpt, status and the one button
 * addonButton() picks (install → activate, activate, deactivate, or a link).
 */
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, VisuallyHidden } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { queryKeys } from '../shared/query';
import { adminUrl } from '../shared/config';
import { useConfig } from '../shared/context';
import { ajaxData, errorText, reloadSoon } from '../shared/license';
import { notify } from '../shared/notices';
import type { Addon, AddonActionResult, AddonsList } from '../shared/types';
import { upgradeUrl } from '../shared/upgrade';
import { useBusyAction } from '../shared/useBusyAction';
import {
	addonButton,
	addonStatus,
	busyFor,
	type AddonBusy,
	type AddonSite,
	type AddonStatus,
} from './addonButton';

export const addonsQueryKey = queryKeys.addons;

function statusLabel( status: AddonStatus ): string {
	switch ( status ) {
		case 'active':
			return __( 'Active', 'userfeedback' );
		case 'not-active':
			return __( 'Not Active', 'userfeedback' );
		case 'not-installed':
			return __( 'Not Installed', 'userfeedback' );
		case 'upgrade-required':
			return __( 'Upgrade Required', 'userfeedback' );
	}
}

function busyLabel( busy: AddonBusy ): string {
	switch ( busy ) {
		case 'installing':
			return __( 'Installing…', 'userfeedback' );
		case 'activating':
			return __( 'Activating…', 'userfeedback' );
		case 'deactivating':
			return __( 'Deactivating…', 'userfeedback' );
	}
}

function failureText( busy: AddonBusy ): string {
	switch ( busy ) {
		case 'installing':
			return __(
				'There was an error installing the addon',
				'userfeedback'
			);
		case 'activating':
			return __(
				'There was an error activating the addon',
				'userfeedback'
			);
		case 'deactivating':
			return __(
				'There was an error deactivating the addon',
				'userfeedback'
			);
	}
}

/** The server's message, with its detail (the upgrader's reason) when it gave one. */
function actionError( error: unknown, fallback: string ): string {
	const text = errorText( error, fallback );
	const data = ( error as { data?: unknown } | null )?.data;
	const detail =
		typeof data === 'object' && data !== null
			? ( data as { detail?: unknown } ).detail
			: undefined;
	return typeof detail === 'string' && detail && detail !== text
		? `${ text }: ${ detail }`
		: text;
}

/** A failed step of an addon action, so the toast names the step that failed. */
class StepError extends Error {
	readonly step: AddonBusy;
	readonly reason: unknown;

	constructor( reason: unknown, step: AddonBusy ) {
		super( reason instanceof Error ? reason.message : String( reason ) );
		this.name = 'StepError';
		this.step = step;
		this.reason = reason;
	}
}

function NewTab() {
	return (
		<VisuallyHidden as="span">
			{
				/* translators: accessibility text. */
				__( '(opens in a new tab)', 'userfeedback' )
			}
		</VisuallyHidden>
	);
}

export function AddonCard( {
	addon,
	site,
}: {
	addon: Addon;
	site: AddonSite;
} ) {
	const config = useConfig();
	const queryClient = useQueryClient();
	const headingId = useId();
	const { busy, setBusy, run: runBusy } = useBusyAction< AddonBusy >();

	const button = addonButton( addon, site );
	const status = addonStatus( addon, button );

	const store = ( next: Addon | undefined ) => {
		if ( ! next ) {
			return;
		}
		queryClient.setQueryData< AddonsList >( addonsQueryKey, ( list ) =>
			list
				? {
						...list,
						addons: list.addons.map( ( item ) =>
							item.slug === next.slug ? next : item
						),
					}
				: list
		);
	};

	const call = async (
		step: AddonBusy,
		action: string,
		plugin: string
	): Promise< AddonActionResult > => {
		setBusy( step );
		try {
			return await ajaxData< AddonActionResult >(
				action,
				{ plugin, nonce: config.ajax.install_nonce },
				config.ajax
			);
		} catch ( error ) {
			throw new StepError( error, step );
		}
	};

	const run = async () => {
		const first = busyFor( button );
		if ( ! first ) {
			return;
		}
		await runBusy( async () => {
			try {
				if ( button === 'deactivate' ) {
					const result = await call(
						'deactivating',
						'userfeedback_deactivate_addon',
						addon.basename
					);
					store( result?.addon );
					notify.success(
						result?.message || __( 'Success', 'userfeedback' )
					);
					return;
				}
				let basename = addon.basename;
				if ( button === 'install' ) {
					const installed = await call(
						'installing',
						'userfeedback_install_addon',
						addon.url
					);
					store( installed?.addon );
					basename = installed?.addon?.basename || basename;
					if ( ! site.can_activate ) {
						notify.success(
							installed?.message ||
								__( 'Success', 'userfeedback' )
						);
						return;
					}
				}
				const activated = await call(
					'activating',
					'userfeedback_activate_addon',
					basename
				);
				store( activated?.addon );
				notify.success(
					activated?.message || __( 'Success', 'userfeedback' )
				);
				reloadSoon();
			} catch ( error ) {
				const step = error instanceof StepError ? error.step : first;
				const cause = error instanceof StepError ? error.reason : error;
				notify.error( actionError( cause, failureText( step ) ) );
			}
		} );
	};

	const settingsGeneral = adminUrl(
		config,
		( config.urls.pages.settings ?? config.urls.settings ) + '#/general'
	);

	let action = null;
	switch ( button ) {
		case 'redirect':
			action = (
				<Button
					variant="secondary"
					href={ addon.redirect }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ __( 'Learn More', 'userfeedback' ) }
					<NewTab />
				</Button>
			);
			break;
		case 'upgrade':
			action = (
				<Button
					variant="primary"
					href={ upgradeUrl(
						{ medium: 'addons', campaign: addon.slug },
						config
					) }
					target="_blank"
					rel="noopener noreferrer"
				>
					{ __( 'Upgrade Now', 'userfeedback' ) }
					<NewTab />
				</Button>
			);
			break;
		case 'activate-license':
			action = (
				<Button variant="secondary" href={ settingsGeneral }>
					{ __( 'Activate License', 'userfeedback' ) }
				</Button>
			);
			break;
		case 'install':
		case 'activate':
		case 'deactivate': {
			const labels = {
				install: __( 'Install Addon', 'userfeedback' ),
				activate: __( 'Activate', 'userfeedback' ),
				deactivate: __( 'Deactivate', 'userfeedback' ),
			};
			action = (
				<Button
					variant={
						button === 'deactivate' ? 'secondary' : 'primary'
					}
					disabled={ busy !== null }
					isBusy={ busy !== null }
					onClick={ run }
				>
					{ busy ? busyLabel( busy ) : labels[ button ] }
				</Button>
			);
			break;
		}
	}

	return (
		<article
			className={ `userfeedback-addon is-${ status }` }
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-addon__body">
				{ addon.icon && (
					<img
						className="userfeedback-addon__icon"
						src={ addon.icon }
						alt=""
						width={ 48 }
						height={ 48 }
					/>
				) }
				<div>
					<h3 id={ headingId } className="userfeedback-addon__title">
						{ addon.title }
					</h3>
					<p className="userfeedback-addon__excerpt">
						{ addon.excerpt }
					</p>
				</div>
			</div>
			<div className="userfeedback-addon__footer">
				<p className="userfeedback-addon__status">
					{ __( 'Status:', 'userfeedback' ) }{ ' ' }
					<span>{ statusLabel( status ) }</span>
				</p>
				{ action }
			</div>
		</article>
	);
}
