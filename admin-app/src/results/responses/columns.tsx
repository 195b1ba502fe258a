import { Link } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import type { Column } from '../../shared/components/table/types';
import { formatDate } from '../../shared/date';
import type { AppConfig, ResponseItem, ResponseList } from '../../shared/types';
import { excerptAround, Highlighted, matchRanges } from './highlight';
import {
	answerPreview,
	answerText,
	reachedLabel,
	responseTitle,
	safePageUrl,
	statusLabel,
	truncate,
} from './format';

/**
 * A table row. The table names a row (its checkbox, its actions) by the text of the
 * row-title column's key and sorts by that same key (orderby=id): so the row's `id`
 * holds the title text ('Response #12'); the table's item id is response.id.
 */
export interface ResponseRow {
	id: string;
	response: ResponseItem;
}

export function toRows( items: ResponseItem[] | undefined ) {
	return items?.map( ( response ): ResponseRow => ( {
		id: responseTitle( response.id ),
		response,
	} ) );
}

/**
 * A moment in the site's date and time format and time zone.
 *
 * @param config The page config.
 * @param value  UTC RFC 3339.
 */
export function siteDateTime( config: AppConfig, value: string ): string {
	const format = `${ config.site.date_format || 'F j, Y' } ${
		config.site.time_format || 'g:i a'
	}`;
	return formatDate( value, format, config.site );
}

export function PageLink( {
	page,
}: {
	page: ResponseItem[ 'page_submitted' ];
} ) {
	const url = safePageUrl( page.url );
	const name = page.name || url;
	if ( ! url ) {
		return <>{ page.name || '—' }</>;
	}
	return (
		<a href={ url } target="_blank" rel="noopener noreferrer">
			{ name }
			<span className="screen-reader-text">
				{ __( '(opens in a new tab)', 'userfeedback' ) }
			</span>
		</a>
	);
}

export function StatusBadge( {
	status,
}: {
	status: ResponseItem[ 'status' ];
} ) {
	return (
		<span className={ `userfeedback-response-status is-${ status }` }>
			<span
				className="userfeedback-response-status__dot"
				aria-hidden="true"
			/>
			{ statusLabel( status ) }
		</span>
	);
}

/**
 * Where a partial response stopped: the question it reached, by number and title.
 *
 * @param props          Component props.
 * @param props.response The response.
 * @param props.survey   The survey (its questions in order).
 */
export function ReachedQuestion( {
	response,
	survey,
}: {
	response: ResponseItem;
	survey: ResponseList[ 'survey' ] | undefined;
} ) {
	// The visitor's way through the survey: archived (removed) questions are not on it.
	const questions = ( survey?.questions ?? [] ).filter(
		( question ) => ! question.archived
	);
	// A response may have reached past the last question (every one answered, not sent).
	const question =
		questions[ Math.min( response.last_question, questions.length - 1 ) ];
	return (
		<span className="userfeedback-response-reached">
			{ reachedLabel( response.last_question, questions.length ) }
			{ question?.title && (
				<span
					className="userfeedback-response-reached__title"
					title={ question.title }
				>
					{ truncate( question.title, 40 ) }
				</span>
			) }
		</span>
	);
}

/**
 * The answer the Answer column shows: the first one (in the survey's order) whose text or
 * comment holds one of the words being searched for, or else the first answer given.
 *
 * @param response    The response.
 * @param questionIds The survey's question ids, in order.
 * @param words       The words of the search and the text conditions.
 */
export function previewFor(
	response: ResponseItem,
	questionIds: number[],
	words: readonly string[]
): string {
	if ( words.length ) {
		const rank = ( id: number ) => {
			const index = questionIds.indexOf( id );
			return index === -1 ? Number.MAX_SAFE_INTEGER : index;
		};
		const texts = [ ...response.answers ]
			.sort( ( a, b ) => rank( a.question_id ) - rank( b.question_id ) )
			.flatMap( ( answer ) => [
				answerText( answer.value ),
				answer.extra?.comments ?? '',
			] )
			.map( ( text ) => text.replace( /\s+/g, ' ' ).trim() );
		const found = texts.find(
			( text ) => text && matchRanges( text, words ).length > 0
		);
		if ( found ) {
			return excerptAround( found, words );
		}
	}
	return answerPreview( response, questionIds );
}

