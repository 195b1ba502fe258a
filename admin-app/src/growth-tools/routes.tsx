import type { RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ComingSoon, NotFound } from '../shared/components';

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'growth-tools',
		element: <ComingSoon title={ __( 'Growth Tools', 'userfeedback' ) } />,
	},
	{ path: '*', element: <NotFound /> },
];
