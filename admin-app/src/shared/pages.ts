import { __ } from '@wordpress/i18n';

import type { PageKey } from './types';

/** The title shown in each admin page's header. */
export function pageTitle( page: PageKey ): string {
	switch ( page ) {
		case 'surveys':
			return __( 'Surveys', 'userfeedback' );
		case 'results':
			return __( 'Results', 'userfeedback' );
		case 'settings':
			return __( 'Settings', 'userfeedback' );
		case 'addons':
			return __( 'Addons', 'userfeedback' );
		case 'about':
			return __( 'About Us', 'userfeedback' );
		case 'growth-tools':
			return __( 'Growth Tools', 'userfeedback' );
		case 'post-ratings':
			return __( 'Post Ratings', 'userfeedback' );
		case 'welcome':
			return __( 'Welcome', 'userfeedback' );
	}
}
