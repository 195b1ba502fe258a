import { Card, CardBody, CardHeader } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { siteWidgetValues } from '../../../../shared/widgetLook';
import type { Survey } from '../../../../shared/types';
import { behaviorSummary, targetingSummary, type SummaryLine } from './summary';

/** What is about to be published: title, questions, targeting, behavior. */
export function SummaryCard( {
	survey,
}: {
	survey: Pick< Survey, 'title' | 'questions' | 'settings' >;
} ) {
	const config = useConfig();
	const { locale } = config.site;
	const count = survey.questions.length;
	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Summary', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<dl className="userfeedback-summary">
					<dt>{ __( 'Title', 'userfeedback' ) }</dt>
					<dd>{ survey.title }</dd>
					<dt>{ __( 'Questions', 'userfeedback' ) }</dt>
					<dd>
						{ sprintf(
							/* translators: %d: number of questions. */
							_n(
								'%d question',
								'%d questions',
								count,
								'userfeedback'
							),
							count
						) }
					</dd>
					<dt>{ __( 'Targeting', 'userfeedback' ) }</dt>
					<dd>
						<Lines
							lines={ targetingSummary(
								survey.settings,
								locale
							) }
						/>
					</dd>
					<dt>{ __( 'Behavior', 'userfeedback' ) }</dt>
					<dd>
						<Lines
							lines={ behaviorSummary(
								survey.settings,
								siteWidgetValues( config )
									.widget_start_minimized
							) }
						/>
					</dd>
				</dl>
			</CardBody>
		</Card>
	);
}

function Lines( { lines }: { lines: SummaryLine[] } ) {
	return (
		<ul className="userfeedback-summary__lines">
			{ lines.map( ( line ) => (
				<li key={ line.label }>
					{ line.label }: { line.value }
				</li>
			) ) }
		</ul>
	);
}
