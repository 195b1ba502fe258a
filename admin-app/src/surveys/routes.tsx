import { Navigate, type RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components/Page';
import { BuilderFrame } from './builder/BuilderFrame';
import { DuplicateSurvey } from './builder/DuplicateSurvey';
import { stepsFor, type BuilderMode, type StepKey } from './builder/flow';
import {
	NotificationsRoute,
	PublishRoute,
	SettingsRoute,
} from './builder/StepRoutes';
import { QuestionsStep } from './builder/steps/questions/QuestionsStep';
import { SetupStep } from './builder/steps/setup/SetupStep';
import { SurveysList } from './list/SurveysList';

const STEP_ELEMENTS: Record< StepKey, () => JSX.Element | null > = {
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
