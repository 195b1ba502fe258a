import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

// Debian's Chromium: Playwright's own browser download cannot run here (no network but npm and apt).
const executablePath =
	process.env.UF_CHROMIUM ||
	execSync( 'command -v chromium', { encoding: 'utf8' } ).trim();

// One site per worker (scripts/test-e2e.sh): the specs change the site's global state, so two
// workers never share one. In a worker, its site's numbered variables become the unnumbered ones
// that the fixtures and specs read (this file is loaded again in every worker process).
const sites = Number( process.env.UF_E2E_SITES || 1 );
const parallelIndex = process.env.TEST_PARALLEL_INDEX;
if ( parallelIndex !== undefined && process.env.UF_E2E_URL_0 ) {
	if ( ! process.env[ `UF_E2E_URL_${ parallelIndex }` ] ) {
		throw new Error(
			`Worker ${ parallelIndex } has no site of its own: ${ sites } site(s) for this run (UF_E2E_WORKERS).`
		);
	}
	for ( const name of [ 'URL', 'SITE', 'STATE', 'STORE_URL', 'STORE_DIR' ] ) {
		process.env[ `UF_E2E_${ name }` ] =
			process.env[ `UF_E2E_${ name }_${ parallelIndex }` ];
	}
}

export default defineConfig( {
	testDir: 'tests/e2e',
	timeout: 60_000,
	expect: { timeout: 10_000 },
	// A spec file's tests run in order in one worker (they build on each other's data); files
	// are spread over the workers.
	fullyParallel: false,
	workers: sites,
	retries: 0,
	forbidOnly: !! process.env.CI,
	reporter: [ [ 'list' ] ],
	outputDir: 'test-results',
	globalSetup: './tests/e2e/global-setup.ts',
	use: {
		baseURL: process.env.UF_E2E_URL,
		// A trace of each failed test, without a screenshot of every step (costly on a 2-core machine).
		trace: { mode: 'retain-on-failure', screenshots: false },
		screenshot: 'only-on-failure',
		launchOptions: {
			executablePath,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [ { name: 'chromium', use: { browserName: 'chromium' } } ],
} );
