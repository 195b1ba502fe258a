import type { RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components';
import { ResultsOverview } from './overview/ResultsOverview';
import { ResponsesList, SingleResponse } from './responses';
import { SurveyResultsScreen } from './survey/SurveyResultsScreen';

import './results.scss';

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'results-overview',
		element: <ResultsOverview />,
	},
	{
		path: 'survey/:id',
		id: 'survey-results',
		element: <SurveyResultsScreen />,
	},
	{
		path: 'survey/:id/responses',
		id: 'survey-responses',
		element: <ResponsesList />,
	},
	{
		path: 'survey/:surveyId/responses/:id',
		id: 'survey-response',
		element: <SingleResponse />,
	},
	{ path: '*', element: <NotFound /> },
];
