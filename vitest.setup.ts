import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup as cleanupReact } from '@testing-library/react';
import { cleanup as cleanupPreact } from '@testing-library/preact';

import { installThemePresets } from './admin-app/src/shared/widgetLook';
import themePresets from './tests/fixtures/contract/theme-presets.json';

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
} );
