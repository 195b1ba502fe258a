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
import { PageLink, siteDateTime } from './columns';
import { answerText, isSkipped, surveyTitle } from './format';

function Answer( { answer }: { answer: ResponseAnswer | undefined } ) {
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
 * to questions the survey no longer has come last.
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
	const entries = [
		...survey.questions.map( ( question ) => ( {
			id: question.id,
			title: question.title,
			answer: byQuestion.get( question.id ),
		} ) ),
		...response.answers
			.filter( ( answer ) => ! known.has( answer.question_id ) )
			.map( ( answer ) => ( {
				id: answer.question_id,
				title: __( '(deleted question)', 'userfeedback' ),
				answer,
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
						</h4>
						<Answer answer={ entry.answer } />
					</li>
				) ) }
			</ol>
		</section>
	);
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
 * Submitted date (site time zone), page, IP, browser, OS and device.
 *
 * @param props          Component props.
 * @param props.response The response.
 */
export function DetailsCard( { response }: { response: ResponseItem } ) {
	const config = useConfig();
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
				<Detail term={ __( 'Submitted', 'userfeedback' ) }>
					<time dateTime={ response.submitted_at }>
						{ siteDateTime( config, response.submitted_at ) }
					</time>
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
