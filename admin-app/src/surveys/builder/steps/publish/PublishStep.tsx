/**
 * The builder's publish step: a summary, the status, and the schedule. Controlled:
 * changes go out as a patch of status and publish_at (see schedule.ts for what
 * publish_at holds while scheduling).
 */
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { useFeature } from '../../../../shared/gating';
import type { Survey, SurveyStatus } from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import type { BuilderContext } from '../../context';
import { isScheduling, saveLabel } from '../../rules';
import { ChoiceGroup } from '../settings/ChoiceGroup';
import { GatePrompt } from '../settings/GatePrompt';
import {
	EMPTY_SCHEDULE,
	fieldsToLocal,
	localToDate,
	localToFields,
	scheduleComplete,
	scheduledLocal,
	type ScheduleFields,
} from './schedule';
import { ScheduleFieldset } from './ScheduleFieldset';
import { SummaryCard } from './SummaryCard';

import '../settings/steps.scss';
import './publish.scss';

export interface PublishPatch {
	status?: SurveyStatus;
	publish_at?: string | null;
}

export interface PublishStepProps {
	survey: Survey;
	onChange: ( patch: PublishPatch ) => void;
}

export function PublishStep( { survey, onChange }: PublishStepProps ) {
	const timeZone = useConfig().site.timezone;
	const gate = useFeature( 'scheduling' );
	// In the builder (not in a test that renders the step alone): Save again at the bottom.
	const builder = useOutletContext< BuilderContext | undefined >();
	// Fields chosen so far while they do not yet make a date-time ('' in publish_at).
	const [ partial, setPartial ] =
		useState< ScheduleFields >( EMPTY_SCHEDULE );

	const scheduling = survey.publish_at !== null;
	const local = scheduledLocal( survey, timeZone );
	let fields = EMPTY_SCHEDULE;
	if ( survey.publish_at === '' ) {
		fields = partial;
	} else if ( local ) {
		fields = localToFields( local );
	}
	const complete = scheduleComplete( survey.publish_at );
	const inPast =
		scheduling && complete && local
			? localToDate( local, timeZone ).getTime() <= Date.now()
			: false;

	const setFields = ( next: ScheduleFields ) => {
		const value = fieldsToLocal( next );
		if ( value === null ) {
			setPartial( next );
		}
		onChange( { publish_at: value ?? '' } );
	};

	return (
		<div className="userfeedback-builder-step userfeedback-publish-step">
			<SummaryCard survey={ survey } />
			<Card className="userfeedback-builder-card">
				<CardHeader>
					<h3 className="userfeedback-builder-card__title">
						{ __( 'Publish', 'userfeedback' ) }
					</h3>
				</CardHeader>
				<CardBody>
					<ChoiceGroup
						legend={ __( 'Survey Status', 'userfeedback' ) }
						value={ survey.status }
						options={ [
							{
								value: 'draft',
								label: __( 'Draft', 'userfeedback' ),
							},
							{
								value: 'publish',
								label: __( 'Publish', 'userfeedback' ),
							},
						] }
						onChange={ ( status ) =>
							// A draft is never scheduled.
							onChange(
								status === 'draft'
									? { status, publish_at: null }
									: { status }
							)
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Schedule', 'userfeedback' ) }
						help={ __(
							'Publish the survey automatically at a later date and time.',
							'userfeedback'
						) }
						checked={ scheduling }
						onChange={ ( on ) => {
							// Lite (or a lapsed plan): the toggle explains and offers the
							// upgrade; turning an old schedule off stays possible.
							if ( on && ! gate.allowed ) {
								useUpgradeDialog
									.getState()
									.open( 'scheduling', 'survey-builder' );
								return;
							}
							if ( on ) {
								setPartial( EMPTY_SCHEDULE );
								// Scheduling a draft means publishing it later.
								onChange( {
									status: 'publish',
									publish_at: '',
								} );
							} else {
								onChange( { publish_at: null } );
							}
						} }
					/>
					<GatePrompt gate={ gate } />
					{ scheduling && (
						<ScheduleFieldset
							fields={ fields }
							timeZone={ timeZone }
							disabled={ ! gate.allowed }
							onChange={ setFields }
						/>
					) }
					{ scheduling && ! complete && (
						<p className="userfeedback-field-error">
							{ __(
								'Choose a date, hour, minutes and AM or PM to schedule the survey.',
								'userfeedback'
							) }
						</p>
					) }
					{ inPast && (
						<p className="userfeedback-schedule__past">
							{ __(
								'This time has passed: the survey will be live as soon as it is saved.',
								'userfeedback'
							) }
						</p>
					) }
				</CardBody>
			</Card>
			{ builder && (
				<div className="userfeedback-publish-step__actions">
					<Button
						variant="primary"
						disabled={
							builder.isSaving || ( scheduling && ! complete )
						}
						isBusy={ builder.isSaving }
						onClick={ () => builder.save( { manual: true } ) }
					>
						{ saveLabel( survey.status, isScheduling( survey ) ) }
					</Button>
				</div>
			) }
		</div>
	);
}
