import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import {
	cleanup as cleanupReact,
	configure as configureReact,
} from '@testing-library/react';
import {
	cleanup as cleanupPreact,
	configure as configurePreact,
} from '@testing-library/preact';

import { installThemePresets } from './admin-app/src/shared/widgetLook';
import themePresets from './tests/fixtures/contract/theme-presets.json';

import { installFonts } from './admin-app/src/shared/fonts';
import fonts from './tests/fixtures/contract/fonts.json';

import { installQuestionTypes } from './admin-app/src/shared/questionTypes';
import { recordedRegistry } from './admin-app/src/shared/test/questionTypes';

// findBy*/waitFor give up after asyncUtilTimeout (1 s by default): on a busy 2-core machine a
// screen that does appear can take far longer to render (a 10 s and even a 60 s wait were seen
// to run out at load average 20), and the test failed on time alone. A wait is for a state, not
// a speed: the limit only ends a wait for what never comes, inside the test's own limit
// (vitest.config.mts). No test passes a shorter timeout.
const WAIT_LIMIT_MS = 150_000;
configureReact( { asyncUtilTimeout: WAIT_LIMIT_MS } );
configurePreact( { asyncUtilTimeout: WAIT_LIMIT_MS } );

// The admin's plain functions (builder rules, defaults) read the question types of the
// page; a test that renders no page gets the recorded registry, as every test config does
// (also while its file is collected: tables of cases are built at import).
installQuestionTypes( recordedRegistry() );
beforeEach( () => installQuestionTypes( recordedRegistry() ) );

// The admin's theming functions read the server's presets from the page config; a test
// that renders no page gets them from the contract corpus, which PHPUnit checks against
// SettingsSchema::PRESETS and VisitorTheming::fallbacks().
installThemePresets( {
	presets: themePresets.presets,
	unbranded: {
		...themePresets.unbranded,
		logo_type: 'userfeedback',
	},
} );

// The font catalogue is the server's (Frontend\Fonts, the boot config's fonts); a test
// that renders no page gets the contract corpus, which PHPUnit checks against it.
installFonts( fonts );

// Vitest runs without globals, so the testing libraries cannot register their own
// cleanup: unmount whatever a test rendered before the next one starts.
afterEach( () => {
	cleanupReact();
	cleanupPreact();
	document.cookie.split( /;\s*/ ).forEach( ( pair ) => {
		const name = pair.split( '=' )[ 0 ];
		if ( name ) {
			document.cookie = `${ name }=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
		}
	} );
	// The builder keeps unsaved work in localStorage (surveys/builder/autosave.ts): one
	// test's draft must not be restored into the next.
	if ( typeof window !== 'undefined' ) {
		window.localStorage?.clear();
	}
} );
