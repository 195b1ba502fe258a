import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { __, _n, sprintf } from '@wordpress/i18n';

import { notify } from '../../shared/notices';
import { queryKeys } from '../../shared/query';
import type {
	BulkAction as SurveyBulkAction,
	BulkResult,
} from '../../shared/types';
import { bulkSurveys } from '../../shared/surveys';

interface Variables {
	action: SurveyBulkAction;
	ids: number[];
	/** Titles by id, to name the surveys that failed. */
	titles: Map< number, string >;
}

function doneMessage( action: SurveyBulkAction, count: number ): string {
	const n = count.toLocaleString();
	switch ( action ) {
		case 'publish':
			return sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey published.',
					'%s surveys published.',
					count,
					'userfeedback'
				),
				n
			);
		case 'draft':
			return sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey changed to draft.',
					'%s surveys changed to draft.',
					count,
					'userfeedback'
				),
				n
			);
		case 'trash':
			return sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey moved to the Trash.',
					'%s surveys moved to the Trash.',
					count,
					'userfeedback'
				),
				n
			);
		case 'restore':
			return sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey restored from the Trash.',
					'%s surveys restored from the Trash.',
					count,
					'userfeedback'
				),
				n
			);
		case 'delete':
			return sprintf(
				/* translators: %s: number of surveys. */
				_n(
					'%s survey permanently deleted.',
					'%s surveys permanently deleted.',
					count,
					'userfeedback'
				),
				n
			);
	}
}

function report( result: BulkResult, { action, titles }: Variables ) {
	if ( result.done.length > 0 ) {
		notify.success( doneMessage( action, result.done.length ) );
	}
	if ( result.failed.length > 0 ) {
		// Kept until closed: the reasons are worth reading, and there may be several.
		notify.warning(
			<>
				<p>
					{ sprintf(
						/* translators: %s: number of surveys. */
						_n(
							'%s survey was not changed:',
							'%s surveys were not changed:',
							result.failed.length,
							'userfeedback'
						),
						result.failed.length.toLocaleString()
					) }
				</p>
				<ul>
					{ result.failed.map( ( failure ) => (
						<li key={ failure.id }>
							<strong>
								{ titles.get( failure.id ) ||
									sprintf(
										/* translators: %s: survey id. */
										__( 'Survey #%s', 'userfeedback' ),
										String( failure.id )
									) }
							</strong>
							{ ': ' }
							{ failure.message }
						</li>
					) ) }
				</ul>
			</>,
			{ timeout: -1 }
		);
	}
}

/**
 * Publish, draft, trash, restore and delete through POST surveys/bulk, for one row or
 * many. Every outcome is reported in a toast and the lists are refetched.
 */
export function useSurveyActions() {
	const queryClient = useQueryClient();
	const mutation = useMutation( {
		mutationFn: ( { action, ids }: Variables ) =>
			bulkSurveys( action, ids ),
		onSuccess: report,
		onError: ( error ) =>
			notify.error(
				sprintf(
					/* translators: %s: the error message. */
					__(
						'The surveys could not be changed: %s',
						'userfeedback'
					),
					error instanceof Error && error.message
						? error.message
						: __( 'The request failed.', 'userfeedback' )
				)
			),
		onSettled: () => {
			// Other views cached before the change are wrong now: drop them rather
			// than show them stale for a moment when the filter or page changes.
			queryClient.removeQueries( {
				queryKey: queryKeys.surveys.lists,
				type: 'inactive',
			} );
			// Not awaited: the toast and the next view need not wait for the refetch.
			queryClient.invalidateQueries( {
				queryKey: queryKeys.surveys.all,
			} );
		},
	} );
	const { mutateAsync } = mutation;

	/** Resolves with the result, or undefined when the request failed (already reported). */
	const run = useCallback(
		(
			action: SurveyBulkAction,
			ids: number[],
			titles: Map< number, string >
		): Promise< BulkResult | undefined > =>
			mutateAsync( { action, ids, titles } ).catch( () => undefined ),
		[ mutateAsync ]
	);

	return { run, isRunning: mutation.isPending };
}
