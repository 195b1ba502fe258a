/**
 * Survey files (includes/Surveys/SurveyFilesController.php): GET surveys/export answers a
 * JSON file to download, POST surveys/import takes one as an upload. Both go through
 * api-fetch, so the REST nonce travels in its header as for every other call (a plain
 * link could not send it).
 */
import apiFetch from '@wordpress/api-fetch';

import { ApiError } from '../../shared/api';
import { isWpError, type AppConfig } from '../../shared/types';

/** One survey the import created, as a new draft. */
export interface ImportedSurvey {
	id: number;
	title: string;
}

/** What POST surveys/import answers. */
export interface ImportResult {
	created: ImportedSurvey[];
	/** Surveys saved without features this site may not use, and which. */
	stripped?: ( ImportedSurvey & {
		features: { feature: string; label: string }[];
	} )[];
}

/** One problem of a refused file: where in the file, and what. */
export interface FileProblem {
	path: string;
	message: string;
}

function route( config: AppConfig, path: string ): string {
	return `/${ config.rest.namespace.replace( /^\/+|\/+$/g, '' ) }/${ path }`;
}

/** The problems a refusal lists (data.errors), if any. */
export function problemsOf( error: unknown ): FileProblem[] {
	const errors =
		error instanceof ApiError
			? ( error.data as { errors?: unknown } | undefined )?.errors
			: undefined;
	return Array.isArray( errors )
		? errors.filter(
				( item ): item is FileProblem =>
					typeof item?.path === 'string' &&
					typeof item?.message === 'string'
			)
		: [];
}

async function failure( thrown: unknown ): Promise< ApiError > {
	// With parse: false api-fetch rejects with the raw Response.
	if ( typeof Response !== 'undefined' && thrown instanceof Response ) {
		const body: unknown = await thrown.json().catch( () => null );
		return new ApiError(
			isWpError( body )
				? body
				: {
						code: 'http_error',
						message: thrown.statusText || `HTTP ${ thrown.status }`,
						data: { status: thrown.status },
					}
		);
	}
	if ( thrown instanceof ApiError ) {
		return thrown;
	}
	return new ApiError(
		isWpError( thrown )
			? thrown
			: {
					code: 'unknown_error',
					message:
						thrown instanceof Error
							? thrown.message
							: 'The request failed.',
				}
	);
}

/** The file name of a Content-Disposition header, if it gives one. */
export function fileName( disposition: string | null ): string | null {
	const match = /filename="?([^";]+)"?/i.exec( disposition ?? '' );
	return match ? match[ 1 ] : null;
}

/**
 * Downloads the file of some surveys: fetched with the REST nonce, then saved from a
 * Blob URL under the name the server gives.
 *
 * @param config The page config (REST namespace).
 * @param ids    Survey ids, in the file's order.
 */
export async function downloadSurveys(
	config: AppConfig,
	ids: number[]
): Promise< void > {
	let response: Response;
	try {
		response = await apiFetch< Response, false >( {
			path: `${ route( config, 'surveys/export' ) }?ids=${ ids.join(
				','
			) }`,
			method: 'GET',
			parse: false,
		} );
	} catch ( thrown ) {
		throw await failure( thrown );
	}
	const blob = await response.blob();
	const url = URL.createObjectURL( blob );
	const link = document.createElement( 'a' );
	link.href = url;
	link.download =
		fileName( response.headers.get( 'Content-Disposition' ) ) ??
		'userfeedback-surveys.json';
	document.body.appendChild( link );
	link.click();
	link.remove();
	// After the click has handed the file to the browser's download.
	setTimeout( () => URL.revokeObjectURL( url ), 0 );
}

/** A file's text (FileReader: test DOMs have no Blob.text()). */
function readText( file: Blob ): Promise< string > {
	return new Promise( ( resolve, reject ) => {
		const reader = new FileReader();
		reader.onload = () => resolve( String( reader.result ?? '' ) );
		reader.onerror = () => reject( reader.error );
		reader.readAsText( file );
	} );
}

/**
 * Uploads a survey file: its text as the JSON body (the route takes a multipart upload
 * too). Whether it is JSON, and a survey file, is the server's to say.
 *
 * @param config The page config (REST namespace).
 * @param file   The file the user chose.
 */
export async function importSurveys(
	config: AppConfig,
	file: Blob
): Promise< ImportResult > {
	const text = await readText( file );
	try {
		return await apiFetch< ImportResult >( {
			path: route( config, 'surveys/import' ),
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: text,
		} );
	} catch ( thrown ) {
		throw await failure( thrown );
	}
}
