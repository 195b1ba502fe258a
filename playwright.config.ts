import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';

// Debian's Chromium: Playwright's own browser download cannot run here (no network but npm and apt).
const executablePath =
	process.env.UF_CHROMIUM ||
	execSync( 'command -v chromium', { encoding: 'utf8' } ).trim();

export default defineConfig( {
	testDir: 'tests/e2e',
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	// Two cores: the PHP server needs one of them.
	workers: 1,
	retries: 0,
	forbidOnly: !! process.env.CI,
	reporter: [ [ 'list' ] ],
	outputDir: 'test-results',
	globalSetup: './tests/e2e/global-setup.ts',
	use: {
		baseURL: process.env.UF_E2E_URL,
		trace: 'retain-on-failure',
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
