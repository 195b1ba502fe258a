/**
 * ESLint flat config for `wp-scripts lint-js`: the WordPress recommended rules
 * (which include typescript-eslint for .ts/.tsx and Prettier formatting), plus what
 * this repository needs on top.
 */
const wpConfig = require( '@wordpress/scripts/config/eslint.config.cjs' );
// The same copy of the plugin that wp-scripts' config uses.
const wpPlugin = require(
	require.resolve( '@wordpress/eslint-plugin', {
		paths: [ require.resolve( '@wordpress/scripts/package.json' ) ],
	} )
);

module.exports = [
	{
		ignores: [
			'build/**',
			'vendor/**',
			'node_modules/**',
			'.dev/**',
			'languages/**',
			'test-results/**',
			'playwright-report/**',
		],
	},
	...wpConfig,
	{
		rules: {
			// Preact files declare their JSX runtime with this pragma (see DESIGN.md 5).
			'jsdoc/check-tag-names': [
				'error',
				{ definedTags: [ 'jsxImportSource' ] },
			],
			// A label wrapping its input is as valid as one pointing at it by id.
			'jsx-a11y/label-has-associated-control': [
				'error',
				{ assert: 'either' },
			],
		},
	},
	{
		files: [ '**/*.ts', '**/*.tsx' ],
		rules: {
			// Types document parameters; @param lines for destructured props
			// ("root0.title") would only repeat them.
			'jsdoc/require-param': 'off',
		},
	},
	{
		// Vitest tests: same conventions as the jest ones wp-scripts knows about.
		files: [ '**/*.test.ts', '**/*.test.tsx' ],
		rules: {
			'jsdoc/require-jsdoc': 'off',
		},
	},
	...wpPlugin.configs[ 'test-playwright' ].map( ( config ) => ( {
		...config,
		files: [ 'tests/e2e/**/*.{js,ts}' ],
	} ) ),
];
