/**
 * The script every front-end page loads (build/widget/loader.js), deferred. It must
 * stay tiny and framework-free: it reads window.userfeedbackConfig, evaluates
 * targeting and triggers, and imports the survey UI chunk only when a survey starts.
 * Writes an earlier page could not send (localStorage uf_outbox, see outbox.ts) are
 * sent by a small chunk of their own, imported only when there are some.
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
try {
	if ( config && localStorage.uf_outbox ) {
		import( /* webpackChunkName: "outbox" */ './resend' );
	}
} catch {
	// Storage the page may not use: nothing was kept there either.
}

boot(
	() => import( /* webpackChunkName: "ui" */ './ui' ) as Promise< UiModule >
);
