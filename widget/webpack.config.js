/**
 * Visitor widget build: build/widget/loader.js (fixed name; the only script PHP
 * enqueues) and the lazily imported build/widget/ui.<contenthash>.js.
 *
 * Unlike the admin build there is no dependency extraction: visitors' pages must
 * not load React or any @wordpress/* script. The UI is Preact, and its CSS travels
 * inside the UI chunk as a string, so the loader needs no CSS-loading runtime.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );
const TinyScriptLoaderPlugin = require( './tiny-script-loader' );

const root = path.resolve( __dirname, '..' );
// Loaders and PostCSS plugins come with @wordpress/scripts; resolve them from there.
const fromScripts = ( request ) =>
	require.resolve( request, {
		paths: [
			path.dirname(
				require.resolve( '@wordpress/scripts/package.json' )
			),
		],
	} );
const isProduction = process.env.NODE_ENV === 'production';
const TerserPlugin = require( fromScripts( 'terser-webpack-plugin' ) );

const KEEP_PLUGINS = [ 'DefinePlugin' ];

// Only the JavaScript and asset rules of wp-scripts; its CSS rules extract files.
const baseRules = defaultConfig.module.rules.filter(
	( rule ) => ! String( rule.test ).includes( 'css' )
);

module.exports = {
	...defaultConfig,
	context: root,
	entry: {
		loader: path.resolve( __dirname, 'src/loader.ts' ),
	},
	output: {
		path: path.resolve( root, 'build/widget' ),
		filename: '[name].js',
		chunkFilename: '[name].[contenthash:8].js',
		// Set at run time by loader.ts from userfeedbackConfig.assets_url.
		publicPath: '',
		clean: true,
	},
	module: {
		...defaultConfig.module,
		rules: [
			...baseRules,
			{
				test: /\.css$/,
				resourceQuery: /inline/,
				// The minified stylesheet as a plain string: no css-loader runtime in the chunk.
				type: 'asset/source',
				use: [
					{
						loader: fromScripts( 'postcss-loader' ),
						options: {
							postcssOptions: {
								plugins: [
									...require(
										fromScripts(
											'@wordpress/postcss-plugins-preset'
										)
									),
									...( isProduction
										? [
												require(
													fromScripts( 'cssnano' )
												)( {
													preset: [
														'default',
														{
															discardComments: {
																removeAll: true,
															},
														},
													],
												} ),
											]
										: [] ),
								],
							},
						},
					},
				],
			},
		],
	},
	externals: [
		// A guard, not a mapping: fail the build if React or WordPress code is ever
		// pulled into the visitor bundle.
		( { request }, callback ) => {
			if ( /^(react|react-dom|@wordpress\/)/.test( request ) ) {
				return callback(
					new Error(
						`The widget must not import "${ request }" (use Preact; no @wordpress/* code on visitors' pages).`
					)
				);
			}
			return callback();
		},
	],
	optimization: {
		...defaultConfig.optimization,
		minimizer: [
			new TerserPlugin( {
				parallel: true,
				extractComments: false,
				terserOptions: {
					compress: { passes: 2 },
					output: {
						comments: false,
						// Escape non-ASCII (×, –, CSS text): the chunk is injected without a
						// charset attribute and must read right on any page encoding.
						ascii_only: true,
					},
				},
			} ),
		],
		// One UI chunk: Preact and the UI arrive in a single request.
		splitChunks: false,
		runtimeChunk: false,
	},
	plugins: [
		...defaultConfig.plugins.filter( ( plugin ) =>
			KEEP_PLUGINS.includes( plugin.constructor.name )
		),
		new TinyScriptLoaderPlugin(),
	],
	performance: {
		// scripts/size.mjs checks the gzip budgets.
		hints: false,
	},
};
