/**
 * A clock that moves only when the test says so, for screens with a real delay (a
 * default filled in after 300 ms, a debounce): with real timers the delay races the
 * test, and on a busy machine it can run out before the test looks.
 *
 * Only setTimeout/clearTimeout are faked: Date, setInterval and I/O stay real, so a
 * request to the test server (shared/test/server.ts) still gets its answer.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

// Taken before any test fakes them: the polling below must keep real time.
const realSetTimeout = globalThis.setTimeout;
const realNow = () => performance.now();

/** Fakes setTimeout/clearTimeout until vi.useRealTimers() (put that in afterEach). */
export function freezeClock(): void {
	vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );
}

/** Moves the frozen clock on by `ms`, running what falls due, inside act(). */
export async function tick( ms: number ): Promise< void > {
	await act( () => vi.advanceTimersByTimeAsync( ms ) );
}

/**
 * Waits until `check` stops throwing, with the clock frozen: between tries it runs
 * the timers already due (react-query hands its updates over with zero-delay
 * timeouts) and lets real I/O through, but never moves the clock, so no delay of the
 * screen runs out while the test waits. Gives up after `limitMs` of real time (as
 * long as Testing Library's waits, vitest.setup.ts).
 *
 * @param check   Throws until the awaited state is there; its result is returned.
 * @param limitMs Real time after which the wait fails with check's last error.
 */
export async function untilFrozen< T >(
	check: () => T,
	limitMs = 150_000
): Promise< T > {
	const deadline = realNow() + limitMs;
	for (;;) {
		await tick( 0 );
		try {
			return check();
		} catch ( error ) {
			if ( realNow() > deadline ) {
				throw error;
			}
		}
		await new Promise( ( resolve ) => realSetTimeout( resolve, 5 ) );
	}
}
