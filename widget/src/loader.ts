/**
 * The script every front-end page loads (build/widget/loader.js). It must stay tiny
 * and framework-free: the survey UI is a separate chunk fetched only when a survey
 * is to be shown.
 */
import { boot, type UiModule } from './boot';

// Webpack's free variable for the public path; assigning it is how it is set.
// eslint-disable-next-line camelcase, @typescript-eslint/no-unused-vars
declare let __webpack_public_path__: string;

boot( window, () => {
	// The chunk's URL is only known at run time (plugin folder, CDN rewrites), and
	// webpack resolves it against the public path when import() runs, so it has to be
	// set first.
	// eslint-disable-next-line camelcase
	__webpack_public_path__ = window.userfeedbackConfig?.assets_url ?? '';
	return import( /* webpackChunkName: "ui" */ './ui' ) as Promise< UiModule >;
} );
