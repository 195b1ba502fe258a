/**
 * Settings > General (route settings-general): the licence screen (Pro: the site's
 * key and, for network admins, the network's; Lite: connect a key and the upgrade
 * blurb) and the setup wizard launcher.
 */
import { useId } from 'react';
import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { LoadingState, Page, QueryError } from '../../shared/components';
import { adminUrl } from '../../shared/config';
import { useConfig } from '../../shared/context';
import { useLicense } from '../../shared/license';
import { LicenseCard } from './LicenseCard';
import { LiteBlurb, LiteConnectCard } from './LiteLicense';

import './general.scss';

function ProLicense() {
	const license = useLicense();

	if ( license.isPending ) {
		return (
			<LoadingState label={ __( 'Loading license…', 'userfeedback' ) } />
		);
	}
	if ( license.isError ) {
		return (
			<QueryError
				error={ license.error }
				onRetry={ () => license.refetch() }
			/>
		);
	}
	const info = license.data;
	const usesNetwork =
		info.site.key === '' &&
		info.network !== null &&
		info.network.key !== '';
	return (
		<>
			{ ! info.store_configured && (
				<Notice status="info" isDismissible={ false }>
					<p>
						{ __(
							'No license store is configured on this site, so license keys cannot be verified.',
							'userfeedback'
						) }
					</p>
				</Notice>
			) }
			<LicenseCard
				title={ __( 'License Key', 'userfeedback' ) }
				fieldLabel={ __( 'License Key', 'userfeedback' ) }
				stored={ info.site }
				network={ false }
				renewUrl={ info.renew_url }
				help={
					usesNetwork
						? __(
								'This site uses the network license. Enter a key here to use a license of its own.',
								'userfeedback'
							)
						: __(
								'Add your license key to activate updates and unlock the addons.',
								'userfeedback'
							)
				}
			/>
			{ info.network !== null && info.can_manage_network && (
				<LicenseCard
					title={ __( 'Network License', 'userfeedback' ) }
					fieldLabel={ __( 'Network License Key', 'userfeedback' ) }
					stored={ info.network }
					network
					renewUrl={ info.renew_url }
					help={ __(
						'Sites of the network without a key of their own use this license.',
						'userfeedback'
					) }
				/>
			) }
		</>
	);
}

function SetupWizardCard() {
	const config = useConfig();
	const headingId = useId();
	// The welcome screen's setup wizard (admin-app/src/welcome), a page without a menu entry.
	const welcome =
		config.urls.pages.welcome ?? 'admin.php?page=userfeedback_welcome';
	return (
		<section className="userfeedback-card" aria-labelledby={ headingId }>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ __( 'Setup Wizard', 'userfeedback' ) }
			</h3>
			<p className="userfeedback-card__help">
				{ __(
					'Use the setup wizard to create your first survey step by step.',
					'userfeedback'
				) }
			</p>
			<Button
				variant="secondary"
				__next40pxDefaultSize
				href={ adminUrl( config, welcome ) }
			>
				{ __( 'Launch Setup Wizard', 'userfeedback' ) }
			</Button>
		</section>
	);
}

export function GeneralSettings() {
	const { entitlements } = useConfig();
	return (
		<Page title={ __( 'General', 'userfeedback' ) }>
			{ entitlements.is_pro ? (
				<ProLicense />
			) : (
				<>
					<LiteBlurb />
					<LiteConnectCard />
				</>
			) }
			<SetupWizardCard />
		</Page>
	);
}
