/**
 * Tracking: the enable_tracking toggle, its default from the analytics plugin, and
 * the offer to install or activate that plugin.
 */
import { useEffect, useState } from 'react';
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import {
	installAnalytics,
	trackingDefault,
	type AnalyticsPlugin,
	type InstallAnalytics,
} from './analytics';

/**
 * Answers already used for the default. The frame hands down the same object (the
 * cached answer about the plugin) on every visit to the step, so the default is
 * applied once per answer, not again each time the user comes back to the step.
 */
const defaulted = new WeakSet< AnalyticsPlugin >();

export function TrackingCard( {
	enabled,
	onChange,
	analytics,
	onInstallAnalytics,
	applyDefault = true,
}: {
	enabled: boolean;
	onChange: ( enabled: boolean ) => void;
	analytics?: AnalyticsPlugin;
	onInstallAnalytics?: InstallAnalytics;
	/** Off for a saved survey: its tracking choice is the admin's, not the plugin's. */
	applyDefault?: boolean;
} ) {
	const [ busy, setBusy ] = useState( false );

	useEffect( () => {
		if ( ! analytics || ! applyDefault || defaulted.has( analytics ) ) {
			return;
		}
		defaulted.add( analytics );
		const next = trackingDefault( analytics );
		if ( next !== enabled ) {
			onChange( next );
		}
		// Once per answer about the plugin; later toggles are the user's.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ analytics ] );

	const offer =
		analytics && onInstallAnalytics && ! trackingDefault( analytics );

	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Tracking', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Enable Tracking', 'userfeedback' ) }
					help={ __(
						'Send survey views and responses to Google Analytics as events.',
						'userfeedback'
					) }
					checked={ enabled }
					onChange={ onChange }
				/>
				{ offer && (
					<p className="userfeedback-tracking__offer">
						{ sprintf(
							/* translators: %s: plugin name. */
							__(
								'Tracking needs %s to be installed and active.',
								'userfeedback'
							),
							analytics.name
						) }{ ' ' }
						<Button
							variant="secondary"
							isBusy={ busy }
							disabled={ busy }
							onClick={ async () => {
								setBusy( true );
								await installAnalytics(
									analytics,
									onInstallAnalytics
								);
								// The page reloads after activation; a failed
								// install leaves the button to try again.
								setBusy( false );
							} }
						>
							{ analytics.installed
								? sprintf(
										/* translators: %s: plugin name. */
										__( 'Activate %s', 'userfeedback' ),
										analytics.name
									)
								: sprintf(
										/* translators: %s: plugin name. */
										__( 'Install %s', 'userfeedback' ),
										analytics.name
									) }
						</Button>
					</p>
				) }
			</CardBody>
		</Card>
	);
}
