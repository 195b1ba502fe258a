import { defineConfig } from 'vitest/config';

/**
 * Unit tests: jsdom, beside the code they test (*.test.ts, *.test.tsx).
 * JSX runs through Vite's transform with the automatic runtime; the nearest
 * tsconfig picks React for admin-app and Preact for widget, and Preact files carry
 * their own @jsxImportSource pragma as well.
 */
export default defineConfig( {
	test: {
		environment: 'jsdom',
		include: [
			'admin-app/src/**/*.test.{ts,tsx}',
			'widget/src/**/*.test.{ts,tsx}',
		],
		setupFiles: [ './vitest.setup.ts' ],
		// The widget injects its stylesheet itself (imported with ?inline): let
		// tests see the real text rather than Vitest's empty stand-in.
		css: { include: [ /widget\/src\/.*\.css/ ] },
		// A render-and-click test takes well under a second on an idle machine and several on a busy
		// 2-core one; the limit is there to end a hung test, not to time a slow one.
		testTimeout: 30_000,
		restoreMocks: true,
		unstubGlobals: true,
	},
} );
