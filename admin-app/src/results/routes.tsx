import type { RouteObject } from 'react-router-dom';

import { NotFound } from '../shared/components';
import { lazyChunk } from '../shared/lazyRoute';

import './results.scss';

// Each screen loads with its own chunk when opened (Chart.js only with the screens that draw).
const ResultsOverview = lazyChunk(
	() =>
		import(
			/* webpackChunkName: "results-overview" */ './overview/ResultsOverview'
		)
)( ( m ) => m.ResultsOverview );
const SurveyResultsScreen = lazyChunk(
	() =>
		import(
			/* webpackChunkName: "results-survey" */ './survey/SurveyResultsScreen'
		)
)( ( m ) => m.SurveyResultsScreen );
const responses = lazyChunk(
	() => import( /* webpackChunkName: "results-responses" */ './responses' )
);
const ResponsesList = responses( ( m ) => m.ResponsesList );
const SingleResponse = responses( ( m ) => m.SingleResponse );

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
