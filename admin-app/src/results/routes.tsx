import { useParams, type RouteObject } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { ComingSoon, NotFound } from '../shared/components';

function SurveyResults() {
	const { id } = useParams();
	return (
		<ComingSoon
			title={ sprintf(
				/* translators: %s: survey id. */
				__( 'Results of survey #%s', 'userfeedback' ),
				id ?? ''
			) }
		/>
	);
}

function SurveyResponses() {
	const { id } = useParams();
	return (
		<ComingSoon
			title={ sprintf(
				/* translators: %s: survey id. */
				__( 'Responses to survey #%s', 'userfeedback' ),
				id ?? ''
			) }
		/>
	);
}

function SingleResponse() {
	const { id } = useParams();
	return (
		<ComingSoon
			title={ sprintf(
				/* translators: %s: response id. */
				__( 'Response #%s', 'userfeedback' ),
				id ?? ''
			) }
		/>
	);
}

export const routes: RouteObject[] = [
	{
		index: true,
		id: 'results-overview',
		element: <ComingSoon title={ __( 'Results', 'userfeedback' ) } />,
	},
	{ path: 'survey/:id', id: 'survey-results', element: <SurveyResults /> },
	{
		path: 'survey/:id/responses',
		id: 'survey-responses',
		element: <SurveyResponses />,
	},
	{
		path: 'survey/:surveyId/responses/:id',
		id: 'survey-response',
		element: <SingleResponse />,
	},
	{ path: '*', element: <NotFound /> },
];
