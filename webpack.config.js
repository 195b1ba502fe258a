/**
 * Admin bundles: one per admin page, named explicitly (wp-scripts' default entry
 * discovery would give them all the name "index" and they would overwrite each other).
 * Dependency extraction stays on, so react and @wordpress/* are WordPress's own scripts
 * and each entry gets an <entry>.asset.php with its handles and version.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

/** The shared chunk's name: build/admin/vendor.js, registered as AdminPages::VENDOR_HANDLE. */
const VENDOR_CHUNK = 'vendor';

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

/**
 * Writes build/admin/chunks.php: for each app entry, the files of the chunks it loads on demand
 * (its route chunks, and the chunks webpack split off them). WordPress only knows the entry's
 * script; AdminPages merges these files' translations (languages/userfeedback-<locale>-<md5 of
 * build/admin/<file>>.json) into the entry's, so a lazy screen is translated like the rest.
 */
class LazyChunksManifestPlugin {
	apply( compiler ) {
		const { RawSource } = compiler.webpack.sources;
		compiler.hooks.thisCompilation.tap(
			'LazyChunksManifest',
			( compilation ) => {
				compilation.hooks.processAssets.tap(
					{
						name: 'LazyChunksManifest',
						stage: compiler.webpack.Compilation
							.PROCESS_ASSETS_STAGE_SUMMARIZE,
					},
					() => {
						const manifest = {};
						for ( const [
							name,
							entrypoint,
						] of compilation.entrypoints ) {
							const files = new Set();
							const seen = new Set();
							const queue = [ ...entrypoint.getChildren() ];
							while ( queue.length ) {
								const group = queue.pop();
								if ( seen.has( group ) ) {
									continue;
								}
								seen.add( group );
								for ( const chunk of group.chunks ) {
									for ( const file of chunk.files ) {
										// "name.js?ver=hash": the file is name.js.
										const js = file.replace( /\?.*$/, '' );
										if ( /\.js$/.test( js ) ) {
											files.add( js );
										}
									}
								}
								queue.push( ...group.getChildren() );
							}
							manifest[ name ] = [ ...files ].sort();
						}
						const php = Object.entries( manifest )
							.map(
								( [ name, files ] ) =>
									`\t'${ name }' => array(${ files
										.map( ( file ) => ` '${ file }'` )
										.join( ',' ) } ),`
							)
							.join( '\n' );
						compilation.emitAsset(
							'chunks.php',
							new RawSource(
								`<?php\n// Written by webpack.config.js (LazyChunksManifestPlugin): each entry's on-demand chunks.\nreturn array(\n${ php }\n);\n`
							)
						);
					}
				);
			}
		);
	}
}

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
		// Route chunks (React.lazy in */routes.tsx) load from the folder of the script that
		// asked for them: webpack reads it at run time from the entry's own <script src>
		// (document.currentScript), so the plugin works installed in any folder, under any
		// WP_PLUGIN_URL or CDN. Named chunks (webpackChunkName) keep stable file names for
		// the translations (AdminPages::chunk_translations()); ?ver= busts caches.
		publicPath: 'auto',
		chunkFilename: '[name].js?ver=[chunkhash]',
	},
	optimization: {
		...defaultConfig.optimization,
		splitChunks: {
			...defaultConfig.optimization.splitChunks,
			cacheGroups: {
				...defaultConfig.optimization.splitChunks.cacheGroups,
				// One chunk with the libraries two or more admin apps load up front (react-router,
				// react-query, ...), instead of a copy in each app: it gets its own vendor.asset.php,
				// AdminPages registers it as VENDOR_HANDLE and every app script depends on it.
				// The block editor's script stays whole (it loads in the block editor, not here).
				vendor: {
					name: VENDOR_CHUNK,
					chunks: ( chunk ) =>
						chunk.canBeInitial() && chunk.name !== 'block',
					test: ( module ) =>
						String( module.type ).startsWith( 'javascript' ) &&
						/[\\/]node_modules[\\/]/.test( module.resource || '' ),
					minChunks: 2,
					enforce: true,
					priority: 10,
				},
			},
		},
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
	plugins: [
		...defaultConfig.plugins
			.map( ( plugin ) => {
				// A route chunk's stylesheet, loaded by webpack's runtime with the chunk: versioned
				// like the chunk's script, so an update is not hidden by a cached copy.
				if ( plugin.constructor.name === 'MiniCssExtractPlugin' ) {
					plugin.options.chunkFilename =
						'[name].css?ver=[contenthash]';
				}
				return plugin;
			} )
			.filter(
				( plugin ) =>
					! [ 'CopyPlugin', 'PhpFilePathsPlugin' ].includes(
						plugin.constructor.name
					)
			),
		new LazyChunksManifestPlugin(),
	],
	performance: {
		// Admin pages load once per screen from the site itself; the widget has the
		// budget that matters (scripts/size.mjs).
		hints: false,
	},
};
