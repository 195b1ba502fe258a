/**
 * "Delete all responses" of one survey: a button, a confirmation that asks for the
 * survey's title to be typed, then DELETE surveys/{id}/responses { all: true } sent
 * again until nothing remains, with the progress shown, and the survey's responses
 * and results refetched.
 */
import { useState } from 'react';
import { Button, Modal, TextControl } from '@wordpress/components';
import { useQueryClient } from '@tanstack/react-query';
import { __, _n, sprintf } from '@wordpress/i18n';

import { notify } from '../../shared/notices';
import { queryKeys } from '../../shared/query';
import { deleteAllResponses } from './api';
import { surveyTitle } from './format';

/** Requests sent at most, whatever the server says: a guard against a count that never drops. */
const MAX_REQUESTS = 10000;

interface Progress {
	deleted: number;
	total: number;
}

/**
 * What must be typed to confirm: the survey's title, or "delete" for an untitled one.
 *
 * @param title The survey's title.
 */
export function confirmationWord( title: string ): string {
	return title.trim() || __( 'delete', 'userfeedback' );
}

/**
 * Whether what was typed confirms: the word, ignoring surrounding spaces and letter case
 * (a title typed as "pricing feedback" means the same survey).
 *
 * @param typed What was typed.
 * @param word  confirmationWord().
 */
export function confirms( typed: string, word: string ): boolean {
	return typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

/**
 * @param props              Component props.
 * @param props.survey       The survey.
 * @param props.survey.id    Its id.
 * @param props.survey.title Its title.
 * @param props.total        How many responses it has, all statuses (the list's counts).
 */
export function DeleteAllResponses( {
	survey,
	total,
}: {
	survey: { id: number; title: string };
	total: number;
} ) {
	const queryClient = useQueryClient();
	const [ open, setOpen ] = useState( false );
	const [ typed, setTyped ] = useState( '' );
	const [ progress, setProgress ] = useState< Progress | null >( null );
	const word = confirmationWord( survey.title );
	const running = progress !== null;

	const close = () => {
		if ( ! running ) {
			setOpen( false );
			setTyped( '' );
		}
	};

	const run = async () => {
		let deleted = 0;
		let remaining = total;
		setProgress( { deleted, total } );
		try {
			for ( let i = 0; i < MAX_REQUESTS; i++ ) {
				const answer = await deleteAllResponses( survey.id );
				deleted += answer.deleted;
				remaining = answer.remaining;
				setProgress( {
					deleted,
					total: Math.max( total, deleted + remaining ),
				} );
				if ( remaining === 0 || answer.deleted === 0 ) {
					break;
				}
			}
			if ( remaining === 0 ) {
				notify.success(
					sprintf(
						/* translators: %s: number of responses. */
						_n(
							'%s response permanently deleted.',
							'%s responses permanently deleted.',
							deleted,
							'userfeedback'
						),
						deleted.toLocaleString()
					)
				);
			} else {
				notify.warning(
					sprintf(
						/* translators: 1: number deleted, 2: number left. */
						__(
							'%1$s responses were deleted; %2$s could not be deleted. Please try again.',
							'userfeedback'
						),
						deleted.toLocaleString(),
						remaining.toLocaleString()
					)
				);
			}
		} catch ( error ) {
			notify.error(
				sprintf(
					/* translators: 1: number deleted so far, 2: the error message. */
					__(
						'Deleting stopped after %1$s responses: %2$s',
						'userfeedback'
					),
					deleted.toLocaleString(),
					error instanceof Error && error.message
						? error.message
						: __( 'The request failed.', 'userfeedback' )
				)
			);
		} finally {
			setProgress( null );
			setOpen( false );
			setTyped( '' );
			queryClient.removeQueries( {
				queryKey: queryKeys.responses.survey( survey.id ),
				type: 'inactive',
			} );
			queryClient.invalidateQueries( {
				queryKey: queryKeys.responses.survey( survey.id ),
			} );
			queryClient.invalidateQueries( {
				queryKey: queryKeys.results.all,
			} );
		}
	};

	return (
		<>
			<Button
				variant="secondary"
				isDestructive
				disabled={ total === 0 }
				accessibleWhenDisabled
				onClick={ () => setOpen( true ) }
			>
				{ __( 'Delete all responses', 'userfeedback' ) }
			</Button>
			{ open && (
				<Modal
					title={ __( 'Delete all responses?', 'userfeedback' ) }
					onRequestClose={ close }
					isDismissible={ ! running }
					shouldCloseOnClickOutside={ ! running }
					shouldCloseOnEsc={ ! running }
					// The field to type in first: the keyboard goes straight to the confirmation.
					focusOnMount="firstContentElement"
					className="userfeedback-confirm-dialog"
				>
					<p>
						{ sprintf(
							/* translators: 1: number of responses, 2: survey title. */
							_n(
								'%1$s response of "%2$s" (completed, partial and in the trash) will be deleted permanently, with its answers; the results will no longer count it. This cannot be undone.',
								'All %1$s responses of "%2$s" (completed, partial and in the trash) will be deleted permanently, with their answers; the results will no longer count them. This cannot be undone.',
								total,
								'userfeedback'
							),
							total.toLocaleString(),
							surveyTitle( survey.title )
						) }
					</p>
					{ running ? (
						<div className="userfeedback-delete-all__progress">
							<progress
								max={ progress.total || 1 }
								value={ progress.deleted }
								aria-label={ __(
									'Deleting responses',
									'userfeedback'
								) }
							/>
							<p role="status">
								{ sprintf(
									/* translators: 1: number deleted, 2: number in all. */
									__(
										'Deleted %1$s of %2$s…',
										'userfeedback'
									),
									progress.deleted.toLocaleString(),
									progress.total.toLocaleString()
								) }
							</p>
						</div>
					) : (
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							className="userfeedback-delete-all__confirm"
							label={ sprintf(
								/* translators: %s: the text to type (the survey's title). */
								__( 'Type %s to confirm', 'userfeedback' ),
								`"${ word }"`
							) }
							value={ typed }
							onChange={ setTyped }
							autoComplete="off"
						/>
					) }
					<div className="userfeedback-confirm-dialog__actions">
						<Button
							variant="tertiary"
							onClick={ close }
							disabled={ running }
						>
							{ __( 'Cancel', 'userfeedback' ) }
						</Button>
						<Button
							variant="primary"
							isDestructive
							isBusy={ running }
							disabled={ running || ! confirms( typed, word ) }
							accessibleWhenDisabled
							onClick={ run }
						>
							{ __( 'Delete all responses', 'userfeedback' ) }
						</Button>
					</div>
				</Modal>
			) }
		</>
	);
}
