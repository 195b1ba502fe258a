#!/usr/bin/env node
/**
 * Gzip sizes of the visitor widget against its budgets (DESIGN.md section 6):
 * build/widget/loader.js at most 2500 bytes as `gzip -9 -c build/widget/loader.js | wc -c`
 * counts them (the gzip program: its header carries the file name, and its deflate is not
 * zlib's, so it gives a few dozen bytes more than zlib at level 9), the loader's lazily
 * imported chunks (narrow: page and country rules; triggers: every timing but immediate;
 * api: the JavaScript API) at most 2048 bytes each, the UI chunk (its JS plus any CSS
 * emitted for it) at most 20480 bytes, the post-rating widget (post-rating.js and
 * post-rating.css, which every rated post loads) at most 2048 bytes together, the
 * outbox chunk (which the loader imports on a page view after writes could not be sent)
 * at most 2048 bytes.
 * The self-hosted fonts (build/fonts/, scripts/fonts.mjs): every file the plugin
 * ships there (woff2, stylesheets, licences) at most FONTS_BUDGET bytes together
 * (woff2 does not compress: these are the bytes in the release zip), and no single
 * woff2 file, which is what a visitor downloads for one subset, above FONT_FILE_BUDGET.
 * No drawing of the icon catalogue (build/icons/icons.json) is in the UI chunk: a survey's
 * icons come in its config. The UI chunk starts with V8's compile hint.
 * UF_WIDGET_DIR measures another build folder (a build made with --output-path).
 * Exits 1 when a file is missing or a budget is exceeded. Run after
 * `npm run build`.
 */
/* eslint-disable no-console -- a command-line report */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { execFileSync } from 'node:child_process';

const root = join( dirname( fileURLToPath( import.meta.url ) ), '..' );
const dir = process.env.UF_WIDGET_DIR || join( root, 'build', 'widget' );

const BUDGETS = {
	loader: 2500,
	narrow: 2048,
	triggers: 2048,
	api: 2048,
	ui: 20480,
	'post-rating': 2048,
	outbox: 2048,
};

/** 42 families, latin + latin-ext, woff2: about 4.75 MiB when the budget was set. */
const FONTS_BUDGET = 5 * 1024 * 1024;
const FONT_FILE_BUDGET = 200 * 1024;

const gzipSize = ( file ) =>
	gzipSync( readFileSync( join( dir, file ) ), {
		level: constants.Z_BEST_COMPRESSION,
	} ).length;

/**
 * What `gzip -9 -c <file> | wc -c` prints: the figure the loader's budget is stated in.
 *
 * @param {string} file Name in build/widget.
 * @return {number} Bytes.
 */
const gzipProgramSize = ( file ) =>
	execFileSync( 'gzip', [ '-9', '-c', join( dir, file ) ], {
		maxBuffer: 16 * 1024 * 1024,
	} ).length;

let failed = false;
const fail = ( message ) => {
	console.error( `✖ ${ message }` );
	failed = true;
};

const files = existsSync( dir ) ? readdirSync( dir ) : [];
if ( ! files.length ) {
	fail( `${ dir } is missing or empty: run "npm run build:widget" first.` );
}

const groups = {
	loader: files.filter( ( file ) => file === 'loader.js' ),
	// ui.<hash>.js and, should the CSS ever be emitted on its own, ui.<hash>.css.
	ui: files.filter( ( file ) => /^ui\.[\w-]+\.(js|css)$/.test( file ) ),
	'post-rating': files.filter( ( file ) =>
		[ 'post-rating.js', 'post-rating.css' ].includes( file )
	),
	outbox: files.filter( ( file ) => /^outbox\.[\w-]+\.js$/.test( file ) ),
	narrow: files.filter( ( file ) => /^narrow\.[\w-]+\.js$/.test( file ) ),
	triggers: files.filter( ( file ) => /^triggers\.[\w-]+\.js$/.test( file ) ),
	api: files.filter( ( file ) => /^api\.[\w-]+\.js$/.test( file ) ),
};

if ( groups.ui.filter( ( file ) => file.endsWith( '.js' ) ).length > 1 ) {
	fail(
		`several UI chunks in ${ dir } (${ groups.ui.join(
			', '
		) }): the build should clean the folder.`
	);
}

