import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { __, _n, sprintf } from '@wordpress/i18n';

import { notify } from '../../shared/notices';
import { queryKeys } from '../../shared/query';
import type { ResponseActionResult } from '../../shared/types';
import { changeResponses, type ResponseAction } from './api';

interface Variables {
	action: ResponseAction;
	ids: number[];
}

function doneMessage( action: ResponseAction, count: number ): string {
	const n = count.toLocaleString();
	switch ( action ) {
		case 'trash':
			return sprintf(
				/* translators: %s: number of responses. */
				_n(
					'%s response moved to the Trash.',
					'%s responses moved to the Trash.',
					count,
					'userfeedback'
				),
				n
			);
		case 'restore':
			return sprintf(
				/* translators: %s: number of responses. */
				_n(
					'%s response restored from the Trash.',
					'%s responses restored from the Trash.',
					count,
					'userfeedback'
				),
				n
			);
		case 'delete':
			return sprintf(
				/* translators: %s: number of responses. */
				_n(
					'%s response permanently deleted.',
					'%s responses permanently deleted.',
					count,
					'userfeedback'
				),
				n
			);
	}
}

function report( result: ResponseActionResult, { action, ids }: Variables ) {
	const done = result.done.length;
	if ( done > 0 ) {
		notify.success( doneMessage( action, done ) );
	}
	if ( done < ids.length ) {
		// Delete takes trashed responses only; the server leaves the others out of done.
		notify.warning(
			sprintf(
				/* translators: %s: number of responses. */
				_n(
					'%s response was not changed.',
					'%s responses were not changed.',
					ids.length - done,
					'userfeedback'
				),
				( ids.length - done ).toLocaleString()
			)
		);
	}
}

/**
 * Trash, restore and delete responses of one survey, for one row or many. Every outcome
 * is reported in a toast (the server's message on failure) and the responses and results
 * of the survey are refetched.
 *
 * @param surveyId Survey id.
 */
export function useResponseActions( surveyId: number ) {
	const queryClient = useQueryClient();
	const { mutateAsync, isPending } = useMutation( {
		mutationFn: ( { action, ids }: Variables ) =>
			changeResponses( surveyId, action, ids ),
		onSuccess: report,
		onError: ( error ) =>
			notify.error(
				sprintf(
					/* translators: %s: the error message. */
					__(
						'The responses could not be changed: %s',
						'userfeedback'
					),
					error instanceof Error && error.message
						? error.message
						: __( 'The request failed.', 'userfeedback' )
				)
			),
		onSettled: () => {
			// Views cached before the change are wrong now: drop them rather than show
			// them stale for a moment when the filter or page changes.
			queryClient.removeQueries( {
				queryKey: queryKeys.responses.survey( surveyId ),
				type: 'inactive',
			} );
			// Not awaited: the toast and the next view need not wait for the refetch.
			queryClient.invalidateQueries( {
				queryKey: queryKeys.responses.survey( surveyId ),
			} );
			queryClient.invalidateQueries( {
				queryKey: queryKeys.results.all,
			} );
		},
	} );

	/** Resolves with the result, or undefined when the request failed (already reported). */
	const run = useCallback(
		(
			action: ResponseAction,
			ids: number[]
		): Promise< ResponseActionResult | undefined > =>
			mutateAsync( { action, ids } ).catch( () => undefined ),
		[ mutateAsync ]
	);

	return { run, isRunning: isPending };
}
