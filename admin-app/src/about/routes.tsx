import { Outlet, type RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ComingSoon, NotFound, TabNav, type Tab } from '../shared/components';
import type { AppConfig } from '../shared/types';

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
			element: <ComingSoon title={ __( 'About Us', 'userfeedback' ) } />,
		},
		{
			path: 'getting-started',
			id: 'getting-started',
			element: (
				<ComingSoon title={ __( 'Getting Started', 'userfeedback' ) } />
			),
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
			element: (
				<ComingSoon title={ __( 'Lite vs Pro', 'userfeedback' ) } />
			),
		} );
	}
	children.push( { path: '*', element: <NotFound /> } );
	return [ { element: <AboutLayout tabs={ tabs } />, children } ];
}
