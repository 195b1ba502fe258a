/**
 * The userfeedback/survey block in the editor: a survey picker (in the block and in
 * its settings sidebar) and a live preview of the chosen survey. What visitors get
 * is rendered by the server (SurveyBlock::render(), the shortcode's renderer).
 *
 * The block editor's own parts (the wrapper's props, the sidebar slot) come in from
 * index.tsx, so that this runs in unit tests, where @wordpress/block-editor (a
 * WordPress script at run time) is not installed.
 */
import type { ComponentType, ReactNode } from 'react';
import {
	Button,
	ExternalLink,
	Notice,
	PanelBody,
	Placeholder,
	Spinner,
} from '@wordpress/components';
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { Survey, SurveyListItem } from '../shared/types';
import { useSurvey } from './api';
import { getBlockConfig } from './config';
import { SurveyPicker } from './SurveyPicker';
import { toPreview } from './toPreview';
import { WidgetPreview } from './WidgetPreview';

export interface Attributes {
	surveyId: number;
}

export interface SurveyEditorProps {
	surveyId: number;
	onChange: ( surveyId: number ) => void;
	/** The preview takes clicks only while the block is selected. */
	isSelected: boolean;
	/** InspectorControls: what it wraps goes to the block settings sidebar. */
	Inspector: ComponentType< { children?: ReactNode } >;
}

const NOT_FOUND = 'userfeedback_not_found';

function listItem( survey: Survey ): SurveyListItem {
	return {
		id: survey.id,
		title: survey.title,
		type: survey.type,
		status: survey.status,
		display_status: survey.display_status,
		created_at: survey.created_at,
		publish_at: survey.publish_at,
		responses_count: survey.responses_count,
		shortcode: survey.shortcode,
	};
}

/**
 * Says when visitors will not see the survey (yet).
 */
function Visibility( { survey }: { survey: Survey } ) {
	let message = '';
	if ( survey.display_status === 'draft' ) {
		message = __(
			'This survey is a draft: visitors see nothing here until it is published.',
			'userfeedback'
		);
	} else if ( survey.display_status === 'trash' ) {
		message = __(
			'This survey is in the trash: visitors see nothing here.',
			'userfeedback'
		);
	} else if ( survey.display_status === 'scheduled' ) {
		message = sprintf(
			/* translators: %s: date and time in the site's time zone. */
			__(
				'This survey is scheduled: visitors see it here from %s (site time).',
				'userfeedback'
			),
			( survey.publish_at_local ?? '' ).replace( 'T', ' ' ).slice( 0, 16 )
		);
	}
	if ( ! message ) {
		return null;
	}
	return (
		<Notice status="warning" isDismissible={ false }>
			{ message }
		</Notice>
	);
}

const icon = 'feedback';
const label = () => __( 'UserFeedback Survey', 'userfeedback' );

export function SurveyEditor( {
	surveyId: rawId,
	onChange: choose,
	isSelected,
	Inspector,
}: SurveyEditorProps ) {
	const config = getBlockConfig();
	const surveyId = rawId > 0 ? rawId : 0;
	const [ survey, retry ] = useSurvey( surveyId, config.canEdit );
	const loaded = survey.status === 'ready' ? survey.data : undefined;
	const chosenItem = useMemo(
		() => ( loaded ? listItem( loaded ) : undefined ),
		[ loaded ]
	);
	const preview = useMemo(
		() => ( loaded ? toPreview( loaded, config ) : undefined ),
		[ loaded, config ]
	);
	const noPermission = __(
		'You need permission to create and edit surveys to choose one here.',
		'userfeedback'
	);

	let body;
	if ( ! config.canEdit ) {
		body = (
			<Placeholder
				icon={ icon }
				label={ label() }
				instructions={
					surveyId > 0
						? sprintf(
								/* translators: %d: survey id. */
								__(
									'Visitors see survey #%d here. You need permission to edit surveys to preview it or choose another one.',
									'userfeedback'
								),
								surveyId
							)
						: noPermission
				}
			/>
		);
	} else if ( surveyId === 0 ) {
		body = (
			<Placeholder
				icon={ icon }
				label={ label() }
				instructions={ __(
					'Choose the survey to show here. Visitors answer it in the page, without a pop-up.',
					'userfeedback'
				) }
			>
				<SurveyPicker value={ 0 } onChange={ choose } />
			</Placeholder>
		);
	} else if ( survey.status === 'loading' ) {
		body = (
			<Placeholder icon={ icon } label={ label() }>
				<Spinner />
			</Placeholder>
		);
	} else if ( survey.status === 'error' ) {
		const gone = survey.code === NOT_FOUND;
		body = (
			<Placeholder icon={ icon } label={ label() }>
				<Notice
					status={ gone ? 'warning' : 'error' }
					isDismissible={ false }
				>
					{ gone
						? sprintf(
								/* translators: %d: survey id. */
								__(
									'Survey #%d no longer exists. Choose another one.',
									'userfeedback'
								),
								surveyId
							)
						: sprintf(
								/* translators: %s: error message from the server. */
								__(
									'The survey could not be loaded: %s',
									'userfeedback'
								),
								survey.message
							) }
				</Notice>
				{ gone ? (
					<SurveyPicker value={ 0 } onChange={ choose } />
				) : (
					<Button variant="secondary" onClick={ retry }>
						{ __( 'Try again', 'userfeedback' ) }
					</Button>
				) }
			</Placeholder>
		);
	} else if ( loaded && preview ) {
		body = (
			<>
				<Visibility survey={ loaded } />
				{ loaded.questions.length === 0 ? (
					<Placeholder
						icon={ icon }
						label={ label() }
						instructions={ __(
							'This survey has no questions yet: visitors see nothing here.',
							'userfeedback'
						) }
					/>
				) : (
					<WidgetPreview
						survey={ preview }
						config={ config }
						interactive={ isSelected }
					/>
				) }
			</>
		);
	}

	return (
		<>
			<Inspector>
				<PanelBody title={ __( 'Survey', 'userfeedback' ) }>
					{ config.canEdit ? (
						<SurveyPicker
							value={ surveyId }
							onChange={ choose }
							extra={ chosenItem }
						/>
					) : (
						<p>{ noPermission }</p>
					) }
					{ config.canEdit && surveyId > 0 && (
						<p>
							<ExternalLink
								href={
									config.editSurveyUrl + String( surveyId )
								}
							>
								{ __( 'Edit this survey', 'userfeedback' ) }
							</ExternalLink>
						</p>
					) }
				</PanelBody>
			</Inspector>
			{ body }
		</>
	);
}
