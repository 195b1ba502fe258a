import {
	Navigate,
	Outlet,
	useParams,
	type RouteObject,
} from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { ComingSoon, NotFound, TabNav } from '../shared/components';

function PostRatingsLayout() {
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

function PostRatingDetails() {
	const { postId } = useParams();
	return (
		<ComingSoon
			title={ sprintf(
				/* translators: %s: post id. */
				__( 'Ratings of post #%s', 'userfeedback' ),
				postId ?? ''
			) }
		/>
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
				element: (
					<ComingSoon
						title={ __( 'Post Ratings Settings', 'userfeedback' ) }
					/>
				),
			},
			{
				path: 'results',
				id: 'post-ratings-results',
				element: (
					<ComingSoon
						title={ __( 'Post Ratings Results', 'userfeedback' ) }
					/>
				),
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
