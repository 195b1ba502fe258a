import {
	Navigate,
	Outlet,
	useParams,
	type RouteObject,
} from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { ComingSoon, NotFound, TabNav, type Tab } from '../shared/components';

type BuilderMode = 'new' | 'edit';

function steps( mode: BuilderMode ): Tab[] {
	const all: Tab[] = [
		{ to: 'setup', label: __( 'Setup', 'userfeedback' ) },
		{ to: 'questions', label: __( 'Questions', 'userfeedback' ) },
		{ to: 'settings', label: __( 'Settings', 'userfeedback' ) },
		{ to: 'notifications', label: __( 'Workflow', 'userfeedback' ) },
		{ to: 'publish', label: __( 'Publish', 'userfeedback' ) },
	];
	// Templates are chosen once, when the survey is created.
	return mode === 'new' ? all : all.slice( 1 );
}

function BuilderLayout( { mode }: { mode: BuilderMode } ) {
	return (
		<>
			<TabNav
				label={ __( 'Survey builder steps', 'userfeedback' ) }
				tabs={ steps( mode ) }
			/>
			<Outlet />
		</>
	);
}

function EditTitle( { step }: { step: string } ) {
	const { id } = useParams();
	return (
		<ComingSoon
			title={ sprintf(
				/* translators: 1: builder step, 2: survey id. */
				__( '%1$s: survey #%2$s', 'userfeedback' ),
				step,
				id ?? ''
			) }
		/>
	);
}

function builderChildren( mode: BuilderMode ): RouteObject[] {
	const stepTitles: Record< string, string > = {
		setup: __( 'Select a Template', 'userfeedback' ),
		questions: __( 'Questions', 'userfeedback' ),
		settings: __( 'Settings', 'userfeedback' ),
		notifications: __( 'Workflow', 'userfeedback' ),
		publish: __( 'Publish', 'userfeedback' ),
	};
	return [
		{
			index: true,
			element: (
				<Navigate
					to={ mode === 'new' ? 'setup' : 'questions' }
					replace
				/>
			),
		},
		...steps( mode ).map( ( step ) => ( {
			path: step.to,
			id: `${ mode }-survey-${ step.to }`,
			element:
				mode === 'new' ? (
					<ComingSoon title={ stepTitles[ step.to ] } />
				) : (
					<EditTitle step={ stepTitles[ step.to ] } />
				),
		} ) ),
	];
}

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'surveys-index',
		element: <ComingSoon title={ __( 'Surveys', 'userfeedback' ) } />,
	},
	{
		path: 'new',
		id: 'surveys-new',
		element: <BuilderLayout mode="new" />,
		children: builderChildren( 'new' ),
	},
	{
		path: 'edit/:id',
		id: 'surveys-edit',
		element: <BuilderLayout mode="edit" />,
		children: builderChildren( 'edit' ),
	},
	{
		path: 'duplicate/:id',
		id: 'surveys-duplicate',
		element: (
			<ComingSoon title={ __( 'Duplicate Survey', 'userfeedback' ) } />
		),
	},
	{ path: '*', element: <NotFound /> },
];
