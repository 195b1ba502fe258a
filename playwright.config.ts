import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

// Debian's Chromium: Playwright's own browser download cannot run here (no network but npm and apt).
// Its headless shell (package chromium-headless-shell, the old headless mode Playwright itself
// runs headless tests in) needs about a third less CPU per page than the full browser, which
// on a 2-core machine is the whole suite's time; UF_CHROMIUM picks another binary (say
// /usr/bin/chromium, to watch a test with --headed).
const executablePath =
	process.env.UF_CHROMIUM ||
	execSync( 'command -v chromium-headless-shell || command -v chromium', {
		encoding: 'utf8',
		shell: '/bin/sh',
	} ).trim();

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
		// A failed test leaves its screenshot and error context. Its trace (DOM snapshots of every
		// step) is kept with UF_E2E_TRACE=1: recording one for every test costs about 7% of the
		// suite's CPU, and a run in CI keeps only its log.
		trace:
			process.env.UF_E2E_TRACE === '1'
				? { mode: 'retain-on-failure', screenshots: false }
				: 'off',
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
