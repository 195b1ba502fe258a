import { useRef } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { notify } from '../notices';

async function copyText( text: string, input: HTMLInputElement | null ) {
	// The async clipboard API exists only on https (and localhost); many WordPress
	// admins run on plain http, where the selection and execCommand still work.
	try {
		await window.navigator.clipboard.writeText( text );
		return true;
	} catch {
		input?.select();
		try {
			return document.execCommand( 'copy' );
		} catch {
			return false;
		}
	}
}

/** The survey's shortcode in a read-only box; a click copies it. */
export function ShortcodeField( {
	shortcode,
	surveyTitle,
}: {
	shortcode: string;
	surveyTitle: string;
} ) {
	const ref = useRef< HTMLInputElement >( null );

	const copy = async () => {
		ref.current?.select();
		if ( await copyText( shortcode, ref.current ) ) {
			notify.success( __( 'Copied to Clipboard', 'userfeedback' ), {
				id: 'userfeedback-shortcode-copied',
				timeout: 3000,
			} );
		} else {
			notify.error(
				__(
					'The shortcode could not be copied. Select it and copy it with your keyboard.',
					'userfeedback'
				),
				{ id: 'userfeedback-shortcode-copied' }
			);
		}
	};

	return (
		<input
			ref={ ref }
			type="text"
			readOnly
			className="code userfeedback-shortcode"
			value={ shortcode }
			aria-label={ sprintf(
				/* translators: %s: survey title. */
				__( 'Shortcode of “%s” (click to copy)', 'userfeedback' ),
				surveyTitle
			) }
			title={ __( 'Click to copy', 'userfeedback' ) }
			onClick={ copy }
			onKeyDown={ ( event ) => {
				if ( event.key === 'Enter' ) {
					event.preventDefault();
					copy();
				}
			} }
		/>
	);
}
