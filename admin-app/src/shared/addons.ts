/**
 * Display names of the addons, for every screen that names one.
 */
import { __ } from '@wordpress/i18n';

import type { AddonSlug } from './types';

export function addonLabel( slug: AddonSlug ): string {
	switch ( slug ) {
		case 'behavior':
			return __( 'Behavior', 'userfeedback' );
		case 'branding':
			return __( 'Branding', 'userfeedback' );
		case 'targeting':
			return __( 'Targeting', 'userfeedback' );
		case 'templates':
			return __( 'Additional Templates', 'userfeedback' );
		case 'question-types':
			return __( 'Question Types', 'userfeedback' );
		case 'heatmaps':
			return __( 'Heatmaps', 'userfeedback' );
		case 'geo-restrictions':
			return __( 'Geo Restrictions', 'userfeedback' );
		case 'post-ratings':
			return __( 'Post Ratings', 'userfeedback' );
	}
}
