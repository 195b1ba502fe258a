/**
 * The script every front-end page loads (build/widget/loader.js), async. It must
 * stay tiny and framework-free: it reads window.userfeedbackConfig, evaluates
 * targeting and triggers, and imports the survey UI chunk only when a survey starts.
 * Writes an earlier page could not send (localStorage uf_outbox, see outbox.ts) are
 * sent by a small chunk of their own, imported only when there are some.
 *
 * It never makes the page wait: async, so the page's DOMContentLoaded does not wait
 * for it; its work starts after the page's load event; and it runs in short tasks, because the first read of the cookies,
 * of sessionStorage and of localStorage on a page each waits for the browser process,
 * and one task holding all three blocked the page's input (Total Blocking Time,
 * bench/lighthouse.mjs).
 */
import { boot } from './boot';
import type { UiModule } from './types';

// Webpack's free variable for the public path; assigning it is how it is set.
// eslint-disable-next-line camelcase
declare let __webpack_public_path__: string;

const config = window.userfeedbackConfig;
// The chunks' URL is only known at run time (plugin folder, CDN rewrites), and webpack
// resolves it against the public path when import() runs, so it is set first. (Webpack
// reads the assignment: to the linter it looks unused.)
// eslint-disable-next-line camelcase, prefer-const, @typescript-eslint/no-unused-vars
__webpack_public_path__ = config?.assets_url!;

/**
 * Runs `step` in a task of its own, after the page's tasks queued so far.
 *
 * @param step What to run.
 */
const task = ( step: () => unknown ) =>
	new Promise< void >( ( resolve ) =>
		setTimeout( () => {
			// Storage the page may not use throws: nothing was kept there either.
			try {
				step();
			} catch {}
			resolve();
		} )
	);

// After the page's load event: the survey never competes with the page's own images, fonts
// and scripts for the network or the main thread (and the placeholders of inline surveys,
// which boot() reads, are parsed by then).
new Promise( ( loaded ) =>
	document.readyState === 'complete'
		? loaded( 0 )
		: addEventListener( 'load', loaded )
)
	// Each first read in a task of its own; boot()'s later reads are served from memory.
	.then( () => task( () => document.cookie ) )
	.then( () => task( () => sessionStorage.length ) )
	.then( () =>
		task( () => {
			if ( config && localStorage.uf_outbox ) {
				import( /* webpackChunkName: "outbox" */ './resend' );
			}
		} )
	)
	.then( () =>
		task( () =>
			boot(
				// The UI chunk's request (a script element webpack adds) in a task after the pick's.
				() =>
					task( () => 0 ).then(
						() =>
							import(
								/* webpackChunkName: "ui" */ './ui'
							) as Promise< UiModule >
					)
			)
		)
	);
