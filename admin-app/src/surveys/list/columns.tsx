import { Link } from 'react-router-dom';
import { __, _n, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../../shared/config';
import type { Column } from '../../shared/components/table/types';
import { formatDate } from '../../shared/date';
import type {
	AppConfig,
	DisplayStatus,
	SurveyListItem,
} from '../../shared/types';
import { ShortcodeField } from '../../shared/components/ShortcodeField';

export function statusLabel( status: DisplayStatus ): string {
	switch ( status ) {
		case 'publish':
			return __( 'Published', 'userfeedback' );
		case 'scheduled':
			return __( 'Scheduled', 'userfeedback' );
		case 'draft':
			return __( 'Draft', 'userfeedback' );
		case 'trash':
			return __( 'Trash', 'userfeedback' );
	}
}

export function surveyTitle( survey: Pick< SurveyListItem, 'title' > ): string {
	return survey.title || __( '(no title)', 'userfeedback' );
}

/**
 * Links into the Results page (another admin page, so full URLs, not app routes).
 *
 * @param config The page config.
 */
export function resultsLinks( config: AppConfig ) {
	const base = adminUrl(
		config,
		config.urls.pages.results ?? 'admin.php?page=userfeedback_results'
	);
	return {
		results: ( id: number ) => `${ base }#/survey/${ id }`,
		responses: ( id: number ) => `${ base }#/survey/${ id }/responses`,
	};
}

/**
 * When a scheduled survey starts, in the site's time zone and formats.
 *
 * @param props           Props.
 * @param props.publishAt RFC 3339 start.
 * @param props.config    Page config (site date settings).
 */
function StartDate( {
	publishAt,
	config,
}: {
	publishAt: string;
	config: AppConfig;
} ) {
	const format = `${ config.site.date_format || 'F j, Y' } ${
		config.site.time_format || 'g:i a'
	}`;
	return (
		<time className="userfeedback-surveys__starts" dateTime={ publishAt }>
			{ sprintf(
				/* translators: %s: the date and time a scheduled survey starts, in the site's format. */
				__( 'Starts %s', 'userfeedback' ),
				formatDate( publishAt, format, config.site )
			) }
		</time>
	);
}

/**
 * A survey that uses what the site may no longer use is not shown to visitors
 * (SurveyListItem.needs_pro): the list says so, and why.
 *
 * @param props       Props.
 * @param props.needs The features, with their names (empty: nothing).
 */
function NeedsPro( { needs }: { needs?: SurveyListItem[ 'needs_pro' ] } ) {
	if ( ! needs?.length ) {
		return null;
	}
	return (
		<span className="userfeedback-surveys__needs-pro">
			<span className="userfeedback-badge is-needs-pro">
				{ __( 'Needs Pro', 'userfeedback' ) }
			</span>{ ' ' }
			<span className="userfeedback-surveys__needs-pro-reason">
				{ sprintf(
					/* translators: %s: comma-separated feature names, e.g. "Page Targeting, Device Targeting". */
					__(
						'Hidden from visitors: it uses %s, which your plan no longer includes.',
						'userfeedback'
					),
					needs.map( ( need ) => need.label ).join( ', ' )
				) }
			</span>
		</span>
	);
}

/**
 * A published survey that takes no more answers (SurveyListItem.closed): "Closed"
 * in place of "Published", with the reason the server words
 * ('Reached 500 responses', 'Ended <date in site time>').
 *
 * @param props        Props.
 * @param props.survey The row.
 */
function ClosedStatus( { survey }: { survey: SurveyListItem } ) {
	return (
		<>
			<span className="userfeedback-status is-closed">
				{ __( 'Closed', 'userfeedback' ) }
			</span>
			{ survey.closed_label && (
				<span className="userfeedback-surveys__closed-reason">
					{ survey.closed_label }
				</span>
			) }
		</>
	);
}

/**
 * The surveys table's columns: Title, Status, Priority, Created, Shortcode, Responses.
 *
 * @param config The page config: date format, time zone, capabilities, URLs.
 */
export function surveyColumns( config: AppConfig ): Column< SurveyListItem >[] {
	const canEdit = !! config.user.capabilities.create_edit_surveys;
	const canViewResults = !! config.user.capabilities.view_results;
	const links = resultsLinks( config );

	return [
		{
			key: 'title',
			title: __( 'Title', 'userfeedback' ),
			sortable: true,
			isRowTitle: true,
			render: ( survey ) => (
				<strong>
					{ canEdit && survey.status !== 'trash' ? (
						<Link
							className="row-title"
							to={ `/edit/${ survey.id }` }
						>
							{ surveyTitle( survey ) }
						</Link>
					) : (
						<span className="row-title">
							{ surveyTitle( survey ) }
						</span>
					) }
				</strong>
			),
		},
		{
			key: 'status',
			title: __( 'Status', 'userfeedback' ),
			sortable: true,
			className: 'userfeedback-surveys__status',
			render: ( survey ) => (
				<>
					{ survey.closed && survey.display_status === 'publish' ? (
						<ClosedStatus survey={ survey } />
					) : (
						<span
							className={ `userfeedback-status is-${ survey.display_status }` }
						>
							{ statusLabel( survey.display_status ) }
						</span>
					) }
					{ survey.display_status === 'scheduled' &&
						survey.publish_at && (
							<StartDate
								publishAt={ survey.publish_at }
								config={ config }
							/>
						) }
					<NeedsPro needs={ survey.needs_pro } />
				</>
			),
		},
		{
			key: 'priority',
			title: __( 'Priority', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			className: 'userfeedback-surveys__priority',
			render: ( survey ) => ( survey.priority ?? 0 ).toLocaleString(),
		},
		{
			key: 'created_at',
			title: __( 'Created', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			className: 'userfeedback-surveys__created',
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
			key: 'shortcode',
			title: __( 'Shortcode', 'userfeedback' ),
			className: 'userfeedback-surveys__shortcode',
			render: ( survey ) => (
				<ShortcodeField
					shortcode={ survey.shortcode }
					surveyTitle={ surveyTitle( survey ) }
				/>
			),
		},
		{
			key: 'responses_count',
			title: __( 'Responses', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			className: 'userfeedback-surveys__responses',
			render: ( survey ) =>
				canViewResults ? (
					<a
						href={ links.responses( survey.id ) }
						aria-label={ sprintf(
							/* translators: 1: number of responses, 2: survey title. */
							_n(
								'%1$s response to “%2$s”',
								'%1$s responses to “%2$s”',
								survey.responses_count,
								'userfeedback'
							),
							survey.responses_count.toLocaleString(),
							surveyTitle( survey )
						) }
					>
						{ survey.responses_count.toLocaleString() }
					</a>
				) : (
					survey.responses_count.toLocaleString()
				),
		},
	];
}
