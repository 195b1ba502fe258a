/**
 * The script every front-end page loads (build/widget/loader.js), deferred. It must
 * stay tiny and framework-free: it reads window.userfeedbackConfig, evaluates
 * targeting and triggers, and imports the survey UI chunk only when a survey starts.
 */
import { boot } from './boot';
import type { UiModule } from './types';

// Webpack's free variable for the public path; assigning it is how it is set.
// eslint-disable-next-line camelcase, @typescript-eslint/no-unused-vars
declare let __webpack_public_path__: string;

boot( ( config ) => {
	// The chunk's URL is only known at run time (plugin folder, CDN rewrites), and
	// webpack resolves it against the public path when import() runs, so it has to be
	// set first.
	// eslint-disable-next-line camelcase
	__webpack_public_path__ = config.assets_url;
	return import( /* webpackChunkName: "ui" */ './ui' ) as Promise< UiModule >;
} );
