import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { __, _n, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { notify } from '../../shared/notices';
import { queryKeys } from '../../shared/query';
import {
	downloadSurveys,
	importSurveys,
	problemsOf,
	type ImportResult,
} from './surveyFiles';

/** The notice of an import; a new import replaces the last one's. */
export const IMPORT_NOTICE = 'userfeedback-survey-import';
/** At most this many problems are listed; the rest are counted. */
const SHOWN_PROBLEMS = 20;

function reason( error: unknown ): string {
	return error instanceof Error && error.message
		? error.message
		: __( 'The request failed.', 'userfeedback' );
}

function reportImport( result: ImportResult ) {
	const count = result.created.length;
	// Kept until closed: the links lead to the new drafts.
	notify.success(
		<>
			<p>
				{ sprintf(
					/* translators: %s: number of surveys. */
					_n(
						'Imported %s survey.',
						'Imported %s surveys.',
						count,
						'userfeedback'
					),
					count.toLocaleString()
				) }{ ' ' }
				{ _n(
					'It is a draft: review it, then publish it.',
					'They are drafts: review them, then publish them.',
					count,
					'userfeedback'
				) }
			</p>
			<ul>
				{ result.created.map( ( survey ) => (
					<li key={ survey.id }>
						<a href={ `#/edit/${ survey.id }` }>
							{ survey.title ||
								sprintf(
									/* translators: %s: survey id. */
									__( 'Survey #%s', 'userfeedback' ),
									String( survey.id )
								) }
						</a>
					</li>
				) ) }
			</ul>
		</>,
		{ id: IMPORT_NOTICE, timeout: -1 }
	);
	if ( result.stripped?.length ) {
		notify.warning(
			<>
				<p>
					{ __(
						'These features are not available on your plan and were removed from the imported surveys:',
						'userfeedback'
					) }
				</p>
				<ul>
					{ result.stripped.map( ( survey ) => (
						<li key={ survey.id }>
							<strong>{ survey.title }</strong>
							{ ': ' }
							{ survey.features
								.map( ( feature ) => feature.label )
								.join( ', ' ) }
						</li>
					) ) }
				</ul>
			</>,
			{ id: `${ IMPORT_NOTICE }-stripped`, timeout: -1 }
		);
	}
}

function reportRefusal( error: unknown ) {
	const problems = problemsOf( error );
	const hidden = problems.length - SHOWN_PROBLEMS;
	notify.error(
		problems.length === 0 ? (
			sprintf(
				/* translators: %s: the error message. */
				__( 'The file could not be imported: %s', 'userfeedback' ),
				reason( error )
			)
		) : (
			<>
				<p>
					{ sprintf(
						/* translators: %s: number of problems. */
						_n(
							'Nothing was imported: the file has %s problem.',
							'Nothing was imported: the file has %s problems.',
							problems.length,
							'userfeedback'
						),
						problems.length.toLocaleString()
					) }
				</p>
				<ul>
					{ problems
						.slice( 0, SHOWN_PROBLEMS )
						.map( ( problem, index ) => (
							<li key={ index }>
								<code>{ problem.path }</code>
								{ ': ' }
								{ problem.message }
							</li>
						) ) }
				</ul>
				{ hidden > 0 && (
					<p>
						{ sprintf(
							/* translators: %s: number of problems not listed. */
							_n(
								'And %s more.',
								'And %s more.',
								hidden,
								'userfeedback'
							),
							hidden.toLocaleString()
						) }
					</p>
				) }
			</>
		),
		{ id: IMPORT_NOTICE, timeout: -1 }
	);
}

/**
 * Export (a download of one survey or several) and import (an uploaded file becomes new
 * drafts) from the surveys list. Outcomes are reported in notices; an import refetches
 * the lists.
 */
export function useSurveyFiles() {
	const config = useConfig();
	const queryClient = useQueryClient();
	const exporting = useMutation( {
		mutationFn: ( ids: number[] ) => downloadSurveys( config, ids ),
		onError: ( error ) =>
			notify.error(
				sprintf(
					/* translators: %s: the error message. */
					__(
						'The surveys could not be exported: %s',
						'userfeedback'
					),
					reason( error )
				)
			),
	} );
	const importing = useMutation( {
		mutationFn: ( file: File ) => importSurveys( config, file ),
		onMutate: () => notify.dismiss( IMPORT_NOTICE ),
		onSuccess: reportImport,
		onError: reportRefusal,
		onSettled: () => {
			queryClient.removeQueries( {
				queryKey: queryKeys.surveys.lists,
				type: 'inactive',
			} );
			queryClient.invalidateQueries( {
				queryKey: queryKeys.surveys.all,
			} );
		},
	} );
	const { mutateAsync: exportAsync } = exporting;
	const { mutateAsync: importAsync } = importing;

	/** Resolves true once the download was handed to the browser, false when it failed (reported). */
	const exportSurveys = useCallback(
		( ids: number[] ): Promise< boolean > =>
			exportAsync( ids )
				.then( () => true )
				.catch( () => false ),
		[ exportAsync ]
	);

	/** Resolves with the result, or undefined when the file was refused (reported). */
	const importFile = useCallback(
		( file: File ): Promise< ImportResult | undefined > =>
			importAsync( file ).catch( () => undefined ),
		[ importAsync ]
	);

	return {
		exportSurveys,
		importFile,
		isImporting: importing.isPending,
	};
}
