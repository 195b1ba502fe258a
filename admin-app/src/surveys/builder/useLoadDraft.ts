/**
 * Puts the survey to edit into the builder store: a new draft from the defaults and
 * the site's widget settings, or the saved survey from the server. A draft already in
 * the store for the same survey is kept (the shell remounts the frame on every step).
 * Unsaved changes this browser kept for the survey (autosave.ts) are restored over it.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';

import { useConfig } from '../../shared/context';
import { queryKeys } from '../../shared/query';
import { fetchSettings } from '../../shared/settings';
import { useSurvey } from '../../shared/surveys';
import { newSurvey } from '../../shared/surveyDefaults';
import { draftKey, loadWithLocalDraft } from './autosave';
import type { BuilderMode } from './flow';
import { useBuilderStore } from './store';

export type LoadState =
	| { status: 'loading' }
	| { status: 'error'; error: unknown; retry: () => void }
	| { status: 'ready' };

export function useLoadDraft(
	mode: BuilderMode,
	id: number | null
): LoadState {
	const config = useConfig();
	const draft = useBuilderStore( ( state ) => state.draft );
	const isNew = useBuilderStore( ( state ) => state.isNew );

	const canReadSettings = !! config.user.capabilities.manage_settings;
	// Widget defaults for a new survey; without them the presets do.
	const settings = useQuery( {
		queryKey: queryKeys.settings,
		queryFn: fetchSettings,
		enabled: mode === 'new' && canReadSettings,
		retry: false,
	} );
	// The builder edits its own copy; a background refetch must not look like a change.
	const survey = useSurvey( mode === 'edit' ? id : null, {
		staleTime: Infinity,
	} );

	const settingsSettled = ! canReadSettings || ! settings.isPending;
	const wanted =
		mode === 'new'
			? !! draft && isNew
			: !! draft && ! isNew && draft.id === id;

	// What this frame loaded: when the draft then goes (the builder closed, a save
	// returned to the list), it is not loaded again while the frame unmounts.
	const key = mode === 'new' ? 'new' : `edit-${ id }`;
	const loadedFor = useRef< string | null >( null );

	useEffect( () => {
		if ( wanted ) {
			loadedFor.current = key;
			return;
		}
		if ( loadedFor.current === key ) {
			return;
		}
		const storage = draftKey( config, mode, id );
		if ( mode === 'new' && settingsSettled ) {
			loadedFor.current = key;
			useBuilderStore.getState().reset();
			loadWithLocalDraft(
				storage,
				newSurvey( config, settings.data ),
				true
			);
		} else if ( mode === 'edit' && survey.data ) {
			loadedFor.current = key;
			useBuilderStore.getState().reset();
			loadWithLocalDraft( storage, survey.data, false );
		}
	}, [
		wanted,
		key,
		id,
		mode,
		settingsSettled,
		settings.data,
		survey.data,
		config,
	] );

	if ( wanted ) {
		return { status: 'ready' };
	}
	if ( mode === 'edit' && survey.isError ) {
		return {
			status: 'error',
			error: survey.error,
			retry: () => survey.refetch(),
		};
	}
	return { status: 'loading' };
}
