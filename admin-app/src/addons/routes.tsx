import type { RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ComingSoon, NotFound } from '../shared/components';

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'addons',
		element: (
			<ComingSoon title={ __( 'UserFeedback Addons', 'userfeedback' ) } />
		),
	},
	{ path: '*', element: <NotFound /> },
];
