/**
 * Choices for the selector page rules, from GET logic-type and GET search, and the
 * debounced lookup the multi-select runs while the user types.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';

import { queryKeys } from '../../../../shared/query';
import { apiGet } from '../../../../shared/api';
import type { LogicTypeOption, SearchResult } from '../../../../shared/types';
import type { OptionSource } from './pageRules';

/** Spec 1, section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * @param source Where the choices come from.
 * @param search What the user typed; empty for the first page of choices.
 */
export async function fetchOptions(
	source: OptionSource,
	search: string
): Promise< LogicTypeOption[] > {
	if ( source === 'search' ) {
		const pages = await apiGet< SearchResult[] >( 'search', {
			title: search,
		} );
		return pages.map( ( page ) => ( { id: page.id, label: page.title } ) );
	}
	return apiGet< LogicTypeOption[] >( 'logic-type', {
		logic_type: source,
		search,
	} );
}

export function useDebouncedValue< T >( value: T, ms: number ): T {
	const [ debounced, setDebounced ] = useState( value );
	useEffect( () => {
		const timer = setTimeout( () => setDebounced( value ), ms );
		return () => clearTimeout( timer );
	}, [ value, ms ] );
	return debounced;
}

export interface OptionResults {
	items: LogicTypeOption[];
	/** True while the typed text waits for its debounce or its answer. */
	loading: boolean;
	error: Error | null;
}

function matches( option: LogicTypeOption, query: string ): boolean {
	return option.label
		.toLocaleLowerCase()
		.includes( query.toLocaleLowerCase() );
}

/**
 * The choices to show for what the user typed: a fixed list filtered here, or a
 * source asked on the server (debounced, cached per source and search text).
 *
 * @param args         What to look up.
 * @param args.options A fixed list of choices.
 * @param args.source  A server source, used when there is no fixed list.
 * @param args.query   What the user typed.
 * @param args.enabled Whether the list is open (nothing is fetched while closed).
 */
export function useOptionResults( {
	options,
	source,
	query,
	enabled,
}: {
	options?: LogicTypeOption[];
	source?: OptionSource | null;
	query: string;
	enabled: boolean;
} ): OptionResults {
	const search = query.trim();
	const debounced = useDebouncedValue( search, SEARCH_DEBOUNCE_MS );
	const remote = useQuery( {
		queryKey: queryKeys.ruleOptions( source, debounced ),
		queryFn: () => fetchOptions( source as OptionSource, debounced ),
		enabled: enabled && ! options && !! source,
		staleTime: 60_000,
		// Keep showing the last answer while the next one loads.
		placeholderData: ( previous ) => previous,
	} );

	if ( options ) {
		return {
			items: search
				? options.filter( ( option ) => matches( option, search ) )
				: options,
			loading: false,
			error: null,
		};
	}
	return {
		items: remote.data ?? [],
		loading: debounced !== search || remote.isFetching,
		error: remote.error,
	};
}
