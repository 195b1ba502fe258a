/**
 * Unsaved work kept in the browser (issue 17 item 3): while the draft has changes the
 * server does not have, it is written to localStorage under a key of its own per site,
 * user and survey ("new" for a survey not created yet). Opening the same survey again
 * (after a reload, a crash, a menu link taken anyway) restores it with a notice that
 * offers to discard it. A save or a discard removes it.
 *
 * Written on every change, synchronously: a draft is a few kilobytes, and a write that
 * waits for a timer is lost when the tab closes first.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

import type { AppConfig, Survey } from '../../shared/types';
import type { BuilderMode } from './flow';
import { useBuilderStore, type BuilderState } from './store';

const PREFIX = 'userfeedback-builder-draft';

export interface LocalDraft {
	survey: Survey;
	/** Date.now() of the last write. */
	savedAt: number;
}

/**
 * The storage key of a survey's unsaved work: one per site (its admin URL, as a network
 * has several), user and survey.
 *
 * @param config The page config.
 * @param mode   new or edit.
 * @param id     The survey's id when editing.
 */
export function draftKey(
	config: Pick< AppConfig, 'urls' | 'user' >,
	mode: BuilderMode,
	id: number | null
): string {
	const survey = mode === 'new' ? 'new' : `edit-${ id }`;
	return `${ PREFIX }:${ config.urls.admin }:${ config.user.id }:${ survey }`;
}

/** localStorage can be missing, full or refused (private modes): then nothing is kept. */
export const localDrafts = {
	read( key: string ): LocalDraft | null {
		try {
			const raw = window.localStorage.getItem( key );
			const parsed = raw ? ( JSON.parse( raw ) as LocalDraft ) : null;
			return parsed &&
				typeof parsed.survey === 'object' &&
				Array.isArray( parsed.survey?.questions )
				? parsed
				: null;
		} catch {
			return null;
		}
	},
	write( key: string, survey: Survey ): void {
		try {
			window.localStorage.setItem(
				key,
				JSON.stringify( { survey, savedAt: Date.now() } )
			);
		} catch {
			// Quota or privacy mode: the leave warning still protects the work.
		}
	},
	clear( key: string ): void {
		try {
			window.localStorage.removeItem( key );
		} catch {}
	},
};

export interface RestoredDraft {
	key: string;
	/** When the restored copy was last written. */
	savedAt: number;
	/** What the builder would have opened without it (the saved survey, or a new one). */
	original: Survey;
	isNew: boolean;
}

/** The notice's state: which restored copy it offers to discard. */
export const useRestoredDraft = create< { restored: RestoredDraft | null } >(
	() => ( { restored: null } )
);

/**
 * Loads a survey into the builder, or the unsaved copy of it kept in this browser,
 * which then counts as changed (it differs from what the server has).
 *
 * @param key      draftKey() of the survey.
 * @param original The survey from the server, or a new one.
 * @param isNew    The survey is not created yet.
 */
export function loadWithLocalDraft(
	key: string,
	original: Survey,
	isNew: boolean
): void {
	const local = localDrafts.read( key );
	const { load } = useBuilderStore.getState();
	if ( ! local || ( ! isNew && local.survey.id !== original.id ) ) {
		useRestoredDraft.setState( { restored: null } );
		load( original, isNew );
		return;
	}
	load( local.survey, isNew );
	useBuilderStore.setState( { dirty: true } );
	useRestoredDraft.setState( {
		restored: { key, savedAt: local.savedAt, original, isNew },
	} );
}

/** Throws the restored copy away: the builder shows what it would have opened. */
export function discardRestored(): void {
	const { restored } = useRestoredDraft.getState();
	if ( ! restored ) {
		return;
	}
	localDrafts.clear( restored.key );
	useBuilderStore.getState().load( restored.original, restored.isNew );
	useRestoredDraft.setState( { restored: null } );
}

/**
 * Keeps the draft of this builder frame in localStorage while it has unsaved changes.
 *
 * @param key     draftKey() of the frame's survey.
 * @param belongs Whether a state's draft is this frame's survey (not one a navigation
 *                is about to replace).
 */
export function useAutosave(
	key: string,
	belongs: ( state: BuilderState ) => boolean
): void {
	useEffect(
		() =>
			useBuilderStore.subscribe( ( state, previous ) => {
				if (
					state.dirty &&
					state.draft &&
					( state.draft !== previous.draft || ! previous.dirty ) &&
					belongs( state )
				) {
					localDrafts.write( key, state.draft );
				}
			} ),
		[ key, belongs ]
	);
}
