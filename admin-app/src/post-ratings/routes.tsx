import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { NotFound, TabNav } from '../shared/components';
import { useFeature } from '../shared/gating';
import { PostRatingsGate } from './PostRatingsGate';
import { PostRatingDetails } from './results/PostRatingDetails';
import { PostRatingsResults } from './results/PostRatingsResults';
import { PostRatingsSettings } from './settings/PostRatingsSettings';

import './post-ratings.scss';

/**
 * The tabs and the screen, or the feature's gate when the site may not use post
 * ratings: then no screen mounts, so no REST call is made (the server would refuse
 * them with 403 anyway).
 */
function PostRatingsLayout() {
	const gate = useFeature( 'post_ratings' );
	if ( ! gate.allowed ) {
		return <PostRatingsGate gate={ gate } />;
	}
	return (
		<>
			<TabNav
				label={ __( 'Post ratings sections', 'userfeedback' ) }
				tabs={ [
					{ to: 'settings', label: __( 'Settings', 'userfeedback' ) },
					{ to: 'results', label: __( 'Results', 'userfeedback' ) },
				] }
			/>
			<Outlet />
		</>
	);
}

export const routes: RouteObject[] = [
	{
		element: <PostRatingsLayout />,
		children: [
			{ index: true, element: <Navigate to="settings" replace /> },
			{
				path: 'settings',
				id: 'post-ratings-settings',
				element: <PostRatingsSettings />,
			},
			{
				path: 'results',
				id: 'post-ratings-results',
				element: <PostRatingsResults />,
			},
			{
				path: 'results/:postId',
				id: 'post-ratings-details',
				element: <PostRatingDetails />,
			},
			{ path: '*', element: <NotFound /> },
		],
	},
];
