/**
 * Visitor widget build: build/widget/loader.js (fixed name; the survey script PHP
 * enqueues) and the chunks it imports only when a page needs them, each
 * build/widget/<name>.<contenthash>.js: ui (a survey starts), narrow (a candidate
 * survey has page or country rules), triggers (its start is not immediate), api (the
 * page calls window.userfeedback) and outbox (writes an earlier page could not send);
 * scripts/size.mjs holds each to its budget. And, apart
 * from them, the post-rating widget: build/widget/post-rating.js and its
 * stylesheet build/widget/post-rating.css (a real file, so that PHP can put it in
 * the head before the widget paints).
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
// The webpack that runs this build: the one wp-scripts brings.
const { BannerPlugin, Compilation } = require( fromScripts( 'webpack' ) );
const MiniCssExtractPlugin = require(
	fromScripts( 'mini-css-extract-plugin' )
);

const KEEP_PLUGINS = [ 'DefinePlugin' ];

/**
 * Webpack's chunk loading builds a detailed ChunkLoadError (type, URL, event) for a chunk
 * that fails to load: about 150 bytes of the loader every visitor downloads, for an error
 * nobody catches (the console shows it either way). This keeps the rejection and its
 * message, without the details. The build fails should webpack's code ever change shape.
 */
class SlimChunkErrorPlugin {
	apply( compiler ) {
		compiler.hooks.compilation.tap(
			'SlimChunkErrorPlugin',
			( compilation ) =>
				compilation.hooks.runtimeModule.tap(
					'SlimChunkErrorPlugin',
					( module ) => {
						if (
							module.constructor.name !==
							'JsonpChunkLoadingRuntimeModule'
						) {
							return;
						}
						const generate = module.generate.bind( module );
						module.generate = () => {
							const code = generate();
							const slim = code
								.replace(
									/\/\/ create error before[^\n]*\n\s*(const|var) error = new Error\(\);/,
									''
								)
								.replace(
									/(const|var) errorType =[\s\S]*?installedChunkData\[1\]\(error\);/,
									"installedChunkData[1](new Error('Loading chunk ' + chunkId + ' failed.'));"
								);
							if ( /\berror\b/.test( slim ) ) {
								throw new Error(
									"SlimChunkErrorPlugin: webpack's chunk loading changed; update widget/webpack.config.js."
								);
							}
							return slim;
						};
					}
				)
		);
	}
}

// Minified in production, with the same PostCSS plugins as wp-scripts.
const postcss = {
	loader: fromScripts( 'postcss-loader' ),
	options: {
		postcssOptions: {
			plugins: [
				...require(
					fromScripts( '@wordpress/postcss-plugins-preset' )
				),
				...( isProduction
					? [
							require( fromScripts( 'cssnano' ) )( {
								preset: [
									'default',
									{ discardComments: { removeAll: true } },
								],
							} ),
						]
					: [] ),
			],
		},
	},
};

// Only the JavaScript and asset rules of wp-scripts; its CSS rules extract files.
const baseRules = defaultConfig.module.rules.filter(
	( rule ) => ! String( rule.test ).includes( 'css' )
);

module.exports = {
	...defaultConfig,
	context: root,
	entry: {
		loader: path.resolve( __dirname, 'src/loader.ts' ),
		// The stylesheet is an entry of its own rather than an import of the
		// script: the script stays free of CSS modules and their runtime.
		'post-rating': [
			path.resolve( __dirname, 'src/post-rating/post-rating.ts' ),
			path.resolve( __dirname, 'src/post-rating/post-rating.css' ),
		],
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
				use: [ postcss ],
			},
			{
				// Stylesheets that are files of their own (post-rating.css).
				test: /\.css$/,
				resourceQuery: { not: [ /inline/ ] },
				use: [
					MiniCssExtractPlugin.loader,
					{
						loader: fromScripts( 'css-loader' ),
						options: { importLoaders: 1, url: false },
					},
					postcss,
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
		// Chunks go by their names ("ui", "narrow", ...): the loader's runtime then needs no
		// table from numeric ids to names.
		chunkIds: 'named',
		runtimeChunk: false,
	},
	plugins: [
		...defaultConfig.plugins.filter( ( plugin ) =>
			KEEP_PLUGINS.includes( plugin.constructor.name )
		),
		new TinyScriptLoaderPlugin(),
		// V8's explicit compile hint: compile every function of the UI chunk while the
		// script streams in, off the main thread, rather than each on its first call.
		// The survey's first render calls most of them, and compiling them lazily made
		// that render a long task (bench/lighthouse.mjs). Added after minification, which
		// would drop the comment, and before the file's content hash is taken; first in
		// the file, where V8 looks for it.
		new BannerPlugin( {
			banner: '//# allFunctionsCalledOnLoad',
			raw: true,
			include: /^ui\./,
			stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE,
		} ),
		new SlimChunkErrorPlugin(),
		// runtime: false keeps CSS-chunk loading code out of loader.js: no chunk
		// loads CSS on demand; post-rating.css is enqueued by PHP.
		new MiniCssExtractPlugin( { filename: '[name].css', runtime: false } ),
	],
	performance: {
		// scripts/size.mjs checks the gzip budgets.
		hints: false,
	},
};