for ( const [ name, budget ] of Object.entries( BUDGETS ) ) {
	const group = groups[ name ];
	if ( ! group.length ) {
		fail( `${ name }: no file found in build/widget/.` );
		continue;
	}
	const measure = name === 'loader' ? gzipProgramSize : gzipSize;
	const size = group.reduce( ( sum, file ) => sum + measure( file ), 0 );
	const percent = ( ( size / budget ) * 100 ).toFixed( 0 );
	const line = `${ name.padEnd( 11 ) } ${ String( size ).padStart(
		6
	) } B gzip / budget ${ budget } B (${ percent }%)  ${ group.join( ' + ' ) }`;
	if ( size > budget ) {
		fail( `${ line }  OVER BUDGET` );
	} else {
		console.log( `✔ ${ line }` );
	}
}

// Only the icons a survey uses travel with it, in its config (includes/Frontend/Icons.php): no
// drawing of the catalogue (build/icons/icons.json, scripts/icons.mjs) may be bundled into the UI.
const iconsFile = join( root, 'build', 'icons', 'icons.json' );
if ( ! existsSync( iconsFile ) ) {
	fail( `${ iconsFile } is missing: run "npm run build" first.` );
} else {
	const { icons } = JSON.parse( readFileSync( iconsFile, 'utf8' ) );
	const bundled = groups.ui
		.map( ( file ) => readFileSync( join( dir, file ), 'utf8' ) )
		.join( '\n' );
	const found = icons.filter( ( icon ) => bundled.includes( icon.path ) );
	if ( found.length ) {
		fail(
			`the UI chunk bundles catalogue icons (${ found
				.slice( 0, 5 )
				.map( ( icon ) => icon.name )
				.join( ', ' ) }): icons must come from the survey's config.`
		);
	} else {
		console.log(
			`✔ ${ 'icons'.padEnd( 11 ) } none of the ${ icons.length } catalogue icons is in the UI chunk`
		);
	}
}

// V8's compile hint must open the UI chunk (widget/webpack.config.js): without it the survey's
// first render compiles the chunk's functions one by one, a long task on the visitor's page.
const uiScript = groups.ui.find( ( file ) => file.endsWith( '.js' ) );
if (
	uiScript &&
	! readFileSync( join( dir, uiScript ), 'utf8' ).startsWith(
		'//# allFunctionsCalledOnLoad\n'
	)
) {
	fail(
		`${ uiScript } does not start with V8's compile hint "//# allFunctionsCalledOnLoad".`
	);
} else if ( uiScript ) {
	console.log(
		`✔ ${ 'hint'.padEnd( 11 ) } ${ uiScript } starts with V8's compile hint`
	);
}

/**
 * Every file under a folder, with its size.
 *
 * @param {string} folder Absolute path.
 * @return {Array<[string, number]>} Paths relative to build/fonts, and sizes.
 */
function listFonts( folder ) {
	return readdirSync( folder, { withFileTypes: true } ).flatMap( ( entry ) =>
		entry.isDirectory()
			? listFonts( join( folder, entry.name ) ).map(
					( [ name, size ] ) => [ `${ entry.name }/${ name }`, size ]
				)
			: [ [ entry.name, statSync( join( folder, entry.name ) ).size ] ]
	);
}

const fontsDir = join( root, 'build', 'fonts' );
if ( ! existsSync( join( fontsDir, 'manifest.json' ) ) ) {
	fail( `${ fontsDir } has no manifest.json: run "npm run build" first.` );
} else {
	const fonts = listFonts( fontsDir );
	const total = fonts.reduce( ( sum, [ , size ] ) => sum + size, 0 );
	const families = Object.keys(
		JSON.parse( readFileSync( join( fontsDir, 'manifest.json' ), 'utf8' ) )
	).length;
	const line = `${ 'fonts'.padEnd( 11 ) } ${ String( total ).padStart(
		7
	) } B / budget ${ FONTS_BUDGET } B (${ (
		( total / FONTS_BUDGET ) *
		100
	).toFixed( 0 ) }%)  build/fonts: ${ families } families, ${
		fonts.length
	} files`;
	if ( total > FONTS_BUDGET ) {
		fail( `${ line }  OVER BUDGET` );
	} else {
		console.log( `✔ ${ line }` );
	}
	const [ biggest, size ] = fonts
		.filter( ( [ name ] ) => name.endsWith( '.woff2' ) )
		.reduce(
			( max, file ) => ( file[ 1 ] > max[ 1 ] ? file : max ),
			[ '', 0 ]
		);
	const fileLine = `${ 'font file'.padEnd( 11 ) } ${ String( size ).padStart(
		7
	) } B / budget ${ FONT_FILE_BUDGET } B  (largest: ${ biggest })`;
	if ( size > FONT_FILE_BUDGET ) {
		fail( `${ fileLine }  OVER BUDGET` );
	} else {
		console.log( `✔ ${ fileLine }` );
	}
}

process.exit( failed ? 1 : 0 );
