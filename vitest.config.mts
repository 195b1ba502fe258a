import { availableParallelism } from 'node:os';
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
		// Each test file runs in a fresh VM context of a long-lived worker thread: the file's own
		// modules and its jsdom window are new, while jsdom, Vitest's runner and the pre-bundled
		// packages below stay loaded in the worker instead of being loaded again for every file.
		// The whole suite on two idle cores: 320 s with a process per file (forks, and threads
		// too), 185 s with vmThreads. What a VM context changes: the window's unforgeable
		// properties (location) cannot be stubbed, so the widget leaves the page through
		// widget/src/ui/navigation.ts, which tests spy on.
		pool: 'vmThreads',
		// Vitest's default leaves one core to itself (one worker on a 2-core machine); its
		// main process is nearly idle once the files are transformed, so use every core.
		maxWorkers: availableParallelism(),
		// Node would load @wordpress/components as some 600 separate modules in every test
		// file (several seconds each); esbuild bundles these packages once into
		// node_modules/.vite/vitest and each file imports one module per package. Every
		// package a test or its code imports that shares React or Preact with another is
		// listed, so all of them use the one bundled copy (two Reacts break hooks).
		// Preact is not bundled: the bundled hooks would import a second Preact, and its
		// testing library would lose its exports. Preact and its testing library are
		// small and run through Vite (server.deps.inline), so every import of Preact,
		// from the widget, its hooks or the testing library, is the same module.
		server: {
			deps: {
				inline: [
					/\/node_modules\/(preact|@testing-library\/preact)\//,
				],
			},
		},
		deps: {
			optimizer: {
				client: {
					enabled: true,
					include: [
						'react',
						'react/jsx-runtime',
						'react/jsx-dev-runtime',
						'react-dom',
						'react-dom/client',
						'@wordpress/components',
						'@wordpress/element',
						'@wordpress/i18n',
						'@wordpress/api-fetch',
						'@tanstack/react-query',
						'react-router-dom',
						'date-fns',
						'date-fns-tz',
						'@dnd-kit/core',
						'@dnd-kit/sortable',
						'@dnd-kit/utilities',
						'zustand',
						'chart.js',
						'react-chartjs-2',
						'@testing-library/dom',
						'@testing-library/react',
						'@testing-library/user-event',
					],
				},
			},
		},
		// The widget injects its stylesheet itself (imported with ?inline): let
		// tests see the real text rather than Vitest's empty stand-in.
		css: { include: [ /widget\/src\/.*\.css/ ] },
		// A render-and-click test takes well under a second on an idle machine and up to a
		// minute on a 2-core one running other suites; the limits are there to end a hung
		// test or hook, not to time a slow one (Testing Library's waits end at 150 s,
		// vitest.setup.ts).
		testTimeout: 300_000,
		hookTimeout: 120_000,
		restoreMocks: true,
		unstubGlobals: true,
	},
} );