/**
 * The responses table's columns: Response, Submitted, Page, Device / Browser, Answer,
 * one per hidden field of the survey (headed by its name), Status (a partial one with
 * the question it reached).
 *
 * @param config The page config (date formats, time zone).
 * @param survey The survey (its question order for the answer preview).
 * @param linkTo The single response route of a response, or null where the row title
 *               is not a link (Lite, trashed responses).
 * @param words  Words to mark in the answers (the search's and the text conditions').
 */
export function responseColumns(
	config: AppConfig,
	survey: ResponseList[ 'survey' ] | undefined,
	linkTo: ( response: ResponseItem ) => string | null,
	words: readonly string[] = []
): Column< ResponseRow >[] {
	const questionIds =
		survey?.questions.map( ( question ) => question.id ) ?? [];
	return [
		{
			key: 'id',
			title: __( 'Response', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			isRowTitle: true,
			className: 'userfeedback-responses__title',
			render: ( { id: title, response } ) => {
				const to = linkTo( response );
				return (
					<strong>
						{ to ? (
							<Link className="row-title" to={ to }>
								{ title }
							</Link>
						) : (
							<span className="row-title">{ title }</span>
						) }
					</strong>
				);
			},
		},
		{
			key: 'submitted_at',
			title: __( 'Submitted', 'userfeedback' ),
			sortable: true,
			firstSort: 'desc',
			className: 'userfeedback-responses__submitted',
			render: ( { response } ) => (
				<time dateTime={ response.submitted_at }>
					{ siteDateTime( config, response.submitted_at ) }
				</time>
			),
		},
		{
			key: 'page_submitted',
			title: __( 'Page', 'userfeedback' ),
			className: 'userfeedback-responses__page',
			render: ( { response } ) => (
				<PageLink page={ response.page_submitted } />
			),
		},
		{
			key: 'device',
			title: __( 'Device / Browser', 'userfeedback' ),
			className: 'userfeedback-responses__device',
			render: ( { response } ) =>
				[ response.user_device, response.user_browser ]
					.filter( Boolean )
					.join( ' / ' ) || '—',
		},
		{
			key: 'answer',
			title: __( 'Answer', 'userfeedback' ),
			className: 'userfeedback-responses__answer',
			render: ( { response } ) => {
				const preview = previewFor( response, questionIds, words );
				if ( ! preview ) {
					return (
						<span className="userfeedback-responses__skipped">
							{ __( 'Skipped', 'userfeedback' ) }
						</span>
					);
				}
				const short = truncate( preview );
				return (
					<span title={ short === preview ? undefined : preview }>
						<Highlighted text={ short } words={ words } />
					</span>
				);
			},
		},
		// One column per hidden field of the survey, headed by its name.
		...( survey?.hidden_fields ?? [] ).map(
			( name ): Column< ResponseRow > => ( {
				key: `field:${ name }`,
				title: name,
				className: 'userfeedback-responses__field',
				render: ( { response } ) => {
					const value = response.fields?.[ name ];
					if ( value === undefined || value === '' ) {
						return '—';
					}
					const short = truncate( value );
					return (
						<span title={ short === value ? undefined : value }>
							{ short }
						</span>
					);
				},
			} )
		),
		{
			key: 'status',
			title: __( 'Status', 'userfeedback' ),
			className: 'userfeedback-responses__status',
			render: ( { response } ) => (
				<>
					<StatusBadge status={ response.status } />
					{ ! response.complete && (
						<ReachedQuestion
							response={ response }
							survey={ survey }
						/>
					) }
				</>
			),
		},
	];
}
