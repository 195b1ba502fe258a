/**
 * The Lite edition's licence card: connect a Pro key to upgrade in place
 * (userfeedback_connect_url), and the dismissible upgrade blurb.
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { AjaxError } from '../../shared/api';
import { useConfig } from '../../shared/context';
import {
	ajaxData,
	browser,
	errorText,
	useDismissSettingsBlurb,
	useSettingsBlurb,
} from '../../shared/license';
import { notify } from '../../shared/notices';
import type { ConnectResult } from '../../shared/types';
import { upgradeUrl } from '../../shared/upgrade';

interface ConnectFailure {
	message: string;
	reload: boolean;
}

function connectFailure( error: unknown ): ConnectFailure {
	const data = error instanceof AjaxError ? error.data : undefined;
	const reload =
		typeof data === 'object' &&
		data !== null &&
		( data as { reload?: unknown } ).reload === true;
	return { message: errorText( error, '' ), reload };
}

/**
 * Whether a URL is the current document (the hash aside).
 *
 * @param url Absolute or relative URL.
 */
function isCurrentPage( url: string ): boolean {
	try {
		const target = new URL( url, window.location.href );
		const current = new URL( window.location.href );
		target.hash = '';
		current.hash = '';
		return target.href === current.href;
	} catch {
		return false;
	}
}

export function LiteConnectCard() {
	const { ajax: target } = useConfig();
	const headingId = useId();
	const [ key, setKey ] = useState( '' );
	const [ failure, setFailure ] = useState< ConnectFailure | null >( null );

	const connect = useMutation( {
		mutationFn: ( license: string ) =>
			ajaxData< ConnectResult >(
				'userfeedback_connect_url',
				{ key: license },
				target
			),
		onSuccess: ( result ) => {
			if ( result?.message ) {
				notify.success( result.message );
			}
			// Going to the page we are on only changes the hash: reload it instead.
			if (
				result?.url &&
				! ( result.reload && isCurrentPage( result.url ) )
			) {
				browser.assign( result.url );
			} else {
				browser.reload();
			}
		},
		onError: ( error ) => setFailure( connectFailure( error ) ),
	} );

	const closeFailure = () => {
		const reload = failure?.reload;
		setFailure( null );
		if ( reload ) {
			browser.reload();
		}
	};

	const trimmed = key.trim();

	return (
		<section
			className="userfeedback-card userfeedback-license"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ __( 'License Key', 'userfeedback' ) }
			</h3>
			<p>
				{ __(
					'You’re using UserFeedback Lite – no license needed. Enjoy!',
					'userfeedback'
				) }
			</p>
			<p className="userfeedback-card__help">
				{ __(
					'Already purchased? Enter your license key to connect with UserFeedback PRO and unlock every feature.',
					'userfeedback'
				) }
			</p>
			<form
				className="userfeedback-license__form"
				onSubmit={ ( event ) => {
					event.preventDefault();
					if ( trimmed && ! connect.isPending ) {
						connect.mutate( trimmed );
					}
				} }
			>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'License Key', 'userfeedback' ) }
					value={ key }
					onChange={ setKey }
					autoComplete="off"
					spellCheck={ false }
				/>
				<div className="userfeedback-license__actions">
					<Button
						variant="primary"
						type="submit"
						__next40pxDefaultSize
						disabled={ trimmed === '' || connect.isPending }
						isBusy={ connect.isPending }
					>
						{ __( 'Unlock PRO Features Now', 'userfeedback' ) }
					</Button>
				</div>
			</form>
			{ failure && (
				<Modal
					title={ __( 'UserFeedback PRO', 'userfeedback' ) }
					role="alertdialog"
					size="small"
					onRequestClose={ closeFailure }
				>
					<p>
						{ __(
							'There was an error unlocking UserFeedback PRO please try again or install manually.',
							'userfeedback'
						) }
					</p>
					{ failure.message && <p>{ failure.message }</p> }
					<Button variant="primary" onClick={ closeFailure }>
						{ __( 'Ok', 'userfeedback' ) }
					</Button>
				</Modal>
			) }
		</section>
	);
}

/** The Lite upgrade offer, until the admin closes it (remembered on the server). */
export function LiteBlurb() {
	const config = useConfig();
	const blurb = useSettingsBlurb( ! config.entitlements.is_pro );
	const dismiss = useDismissSettingsBlurb();
	const headingId = useId();

	if ( ! blurb.data?.show ) {
		return null;
	}
	return (
		<section
			className="userfeedback-card userfeedback-blurb"
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-blurb__header">
				<h3 id={ headingId } className="userfeedback-card__title">
					{ __( 'Upgrade to UserFeedback PRO', 'userfeedback' ) }
				</h3>
				<Button
					icon="no-alt"
					size="small"
					label={ __( 'Dismiss the upgrade offer', 'userfeedback' ) }
					onClick={ () => dismiss.mutate() }
				/>
			</div>
			<p>
				{ __(
					'Unlock advanced question types, targeting, branding, unlimited results and more. As a valued UserFeedback Lite user you receive 50% off, automatically applied at checkout!',
					'userfeedback'
				) }
			</p>
			<Button
				variant="primary"
				href={ upgradeUrl(
					{ medium: 'settings-general', campaign: 'lite-blurb' },
					config
				) }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ __( 'Upgrade to PRO and save 50%', 'userfeedback' ) }
			</Button>
		</section>
	);
}
