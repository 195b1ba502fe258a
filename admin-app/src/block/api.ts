/**
 * The surveys the block may show, through the surveys resource's fetchers
 * (shared/surveys; api-fetch is set up by the editor: root URL and nonce). Both
 * routes need the create/edit surveys capability; callers ask only when
 * BlockConfig.canEdit says so. The editor has no react-query client, so the block
 * keeps its own small cache.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

import { fetchSurvey, fetchSurveyList } from '../shared/surveys/api';
import { isWpError } from '../shared/types';
import type { Survey, SurveyList } from '../shared/types';

export type Loaded< T > =
	| { status: 'loading' }
	| { status: 'error'; message: string; code: string }
	| { status: 'ready'; data: T };

function errorOf( thrown: unknown ): { message: string; code: string } {
	if ( isWpError( thrown ) ) {
		return { message: thrown.message, code: thrown.code };
	}
	return {
		message: __(
			'The server could not be reached. Check your connection and try again.',
			'userfeedback'
		),
		code: 'fetch_error',
	};
}

/**
 * Every block on the page shares one request per search: a post with several
 * survey blocks asks once.
 */
const lists = new Map< string, Promise< SurveyList > >();

/** Forgets every loaded list (tests; a new editor session starts empty anyway). */
export function forgetSurveyLists(): void {
	lists.clear();
}

/**
 * The list's REST query: the surveys not in the trash (at most 100), maybe searched.
 *
 * @param search Text the titles contain.
 */
export function surveysQuery( search: string ) {
	return { per_page: 100, 'filter[status]': 'all', search };
}

function fetchList( search: string ): Promise< SurveyList > {
	let list = lists.get( search );
	if ( ! list ) {
		list = fetchSurveyList( surveysQuery( search ) );
		// A failure is not kept: the next attempt asks again.
		list.catch( () => lists.delete( search ) );
		lists.set( search, list );
	}
	return list;
}

/**
 * Loads a result and reloads it on retry; a result that comes back after the
 * component moved on (unmounted, other arguments) is dropped.
 *
 * @param load    Starts the request; undefined asks for nothing.
 * @param refresh Forgets what a retry must not reuse.
 */
function useLoaded< T >(
	load: ( () => Promise< T > ) | undefined,
	refresh: () => void
): [ Loaded< T >, () => void ] {
	const [ state, setState ] = useState< Loaded< T > >( {
		status: 'loading',
	} );
	const [ attempt, setAttempt ] = useState( 0 );

	useEffect( () => {
		if ( ! load ) {
			return;
		}
		let current = true;
		setState( { status: 'loading' } );
		load().then(
			( data ) => current && setState( { status: 'ready', data } ),
			( thrown: unknown ) =>
				current && setState( { status: 'error', ...errorOf( thrown ) } )
		);
		return () => {
			current = false;
		};
	}, [ load, attempt ] );

	const retry = useCallback( () => {
		refresh();
		setAttempt( ( n ) => n + 1 );
	}, [ refresh ] );
	return [ state, retry ];
}

/**
 * The surveys that are not in the trash, newest first (at most 100; the search
 * narrows them on the server).
 *
 * @param enabled Whether to ask at all.
 * @param search  Text the titles contain.
 */
export function useSurveys(
	enabled: boolean,
	search: string
): [ Loaded< SurveyList >, () => void ] {
	const load = useCallback( () => fetchList( search ), [ search ] );
	const refresh = useCallback( () => lists.delete( search ), [ search ] );
	return useLoaded( enabled ? load : undefined, refresh );
}

/**
 * One survey, complete, as the builder edits it.
 *
 * @param id      Survey id; 0 asks for nothing.
 * @param enabled Whether to ask at all.
 */
export function useSurvey(
	id: number,
	enabled: boolean
): [ Loaded< Survey >, () => void ] {
	const load = useCallback( () => fetchSurvey( id ), [ id ] );
	const refresh = useCallback( () => undefined, [] );
	return useLoaded( enabled && id > 0 ? load : undefined, refresh );
}
