/**
 * Replaces webpack's script-tag loader (__webpack_require__.l) in the widget build
 * with a five-line one. Webpack's version looks for an existing <script> of the
 * chunk, sets charset, nonce and data attributes and runs a two-minute timeout:
 * about 600 bytes of the loader that every visitor downloads, for one chunk that is
 * loaded once. Chunk bookkeeping (no double loads, errors) stays in webpack's JSONP
 * runtime, which calls this with the chunk URL and a done(event) callback.
 */
const path = require( 'path' );

// The webpack instance wp-scripts runs, so RuntimeModule is the class it knows.
const webpack = require(
	require.resolve( 'webpack', {
		paths: [
			path.dirname(
				require.resolve( '@wordpress/scripts/package.json' )
			),
		],
	} )
);

const { RuntimeGlobals, RuntimeModule } = webpack;

class TinyLoadScriptRuntimeModule extends RuntimeModule {
	constructor() {
		super( 'load script (tiny)' );
	}

	generate() {
		return `${ RuntimeGlobals.loadScript } = function (url, done) {
	var script = document.createElement('script');
	script.src = url;
	script.onload = script.onerror = done;
	document.head.appendChild(script);
};`;
	}
}

class TinyScriptLoaderPlugin {
	apply( compiler ) {
		compiler.hooks.compilation.tap(
			'TinyScriptLoaderPlugin',
			( compilation ) => {
				compilation.hooks.runtimeRequirementInTree
					.for( RuntimeGlobals.loadScript )
					// Before webpack's own RuntimePlugin tap; returning true stops it.
					.tap(
						{ name: 'TinyScriptLoaderPlugin', stage: -10 },
						( chunk ) => {
							compilation.addRuntimeModule(
								chunk,
								new TinyLoadScriptRuntimeModule()
							);
							return true;
						}
					);
			}
		);
	}
}

module.exports = TinyScriptLoaderPlugin;
