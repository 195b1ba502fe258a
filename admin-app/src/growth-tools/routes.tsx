import type { RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components';
import { GrowthTools } from './GrowthTools';
import './growth-tools.scss';

/** One child at the empty path (spec 3, "Growth Tools"). */
export const routes: RouteObject[] = [
	{
		index: true,
		id: 'growth-tools',
		element: <GrowthTools />,
	},
	{ path: '*', element: <NotFound /> },
];
