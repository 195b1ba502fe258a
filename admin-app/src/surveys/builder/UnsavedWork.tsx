/**
 * Unsaved work is never lost silently (issue 17 item 3): the draft is kept in this
 * browser while it has changes (autosave.ts), a restored copy is announced with a way
 * to discard it, and leaving the builder with changes asks first: in-app links, Close
 * and the browser's Back through the router's blocker, reloads and wp-admin menu links
 * (full page loads) through the browser's own beforeunload prompt.
 */
import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import {
	discardRestored,
	localDrafts,
	useAutosave,
	useRestoredDraft,
} from './autosave';
import { ConfirmDialog } from './components/ConfirmDialog';
import { useBuilderStore, type BuilderState } from './store';

/**
 * @param props            Props.
 * @param props.storageKey draftKey() of the survey.
 * @param props.base       The builder's own path (/new or /edit/{id}): its steps are not "leaving".
 * @param props.belongs    Whether a store state's draft is this survey.
 */
export function UnsavedWork( {
	storageKey,
	base,
	belongs,
}: {
	storageKey: string;
	base: string;
	belongs: ( state: BuilderState ) => boolean;
} ) {
	useAutosave( storageKey, belongs );
	const dirty = useBuilderStore( ( state ) => state.dirty );

	useEffect( () => {
		if ( ! dirty ) {
			return;
		}
		const warn = ( event: BeforeUnloadEvent ) => {
			event.preventDefault();
			// Chromium before 119 and Safari still need returnValue set.
			event.returnValue = '';
		};
		window.addEventListener( 'beforeunload', warn );
		return () => window.removeEventListener( 'beforeunload', warn );
	}, [ dirty ] );

	const shouldBlock = useCallback< BlockerFunction >(
		( { nextLocation } ) =>
			useBuilderStore.getState().dirty &&
			// A save of a new survey moves to /edit/{id}/…: dirty is false by then.
			! nextLocation.pathname.startsWith( `${ base }/` ) &&
			nextLocation.pathname !== base,
		[ base ]
	);
	const blocker = useBlocker( shouldBlock );

	return (
		<>
			<RestoredNotice storageKey={ storageKey } />
			{ blocker.state === 'blocked' && (
				<ConfirmDialog
					title={ __( 'Leave without saving?', 'userfeedback' ) }
					confirmLabel={ __(
						'Discard changes and leave',
						'userfeedback'
					) }
					onCancel={ () => blocker.reset() }
					onConfirm={ () => {
						localDrafts.clear( storageKey );
						useRestoredDraft.setState( { restored: null } );
						blocker.proceed();
						useBuilderStore.getState().reset();
					} }
				>
					<p>
						{ __(
							'This survey has changes that are not saved. If you leave now, they are discarded.',
							'userfeedback'
						) }
					</p>
				</ConfirmDialog>
			) }
		</>
	);
}

function RestoredNotice( { storageKey }: { storageKey: string } ) {
	const config = useConfig();
	const restored = useRestoredDraft( ( state ) => state.restored );
	if ( ! restored || restored.key !== storageKey ) {
		return null;
	}
	const when = formatDate(
		new Date( restored.savedAt ).toISOString(),
		`${ config.site.date_format || 'F j, Y' } ${
			config.site.time_format || 'g:i a'
		}`,
		config.site
	);
	return (
		<Notice
			status="info"
			isDismissible={ false }
			className="userfeedback-builder__restored"
			actions={ [
				{
					label: __( 'Discard', 'userfeedback' ),
					onClick: discardRestored,
					variant: 'secondary',
				},
			] }
		>
			{ sprintf(
				/* translators: %s: date and time the unsaved changes were last kept. */
				__(
					'Unsaved changes from %s were restored from this browser. Save to keep them, or discard them.',
					'userfeedback'
				),
				when
			) }
		</Notice>
	);
}
