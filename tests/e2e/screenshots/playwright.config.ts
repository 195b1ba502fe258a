/**
 * `npm run screenshots`: the readme's screenshots (readme.txt "== Screenshots =="), taken by
 * readme.shots.ts on the throw-away site of scripts/test-e2e.sh and written to
 * .wordpress-org/screenshot-N.png. The suite's own config with one test file of its own: the
 * name does not end in .spec.ts, so `npm test` and `npm run test:e2e` never run it.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from '../../../playwright.config';

const root = path.resolve( __dirname, '../../..' );

export default defineConfig( {
	...suite,
	testDir: __dirname,
	testMatch: 'readme.shots.ts',
	// The suite's paths, which Playwright would read relative to this file.
	globalSetup: path.join( root, 'tests/e2e/global-setup.ts' ),
	// Not under test-results/, which every other Playwright run of the tree empties when it starts.
	outputDir: path.join( os.tmpdir(), 'userfeedback-screenshots-results' ),
	timeout: 180_000,
	// One test file whose tests build on each other: one worker, one site (package.json sets
	// UF_E2E_WORKERS=1 so that scripts/test-e2e.sh makes only that one).
	workers: 1,
	fullyParallel: false,
	use: {
		...suite.use,
		viewport: { width: 1280, height: 800 },
		deviceScaleFactor: 1,
		// Screenshots of a fixed moment: no caret blinking, no animation caught half-way.
		reducedMotion: 'reduce',
	},
	projects: [
		{
			name: 'chromium',
			use: {
				browserName: 'chromium',
				viewport: { width: 1280, height: 800 },
			},
		},
	],
} );
