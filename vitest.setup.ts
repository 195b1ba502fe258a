import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup as cleanupReact } from '@testing-library/react';
import { cleanup as cleanupPreact } from '@testing-library/preact';

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
