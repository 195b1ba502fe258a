/**
 * The Addons screen (route addons): every addon with its status and button, a
 * search by title, and the notices about the edition, the licence and the store.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Notice, SearchControl } from '@wordpress/components';
import { createInterpolateElement } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import {
	EmptyState,
	LoadingState,
	Page,
	QueryError,
} from '../shared/components';
import { AjaxError } from '../shared/api';
import { adminUrl } from '../shared/config';
import { useConfig } from '../shared/context';
import { ajaxData } from '../shared/license';
import type { AddonsList } from '../shared/types';
import { upgradeUrl } from '../shared/upgrade';
import { AddonCard, addonsQueryKey } from './AddonCard';
import { filterAddons, type AddonSite } from './addonButton';

import './addons.scss';

export function useAddons() {
	const { ajax: target } = useConfig();
	return useQuery( {
		queryKey: addonsQueryKey,
		queryFn: () =>
			ajaxData< AddonsList >( 'userfeedback_get_addons', {}, target ),
		// A refusal is the server's answer; only a call that got none is retried.
		retry: ( failureCount, error ) =>
			! ( error instanceof AjaxError ) && failureCount < 2,
	} );
}

function EditionNotices() {
	const config = useConfig();
	const { is_pro: isPro, is_licensed: isLicensed } = config.entitlements;

	if ( ! isPro ) {
		return (
			<Notice status="warning" isDismissible={ false }>
				<p>
					{ createInterpolateElement(
						__(
							'Addons are available with UserFeedback Pro. <a>Upgrade to Pro</a> to install and activate them.',
							'userfeedback'
						),
						{
							a: (
								// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text is interpolated.
								<a
									href={ upgradeUrl(
										{
											medium: 'addons',
											campaign: 'pro-required',
										},
										config
									) }
									target="_blank"
									rel="noopener noreferrer"
								/>
							),
						}
					) }
				</p>
			</Notice>
		);
	}
	if ( ! isLicensed ) {
		const settings = adminUrl(
			config,
			( config.urls.pages.settings ?? config.urls.settings ) + '#/general'
		);
		return (
			<Notice status="warning" isDismissible={ false }>
				<p>
					{ createInterpolateElement(
						__(
							'Please <a>enter a valid license key</a> in Settings > General to install and activate addons.',
							'userfeedback'
						),
						{
							// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text is interpolated.
							a: <a href={ settings } />,
						}
					) }
				</p>
			</Notice>
		);
	}
	return null;
}

function AddonsGrid( { list }: { list: AddonsList } ) {
	const { entitlements } = useConfig();
	const [ search, setSearch ] = useState( '' );
	const site: AddonSite = {
		entitlements,
		can_install: list.can_install,
		can_activate: list.can_activate,
	};
	const shown = filterAddons( list.addons, search );

	return (
		<>
			{ list.store_error && (
				<Notice status="warning" isDismissible={ false }>
					<p>{ list.store_error }</p>
				</Notice>
			) }
			<div className="userfeedback-addons__search">
				<SearchControl
					__nextHasNoMarginBottom
					label={ __( 'Search Addons', 'userfeedback' ) }
					placeholder={ __( 'Search Addons', 'userfeedback' ) }
					value={ search }
					onChange={ setSearch }
				/>
			</div>
			{ list.addons.length === 0 && (
				<EmptyState
					title={ __( 'No addons are available.', 'userfeedback' ) }
				/>
			) }
			{ list.addons.length > 0 && shown.length === 0 && (
				<EmptyState
					title={ __( 'No results found', 'userfeedback' ) }
				/>
			) }
			{ shown.length > 0 && (
				<div className="userfeedback-addons__grid">
					{ shown.map( ( addon ) => (
						<AddonCard
							key={ addon.slug }
							addon={ addon }
							site={ site }
						/>
					) ) }
				</div>
			) }
		</>
	);
}

export function AddonsScreen() {
	const addons = useAddons();
	let content;
	if ( addons.isPending ) {
		content = (
			<LoadingState label={ __( 'Loading addons…', 'userfeedback' ) } />
		);
	} else if ( addons.isError ) {
		content = (
			<QueryError
				error={ addons.error }
				onRetry={ () => addons.refetch() }
			/>
		);
	} else {
		content = <AddonsGrid list={ addons.data } />;
	}
	return (
		<Page title={ __( 'UserFeedback Addons', 'userfeedback' ) }>
			<div className="userfeedback-addons">
				<EditionNotices />
				{ content }
			</div>
		</Page>
	);
}
