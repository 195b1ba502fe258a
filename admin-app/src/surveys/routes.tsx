import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components/Page';
import { lazyChunk } from '../shared/lazyRoute';
import { stepsFor, type BuilderMode, type StepKey } from './builder/flow';
import { SurveysList } from './list/SurveysList';

// The list ships with the app; the builder (its frame and steps, one chunk) loads when opened.
const builder = lazyChunk(
	() =>
		import( /* webpackChunkName: "surveys-builder" */ './builder/screens' )
);
const BuilderFrame = builder( ( m ) => m.BuilderFrame );
const DuplicateSurvey = builder( ( m ) => m.DuplicateSurvey );
const SetupStep = builder( ( m ) => m.SetupStep );
const QuestionsStep = builder( ( m ) => m.QuestionsStep );
const SettingsRoute = builder( ( m ) => m.SettingsRoute );
const NotificationsRoute = builder( ( m ) => m.NotificationsRoute );
const PublishRoute = builder( ( m ) => m.PublishRoute );

const STEP_ELEMENTS: Record< StepKey, ComponentType > = {
	setup: SetupStep,
	questions: QuestionsStep,
	settings: SettingsRoute,
	notifications: NotificationsRoute,
	publish: PublishRoute,
};

function builderChildren( mode: BuilderMode ): RouteObject[] {
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
		...stepsFor( mode ).map( ( step ) => {
			const Step = STEP_ELEMENTS[ step ];
			return {
				path: step,
				id: `${ mode }-survey-${ step }`,
				element: <Step />,
			};
		} ),
	];
}

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'surveys-index',
		element: <SurveysList />,
	},
	{
		path: 'new',
		id: 'surveys-new',
		element: <BuilderFrame mode="new" />,
		children: builderChildren( 'new' ),
	},
	{
		path: 'edit/:id',
		id: 'surveys-edit',
		element: <BuilderFrame mode="edit" />,
		children: builderChildren( 'edit' ),
	},
	{
		path: 'duplicate/:id',
		id: 'surveys-duplicate',
		element: <DuplicateSurvey />,
	},
	{ path: '*', element: <NotFound /> },
];
