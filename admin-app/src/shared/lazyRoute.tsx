/**
 * Route screens that load with their own chunk (code splitting by route): the first screen of an
 * app ships with the app's script, the others (the builder, a survey's results, responses) load
 * when first opened, with the app's loading state until they are there. A chunk that fails to load
 * throws into the route's error element (RouteError), as any other route error.
 *
 * One chunk may hold several screens (the builder's frame and its steps): once the chunk is there,
 * its other screens render at once, without a loading state in between (React.lazy would otherwise
 * wait a tick for each screen's first render, even with its code already loaded).
 *
 * Name the chunk in the import (webpackChunkName "<entry>-<screen>"): build/admin/<name>.js, whose
 * translations AdminPages merges into the app's script (build/admin/chunks.php).
 */
import { lazy, Suspense, type ComponentType } from 'react';

import { LoadingState } from './components/States';

type Loaded< P > = { default: ComponentType< P > };

/**
 * @param load Imports the chunk's module.
 * @return A function of a screen of that module, answering its route component.
 */
export function lazyChunk< M >( load: () => Promise< M > ) {
	let module: M | undefined;
	let pending: Promise< M > | undefined;
	const get = () =>
		( pending ??= load().then( ( loaded ) => ( module = loaded ) ) );

	return function screen< P extends object >(
		pick: ( loaded: M ) => ComponentType< P >
	): ( props: P ) => JSX.Element {
		const Screen = lazy( () => {
			if ( module !== undefined ) {
				// Already loaded: a thenable that resolves at once, so React renders without suspending.
				const ready = module;
				return {
					then: ( resolve: ( value: Loaded< P > ) => void ) =>
						resolve( { default: pick( ready ) } ),
				} as unknown as Promise< Loaded< P > >;
			}
			return get().then( ( loaded ) => ( { default: pick( loaded ) } ) );
		} ) as unknown as ComponentType< P >;
		function LazyRoute( props: P ) {
			return (
				<Suspense fallback={ <LoadingState /> }>
					<Screen { ...props } />
				</Suspense>
			);
		}
		return LazyRoute;
	};
}
