import type { RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components';
import { WelcomeWizard } from './WelcomeWizard';

import './welcome.scss';

/**
 * The welcome screen (admin.php?page=userfeedback_welcome): the setup wizard, at the
 * page's root and at #/welcome (spec 3, "Welcome").
 */
export const routes: RouteObject[] = [
	{ index: true, id: 'welcome', element: <WelcomeWizard /> },
	{ path: 'welcome', element: <WelcomeWizard /> },
	{ path: '*', element: <NotFound /> },
];
