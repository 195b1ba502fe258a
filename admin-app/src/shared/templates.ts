/**
 * Survey templates (GET surveys/templates) and which of them this site may use: the
 * builder's setup step and the welcome wizard offer them.
 */
import { __, sprintf } from '@wordpress/i18n';

import { addonLabel } from './addons';
import type { Entitlements, SurveyTemplate } from './types';

export { useTemplates } from './surveys';

/**
 * Why a template cannot be chosen, or null when it can.
 *
 * @param template     The template.
 * @param entitlements The site's entitlements.
 */
export function templateLock(
	template: SurveyTemplate,
	entitlements: Entitlements
): string | null {
	const missing = template.required_addons.filter(
		( slug ) => ! entitlements.addons[ slug ]
	);
	if ( missing.length > 0 ) {
		return sprintf(
			/* translators: %s: addon name(s), e.g. "Question Types". */
			__( 'Requires %s addon', 'userfeedback' ),
			missing.map( addonLabel ).join( ', ' )
		);
	}
	if ( ! template.is_available ) {
		return template.tier === 'pro' && ! entitlements.is_pro
			? __( 'Available in UserFeedback Pro', 'userfeedback' )
			: __( 'Not available on this site', 'userfeedback' );
	}
	return null;
}
