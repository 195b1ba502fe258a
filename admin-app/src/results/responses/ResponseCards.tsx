/**
 * The two cards of the single response screen: the answers, and where and how the
 * response was sent.
 */
import { useId, type ReactNode } from 'react';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import type {
	ResponseAnswer,
	ResponseDetail,
	ResponseItem,
} from '../../shared/types';
import {
	PageLink,
	ReachedQuestion,
	siteDateTime,
	StatusBadge,
} from './columns';
import { answerText, isSkipped, notShownText, surveyTitle } from './format';
import { RemovedBadge } from '../stats/RemovedBadge';

/**
 * What an unanswered question of a partial response reads: the visitor left at the
 * question it reached, never saw the ones after it, and skipped (or was led past) those
 * before it.
 *
 * @param index        The question's 0-based place in the survey.
 * @param lastQuestion The last question reached.
 */
function unanswered( index: number, lastQuestion: number ): string {
	if ( index > lastQuestion ) {
		return __( 'Not reached', 'userfeedback' );
	}
	return index === lastQuestion
		? __( 'Not answered (the visitor stopped here)', 'userfeedback' )
		: __( 'Skipped', 'userfeedback' );
}

/**
 * What an unanswered live question reads instead of 'Skipped', or undefined: 'Not shown'
 * when the survey's display logic hid it from this visitor (the server's not_shown), and
 * for a partial response whether the visitor stopped there or never reached it.
 *
 * @param response The response.
 * @param id       The question.
 * @param index    Its 0-based place among the survey's live questions.
 */
function missingText(
	response: ResponseItem,
	id: number,
	index: number
): string | undefined {
	const reached = response.complete || index <= response.last_question;
	if ( reached && response.not_shown?.includes( id ) ) {
		return notShownText();
	}
	return response.complete
		? undefined
		: unanswered( index, response.last_question );
}

function Answer( {
	answer,
	missing,
}: {
	answer: ResponseAnswer | undefined;
	/**
	 * What to show instead of 'Skipped' when there is no answer at all; 'Not shown'
	 * replaces a stored skip too (the visitor never saw the question).
	 */
	missing?: string;
} ) {
	const hidden = missing === notShownText() && isSkipped( answer?.value );
	if ( ( ! answer && missing ) || hidden ) {
		return (
			<p className="userfeedback-response__value is-skipped">
				{ missing }
			</p>
		);
	}
	const value = answer?.value;
	const name = answer?.extra?.name;
	const comments = answer?.extra?.comments;
	return (
		<>
			<p
				className={
					isSkipped( value )
						? 'userfeedback-response__value is-skipped'
						: 'userfeedback-response__value'
				}
			>
				{ answerText( value ) }
				{ name && ! isSkipped( value ) && (
					<>
						{ ' ' }
						<span className="userfeedback-response__name">
							({ name })
						</span>
					</>
				) }
			</p>
			{ comments && (
				<div className="userfeedback-response__comments">
					<h5>{ __( 'Comments', 'userfeedback' ) }</h5>
					<p>{ comments }</p>
				</div>
			) }
		</>
	);
}

/**
 * The survey's title, then each question with its answer, in the survey's order; answers
 * to questions the survey no longer has come last. A partial response's unanswered
 * questions say whether the visitor stopped there or never reached them.
 *
 * @param props        Component props.
 * @param props.detail The response and its survey.
 */
