/**
 * One licence of the Pro edition (the site's, or the network's on multisite): the key
 * field with debounced verification, Verify / Refresh / Deactivate, and the notice the
 * stored licence calls for.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Notice, TextControl } from '@wordpress/components';
import { createInterpolateElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import {
	VERIFY_DEBOUNCE_MS,
	licenseProblem,
	licenseTypeLabel,
	useLicenseAction,
	type LicenseAction,
} from '../../shared/license';
import type { LicenseState } from '../../shared/types';

export interface LicenseCardProps {
	title: string;
	fieldLabel: string;
	/** The licence as stored on the server. */
	stored: LicenseState;
	/** Acts on the network licence (network: '1'). */
	network: boolean;
	renewUrl: string;
	/** A line under the field, e.g. that the site uses the network licence. */
	help?: string;
}

export function LicenseProblemNotice( {
	license,
	renewUrl,
}: {
	license: LicenseState;
	renewUrl: string;
} ) {
	const problem = licenseProblem( license );
	if ( ! problem ) {
		return null;
	}
	let text;
	if ( problem === 'expired' ) {
		text = createInterpolateElement(
			__(
				'Your license key for UserFeedback has expired. Please <a>click here</a> to renew your license key.',
				'userfeedback'
			),
			{
				a: (
					// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text is interpolated.
					<a
						href={ renewUrl }
						target="_blank"
						rel="noopener noreferrer"
					/>
				),
			}
		);
	} else if ( problem === 'disabled' ) {
		text = __(
			'Your license key for UserFeedback has been disabled. Please use a different key.',
			'userfeedback'
		);
	} else {
		text = __(
			'Your license key for UserFeedback is invalid. The key no longer exists or the user associated with the key has been deleted. Please use a different key.',
			'userfeedback'
		);
	}
	return (
		<Notice status="error" isDismissible={ false }>
			<p>{ text }</p>
		</Notice>
	);
}

export function LicenseCard( {
	title,
	fieldLabel,
	stored,
	network,
	renewUrl,
	help,
}: LicenseCardProps ) {
	const headingId = useId();
	const [ key, setKey ] = useState( stored.key );
	const action = useLicenseAction();
	const pending = useRef< ReturnType< typeof setTimeout > >();

	useEffect( () => () => clearTimeout( pending.current ), [] );

	const run = ( name: LicenseAction, license?: string ) => {
		clearTimeout( pending.current );
		action.mutate( { action: name, license, network } );
	};

	const verify = ( value: string ) => {
		clearTimeout( pending.current );
		const trimmed = value.trim();
		if ( trimmed ) {
			run( 'verify', trimmed );
		}
	};

	const onChange = ( value: string ) => {
		setKey( value );
		clearTimeout( pending.current );
		if ( value.trim() ) {
			pending.current = setTimeout(
				() => verify( value ),
				VERIFY_DEBOUNCE_MS
			);
		}
	};

	const busy = ( name: LicenseAction ) =>
		action.isPending && action.variables?.action === name;
	const hasStoredKey = stored.key !== '';
	const problem = licenseProblem( stored );

	return (
		<section
			className="userfeedback-card userfeedback-license"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ title }
			</h3>
			<LicenseProblemNotice license={ stored } renewUrl={ renewUrl } />
			{ hasStoredKey && stored.type && ! problem && (
				<p className="userfeedback-license__type">
					{ sprintf(
						/* translators: %s: licence type, e.g. Pro. */
						__( 'Your license type is %s', 'userfeedback' ),
						licenseTypeLabel( stored.type )
					) }
				</p>
			) }
			<form
				className="userfeedback-license__form"
				onSubmit={ ( event ) => {
					event.preventDefault();
					verify( key );
				} }
			>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ fieldLabel }
					value={ key }
					onChange={ onChange }
					autoComplete="off"
					spellCheck={ false }
					help={ help }
				/>
				<div className="userfeedback-license__actions">
					<Button
						variant="primary"
						type="submit"
						__next40pxDefaultSize
						disabled={ key.trim() === '' || action.isPending }
						isBusy={ busy( 'verify' ) }
					>
						{ __( 'Verify Key', 'userfeedback' ) }
					</Button>
					{ hasStoredKey && (
						<Button
							variant="secondary"
							__next40pxDefaultSize
							disabled={ action.isPending }
							isBusy={ busy( 'validate' ) }
							onClick={ () => run( 'validate' ) }
						>
							{ __( 'Refresh Key', 'userfeedback' ) }
						</Button>
					) }
					{ hasStoredKey && stored.type && (
						<Button
							variant="secondary"
							isDestructive
							__next40pxDefaultSize
							disabled={ action.isPending }
							isBusy={ busy( 'deactivate' ) }
							onClick={ () => run( 'deactivate', stored.key ) }
						>
							{ __( 'Deactivate Key', 'userfeedback' ) }
						</Button>
					) }
				</div>
			</form>
		</section>
	);
}
