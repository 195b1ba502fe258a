/**
 * The busy state of a button that runs an action of one or more steps (install, then
 * activate...): it names the step running, and lasts until a second after the action
 * finished (spec 9); meanwhile the button does not start the action again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the busy state lasts after the action finished (spec 9). */
export const BUSY_EXTRA_MS = 1000;

export function useBusyAction< Step extends string >() {
	const [ busy, setBusy ] = useState< Step | null >( null );
	const running = useRef( false );
	const timers = useRef< ReturnType< typeof setTimeout >[] >( [] );

	useEffect(
		() => () => {
			timers.current.forEach( clearTimeout );
		},
		[]
	);

	/**
	 * Runs the action unless one is running; it sets the step it is at with setBusy.
	 *
	 * @param action The action; it handles its own errors.
	 */
	const run = useCallback( async ( action: () => Promise< void > ) => {
		if ( running.current ) {
			return;
		}
		running.current = true;
		try {
			await action();
		} finally {
			timers.current.push(
				setTimeout( () => {
					running.current = false;
					setBusy( null );
				}, BUSY_EXTRA_MS )
			);
		}
	}, [] );

	return { busy, setBusy, run };
}
