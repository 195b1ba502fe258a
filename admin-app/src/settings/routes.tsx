import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { NotFound, TabNav } from '../shared/components';
import { GeneralSettings } from './general/GeneralSettings';
import { MiscSettings } from './MiscSettings';
import { AccessSettings } from './access/AccessSettings';
import { EmailSettings } from './email/EmailSettings';
import { IntegrationsSettings } from './integrations/IntegrationsSettings';
import { WidgetSettings } from './widget/WidgetSettings';
import { AiSettings } from './ai/AiSettings';
import { WebhooksSettings } from './webhooks/WebhooksSettings';

function SettingsLayout() {
	return (
		<>
			<TabNav
				label={ __( 'Settings sections', 'userfeedback' ) }
				tabs={ [
					{ to: 'general', label: __( 'General', 'userfeedback' ) },
					{ to: 'widget', label: __( 'Widget', 'userfeedback' ) },
					{ to: 'email', label: __( 'Email', 'userfeedback' ) },
					{
						to: 'integrations',
						label: __( 'Integrations', 'userfeedback' ),
					},
					{ to: 'access', label: __( 'Access', 'userfeedback' ) },
					{ to: 'ai', label: __( 'AI Summaries', 'userfeedback' ) },
					{ to: 'webhooks', label: __( 'Webhooks', 'userfeedback' ) },
					{ to: 'misc', label: __( 'Misc', 'userfeedback' ) },
				] }
			/>
			<Outlet />
		</>
	);
}

export const routes: RouteObject[] = [
	{
		element: <SettingsLayout />,
		children: [
			{ index: true, element: <Navigate to="general" replace /> },
			{
				path: 'general',
				id: 'settings-general',
				element: <GeneralSettings />,
			},
			{
				path: 'widget',
				id: 'settings-widget',
				element: <WidgetSettings />,
			},
			{
				path: 'email',
				id: 'settings-email',
				element: <EmailSettings />,
			},
			{
				path: 'integrations',
				id: 'settings-integrations',
				element: <IntegrationsSettings />,
			},
			{
				path: 'access',
				id: 'settings-access',
				element: <AccessSettings />,
			},
			{
				path: 'ai',
				id: 'settings-ai',
				element: <AiSettings />,
			},
			{
				path: 'webhooks',
				id: 'settings-webhooks',
				element: <WebhooksSettings />,
			},
			{
				path: 'misc',
				id: 'settings-misc',
				element: <MiscSettings />,
			},
			{ path: '*', element: <NotFound /> },
		],
	},
];
