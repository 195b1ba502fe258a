/**
 * Saving the draft (spec 1, section 4 "Saving"): the first save creates the survey
 * and moves the URL to #/edit/{id}/...; a manual save (the Save button) reports
 * what happened and may return to the list.
 */
import { useCallback } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { useEntitlements } from '../../shared/gating';
import { notify } from '../../shared/notices';
import type { Entitlements, FeatureKey, SaveResult } from '../../shared/types';
import { saveMutationKey, useSaveSurveyMutation } from './api';
import { draftKey, localDrafts, useRestoredDraft } from './autosave';
import { browser } from './browser';
import { featuresToStrip } from './featureUse';
import type { StepKey } from './flow';
import { isScheduling } from './rules';
import { useBuilderStore } from './store';
import { askToStrip } from './StripDialog';

export const SAVE_NOTICE = 'userfeedback-survey-save';
export const SAVE_WARNING = 'userfeedback-survey-save-warning';
export const STRIPPED_NOTICE = 'userfeedback-survey-stripped';

export interface SaveOptions {
	/** The Save button: messages, scroll to top, back to the list after publishing. */
	manual?: boolean;
	/** Step to open after saving (a step link in the header). */
	then?: StepKey;
}

function featureName( entitlements: Entitlements, key: string ): string {
	return entitlements.features[ key as FeatureKey ]?.label ?? key;
}

/**
 * The saved notice's link to the list. No hooks: Notice also renders its content to
 * a string (for screen readers), outside React.
 */
function ViewSurveys() {
	return (
		<>
			{ __( 'Your Survey was Saved!', 'userfeedback' ) } -{ ' ' }
			<a
				href="#/"
				onClick={ () => {
					// Changes made since the save: the builder's leave prompt asks first.
					if ( ! useBuilderStore.getState().dirty ) {
						useBuilderStore.getState().reset();
					}
					notify.dismiss( SAVE_NOTICE );
				} }
			>
				{ __( 'View Surveys', 'userfeedback' ) }
			</a>
		</>
	);
}

/**
 * @param step The step the builder shows.
 * @return save( options ): resolves with the server's answer, or null when it failed
 *         (an error notice is shown).
 */
export function useSaveSurvey( step: StepKey ) {
	const mutation = useSaveSurveyMutation();
	const navigate = useNavigate();
	const entitlements = useEntitlements();
	const config = useConfig();
	const { mutateAsync } = mutation;

	const save = useCallback(
		async ( {
			manual = false,
			then,
		}: SaveOptions = {} ): Promise< SaveResult | null > => {
			const { draft, isNew } = useBuilderStore.getState();
			if ( ! draft ) {
				return null;
			}
			// What the server would strip is said first, from its own table.
			const stripping = featuresToStrip( draft, config.feature_policy );
			if ( stripping.length > 0 && ! ( await askToStrip( stripping ) ) ) {
				return null;
			}
			if ( manual ) {
				notify.info( __( 'Saving…', 'userfeedback' ), {
					id: SAVE_NOTICE,
					timeout: -1,
					isDismissible: false,
				} );
			}
			let result: SaveResult;
			try {
				result = await mutateAsync( draft );
			} catch ( error ) {
				notify.error(
					sprintf(
						/* translators: %s: the server's error message. */
						__(
							'The survey could not be saved: %s',
							'userfeedback'
						),
						error instanceof Error ? error.message : ''
					),
					{ id: SAVE_NOTICE }
				);
				return null;
			}
			useBuilderStore.getState().markSaved( result.survey, manual );
			// The server has the work now: the copy kept in this browser goes.
			localDrafts.clear(
				draftKey( config, isNew ? 'new' : 'edit', draft.id )
			);
			useRestoredDraft.setState( { restored: null } );
			const { survey } = result;

			if ( result.stripped.length > 0 ) {
				notify.warning(
					sprintf(
						/* translators: %s: comma-separated feature names. */
						__(
							'These features are not available on your plan and were removed: %s',
							'userfeedback'
						),
						result.stripped
							.map( ( key ) => featureName( entitlements, key ) )
							.join( ', ' )
					),
					{ id: STRIPPED_NOTICE, timeout: -1 }
				);
			}

			if ( manual ) {
				if ( ! result.published && result.message ) {
					notify.warning( result.message, {
						id: SAVE_WARNING,
						timeout: 5000,
					} );
				}
				if ( survey.status === 'draft' ) {
					notify.success(
						__(
							'Your Survey was Saved as a Draft.',
							'userfeedback'
						),
						{ id: SAVE_NOTICE }
					);
				} else {
					notify.success( <ViewSurveys />, { id: SAVE_NOTICE } );
				}
				browser.scrollToTop();
				if (
					result.published &&
					survey.status === 'publish' &&
					! isScheduling( draft )
				) {
					useBuilderStore.getState().reset();
					navigate( '/' );
					return result;
				}
			}

			if ( then ) {
				navigate( `/edit/${ survey.id }/${ then }` );
			} else if ( isNew ) {
				navigate(
					`/edit/${ survey.id }/${
						step === 'setup' ? 'questions' : step
					}`,
					{ replace: true }
				);
			}
			return result;
		},
		[ mutateAsync, navigate, entitlements, config, step ]
	);

	const isSaving = useIsMutating( { mutationKey: saveMutationKey } ) > 0;
	return { save, isSaving };
}
