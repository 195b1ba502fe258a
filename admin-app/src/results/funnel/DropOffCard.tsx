import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { useFeature } from '../../shared/gating';
import { EmptyState, LoadingState } from '../../shared/components/States';
import type { Funnel } from '../../shared/types';
import { share, useNumberFormats } from '../../shared/format';
import { listPath } from '../responses/paths';
import { FunnelTable } from './FunnelTable';
import { formatDuration, rateFormat } from './format';

import './funnel.scss';

/**
 * "3 partial responses in this range are not counted.", with a link to the responses
 * list's Partial filter where the site may use it (the filters are a Pro feature).
 *
 * @param props          Component props.
 * @param props.surveyId The survey.
 * @param props.count    Partial responses of the range.
 */
function PartialLine( {
	surveyId,
	count,
}: {
	surveyId: number;
	count: number;
} ) {
	const format = useNumberFormats();
	const filters = useFeature( 'response_management' ).allowed;
	return (
		<p className="userfeedback-dropoff__partial">
			{ sprintf(
				/* translators: %s: number of partial responses. */
				_n(
					'%s partial response in this range is not counted in these results.',
					'%s partial responses in this range are not counted in these results.',
					count,
					'userfeedback'
				),
				format.count( count )
			) }
			{ filters && (
				<>
					{ ' ' }
					<Link to={ listPath( surveyId, 'partial' ) }>
						{ __( 'View partial responses', 'userfeedback' ) }
					</Link>
				</>
			) }
		</p>
	);
}

/**
 * The drop-off of a survey in the range: impressions → started → completed, the
 * completion rate and the median time to complete, then how many visitors reached,
 * answered, skipped and left each question.
 *
 * @param props          Component props.
 * @param props.surveyId The survey.
 * @param props.funnel   The range's funnel; undefined while it loads.
 * @param props.partial  Partial responses of the range (counted nowhere else).
 * @param props.busy     A new range is loading (the old figures stay meanwhile).
 */
export function DropOffCard( {
	surveyId,
	funnel,
	partial = 0,
	busy = false,
}: {
	surveyId: number;
	funnel: Funnel | undefined;
	partial?: number;
	busy?: boolean;
} ) {
	const headingId = useId();
	const { site } = useConfig();
	const format = useNumberFormats();
	const rate = useMemo( () => rateFormat( site.locale ), [ site.locale ] );

	let body;
	if ( ! funnel ) {
		body = (
			<LoadingState label={ __( 'Loading drop-off…', 'userfeedback' ) } />
		);
	} else {
		const stages = [
			{
				key: 'impressions',
				label: __( 'Impressions', 'userfeedback' ),
				value: funnel.impressions,
				note: null,
			},
			{
				key: 'started',
				label: __( 'Started', 'userfeedback' ),
				value: funnel.started,
				note:
					funnel.impressions > 0
						? sprintf(
								/* translators: %s: share of the impressions, e.g. "25%". */
								__( '%s of impressions', 'userfeedback' ),
								format.percent(
									share( funnel.started, funnel.impressions )
								)
							)
						: null,
			},
			{
				key: 'completed',
				label: __( 'Completed', 'userfeedback' ),
				value: funnel.completed,
				note: null,
			},
		];
		body = (
			<>
				<ol
					className="userfeedback-dropoff__stages"
					aria-label={ __(
						'From impressions to completed responses',
						'userfeedback'
					) }
				>
					{ stages.map( ( stage ) => (
						<li
							key={ stage.key }
							className="userfeedback-dropoff__stage"
						>
							<span className="userfeedback-dropoff__stage-label">
								{ stage.label }
							</span>
							<span className="userfeedback-dropoff__stage-value">
								{ format.count( stage.value ) }
							</span>
							{ stage.note && (
								<span className="userfeedback-dropoff__stage-note">
									{ stage.note }
								</span>
							) }
						</li>
					) ) }
				</ol>
				<dl className="userfeedback-dropoff__rates">
					<div>
						<dt>{ __( 'Completion rate', 'userfeedback' ) }</dt>
						<dd>{ rate( funnel.completion_rate ) }</dd>
					</div>
					<div>
						<dt>
							{ __( 'Median time to complete', 'userfeedback' ) }
						</dt>
						<dd>{ formatDuration( funnel.median_seconds ) }</dd>
					</div>
				</dl>
				{ funnel.started === 0 ? (
					<EmptyState
						title={ __( 'No responses yet', 'userfeedback' ) }
					>
						{ __(
							'The drop-off by question appears here as soon as visitors start this survey in this range.',
							'userfeedback'
						) }
					</EmptyState>
				) : (
					<FunnelTable funnel={ funnel } />
				) }
			</>
		);
	}

	return (
		<section
			className="userfeedback-results__card userfeedback-dropoff"
			aria-labelledby={ headingId }
			aria-busy={ busy || ! funnel }
		>
			<h3 id={ headingId } className="userfeedback-question__title">
				{ __( 'Drop-off', 'userfeedback' ) }
			</h3>
			{ partial > 0 && (
				<PartialLine surveyId={ surveyId } count={ partial } />
			) }
			{ body }
		</section>
	);
}