export function AnswersCard( { detail }: { detail: ResponseDetail } ) {
	const headingId = useId();
	const { survey, response } = detail;
	const byQuestion = new Map(
		response.answers.map( ( answer ) => [ answer.question_id, answer ] )
	);
	const known = new Set(
		survey.questions.map( ( question ) => question.id )
	);
	const live = survey.questions.filter( ( question ) => ! question.archived );
	const entries = [
		...live.map( ( question, index ) => ( {
			id: question.id,
			title: question.title,
			answer: byQuestion.get( question.id ),
			missing: missingText( response, question.id, index ),
			removed: false,
		} ) ),
		// Removed after they had answers: listed when this response answered them.
		...survey.questions
			.filter(
				( question ) =>
					question.archived && byQuestion.has( question.id )
			)
			.map( ( question ) => ( {
				id: question.id,
				title: question.title,
				answer: byQuestion.get( question.id ),
				missing: undefined,
				removed: true,
			} ) ),
		...response.answers
			.filter( ( answer ) => ! known.has( answer.question_id ) )
			.map( ( answer ) => ( {
				id: answer.question_id,
				title: __( '(deleted question)', 'userfeedback' ),
				answer,
				missing: undefined,
				removed: false,
			} ) ),
	];
	return (
		<section
			className="userfeedback-card userfeedback-response__answers"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ surveyTitle( survey.title ) }
			</h3>
			<ol className="userfeedback-response__questions">
				{ entries.map( ( entry ) => (
					<li key={ entry.id }>
						<h4 className="userfeedback-response__question">
							{ entry.title ||
								__( '(untitled question)', 'userfeedback' ) }
							{ entry.removed && (
								<>
									{ ' ' }
									<RemovedBadge />
								</>
							) }
						</h4>
						<Answer
							answer={ entry.answer }
							missing={ entry.missing }
						/>
					</li>
				) ) }
			</ol>
		</section>
	);
}

function Moment( { value }: { value: string } ) {
	const config = useConfig();
	return <time dateTime={ value }>{ siteDateTime( config, value ) }</time>;
}

function Detail( { term, children }: { term: string; children: ReactNode } ) {
	return (
		<div className="userfeedback-response__detail">
			<dt>{ term }</dt>
			<dd>{ children || '—' }</dd>
		</div>
	);
}

/**
 * Status (a partial one with the question it reached), started, completed and submitted
 * (last answer, while partial) times in the site's time zone, page, IP, browser, OS and
 * device.
 *
 * @param props          Component props.
 * @param props.response The response.
 * @param props.survey   The survey (its questions, for the question reached).
 */
export function DetailsCard( {
	response,
	survey,
}: {
	response: ResponseItem;
	survey?: ResponseDetail[ 'survey' ];
} ) {
	const headingId = useId();
	return (
		<section
			className="userfeedback-card userfeedback-response__details"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ __( 'Response details', 'userfeedback' ) }
			</h3>
			<dl>
				<Detail term={ __( 'Status', 'userfeedback' ) }>
					<StatusBadge status={ response.status } />
					{ ! response.complete && (
						<ReachedQuestion
							response={ response }
							survey={ survey }
						/>
					) }
				</Detail>
				<Detail term={ __( 'Started', 'userfeedback' ) }>
					{ response.started_at && (
						<Moment value={ response.started_at } />
					) }
				</Detail>
				<Detail term={ __( 'Completed', 'userfeedback' ) }>
					{ response.completed_at ? (
						<Moment value={ response.completed_at } />
					) : (
						__( 'Not completed', 'userfeedback' )
					) }
				</Detail>
				<Detail
					term={
						response.complete
							? __( 'Submitted', 'userfeedback' )
							: __( 'Last answer', 'userfeedback' )
					}
				>
					<Moment value={ response.submitted_at } />
				</Detail>
				<Detail term={ __( 'Page submitted', 'userfeedback' ) }>
					<PageLink page={ response.page_submitted } />
				</Detail>
				<Detail term={ __( 'User IP', 'userfeedback' ) }>
					{ response.user_ip }
				</Detail>
				<Detail term={ __( 'Browser', 'userfeedback' ) }>
					{ response.user_browser }
				</Detail>
				<Detail term={ __( 'OS', 'userfeedback' ) }>
					{ response.user_os }
				</Detail>
				<Detail term={ __( 'Device', 'userfeedback' ) }>
					{ response.user_device }
				</Detail>
			</dl>
		</section>
	);
}
