import { Link } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import type { Column } from '../../shared/components/table/types';
import { formatDate } from '../../shared/date';
import type { AppConfig, OverviewSurvey } from '../../shared/types';
import type { NumberFormats } from '../../shared/format';
import { surveyTitle } from '../survey/SurveySwitcher';
import { rateFormat } from '../funnel/format';

export function statusLabel( status: OverviewSurvey[ 'status' ] ): string {
	switch ( status ) {
		case 'publish':
			return __( 'Published', 'userfeedback' );
		case 'trash':
			return __( 'Trash', 'userfeedback' );
		default:
			return __( 'Draft', 'userfeedback' );
	}
}

/**
 * The overview's surveys table: Title, Status, Created, All Time, the range's count,
 * the range's completion rate and View Results.
 *
 * @param config     The page config (date format, time zone).
 * @param format     Number formats.
 * @param rangeTitle The range column's title, e.g. 'Past 7 Days'.
 */
export function overviewColumns(
	config: AppConfig,
	format: NumberFormats,
	rangeTitle: string
): Column< OverviewSurvey >[] {
	const rate = rateFormat( config.site.locale );
	return [
		{
			key: 'title',
			title: __( 'Title', 'userfeedback' ),
			sortable: true,
			isRowTitle: true,
			render: ( survey ) => (
				<strong>
					<Link className="row-title" to={ `/survey/${ survey.id }` }>
						{ surveyTitle( survey ) }
					</Link>
				</strong>
			),
		},
		{
			key: 'status',
			title: __( 'Status', 'userfeedback' ),
			sortable: true,
			render: ( survey ) => (
				<span className={ `userfeedback-status is-${ survey.status }` }>
					{ statusLabel( survey.status ) }
				</span>
			),
		},
		{
			key: 'created_at',
			title: __( 'Created', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( survey ) => (
				<time dateTime={ survey.created_at }>
					{ formatDate(
						survey.created_at,
						config.site.date_format || 'F j, Y',
						config.site
					) }
				</time>
			),
		},
		{
			key: 'responses_count',
			title: __( 'All Time', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			render: ( survey ) => format.count( survey.responses_count ),
		},
		{
			key: 'range_responses_count',
			title: rangeTitle,
			sortable: true,
			firstSort: 'desc',
			render: ( survey ) => format.count( survey.range_responses_count ),
		},
		{
			key: 'completion_rate',
			title: __( 'Completion rate', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			className: 'userfeedback-results__rate',
			render: ( survey ) => rate( survey.completion_rate ),
		},
		{
			title: __( 'Actions', 'userfeedback' ),
			render: ( survey ) => (
				<Link
					to={ `/survey/${ survey.id }` }
					aria-label={ sprintf(
						/* translators: %s: survey title. */
						__( 'View results of “%s”', 'userfeedback' ),
						surveyTitle( survey )
					) }
				>
					{ __( 'View Results', 'userfeedback' ) }
				</Link>
			),
		},
	];
}
