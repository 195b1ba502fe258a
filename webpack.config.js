/**
 * Admin bundles: one per admin page, named explicitly (wp-scripts' default entry
 * discovery would give them all the name "index" and they would overwrite each other).
 * Dependency extraction stays on, so react and @wordpress/* are WordPress's own scripts
 * and each entry gets an <entry>.asset.php with its handles and version.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

const ENTRIES = [
	'surveys',
	'results',
	'settings',
	'addons',
	'about',
	'growth-tools',
	'post-ratings',
	// The welcome screen and setup wizard (a page without a menu entry, AdminPages::HIDDEN).
	'welcome',
	// The userfeedback/survey block's editor script (blocks/survey/block.json),
	// enqueued by SurveyBlock in the block editors only.
	'block',
];

module.exports = {
	...defaultConfig,
	entry: Object.fromEntries(
		ENTRIES.map( ( name ) => [
			name,
			path.resolve( __dirname, 'admin-app/src', name, 'index.tsx' ),
		] )
	),
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'build/admin' ),
	},
	module: {
		...defaultConfig.module,
		rules: [
			// The survey builder's live preview renders the visitor widget, whose UI
			// imports its stylesheet as a string (widget.css?inline) and injects it
			// itself: give it the text, as the widget build and Vitest do, instead of
			// extracting it into the page's stylesheet.
			...defaultConfig.module.rules.map( ( rule ) =>
				String( rule.test ) === String( /\.css$/ )
					? { ...rule, resourceQuery: { not: [ /inline/ ] } }
					: rule
			),
			{ test: /\.css$/, resourceQuery: /inline/, type: 'asset/source' },
		],
	},
	// Our files live outside wp-scripts' "src": its block.json/PHP copy step has
	// nothing to do here.
	plugins: defaultConfig.plugins.filter(
		( plugin ) =>
			! [ 'CopyPlugin', 'PhpFilePathsPlugin' ].includes(
				plugin.constructor.name
			)
	),
	performance: {
		// Admin pages load once per screen from the site itself; the widget has the
		// budget that matters (scripts/size.mjs).
		hints: false,
	},
};
