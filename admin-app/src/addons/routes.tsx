import type { RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components';
import { AddonsScreen } from './AddonsScreen';

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'addons',
		element: <AddonsScreen />,
	},
	{ path: '*', element: <NotFound /> },
];
