import { Outlet, type RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { NotFound, TabNav, type Tab } from '../shared/components';
import type { AppConfig } from '../shared/types';
import { AboutUs } from './AboutUs';
import { GettingStarted } from './GettingStarted';
import { LiteVsPro } from './LiteVsPro';
import './about.scss';

function AboutLayout( { tabs }: { tabs: Tab[] } ) {
	return (
		<>
			<TabNav
				label={ __( 'About sections', 'userfeedback' ) }
				tabs={ tabs }
			/>
			<Outlet />
		</>
	);
}

/**
 * The Lite vs Pro comparison is a sales page: Pro sites do not get the tab or the route.
 *
 * @param config Page config.
 */
export function routes( config: AppConfig ): RouteObject[] {
	const showLiteVsPro = ! config.entitlements.is_pro;
	const tabs: Tab[] = [
		{ to: '', label: __( 'About Us', 'userfeedback' ) },
		{
			to: 'getting-started',
			label: __( 'Getting Started', 'userfeedback' ),
		},
	];
	const children: RouteObject[] = [
		{
			index: true,
			id: 'about',
			element: <AboutUs />,
		},
		{
			path: 'getting-started',
			id: 'getting-started',
			element: <GettingStarted />,
		},
	];
	if ( showLiteVsPro ) {
		tabs.push( {
			to: 'lite-vs-pro',
			label: __( 'Lite vs Pro', 'userfeedback' ),
		} );
		children.push( {
			path: 'lite-vs-pro',
			id: 'lite-vs-pro',
			element: <LiteVsPro />,
		} );
	}
	children.push( { path: '*', element: <NotFound /> } );
	return [ { element: <AboutLayout tabs={ tabs } />, children } ];
}
