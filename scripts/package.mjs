/**
 * npm run package: the installable zips, in dist/ (or UF_DIST_DIR).
 *
 *   dist/userfeedback.zip            the Lite build
 *   dist/userfeedback-pro.zip        the Pro build: the same code plus edition.php, which defines
 *                                    USERFEEDBACK_EDITION as 'pro' (userfeedback.php loads it)
 *   dist/userfeedback-<slug>.zip     each addon of addons/
 *
 * Inside each zip is one folder named as the plugin's folder: userfeedback/ for both main builds,
 * userfeedback-<slug>/ for an addon, so that WordPress's upload installer puts it in the right place.
 *
 * Runs `npm run build` first unless UF_SKIP_BUILD=1 (then build/ must exist already). The zips are
 * written by PHP's ZipArchive (PHP is needed for the plugin anyway), so packaging needs no zip
 * program and no extra npm package. File dates are fixed (SOURCE_DATE_EPOCH, else the last commit's),
 * so that the same tree gives the same zips.
 */
import { spawnSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve( dirname( fileURLToPath( import.meta.url ) ), '..' );
const dist = resolve( root, process.env.UF_DIST_DIR || 'dist' );

/** What a main build ships, relative to the repository root. Everything else stays out. */
const MAIN_ENTRIES = [
	'userfeedback.php',
	'uninstall.php',
	'readme.txt',
	'composer.json',
	'includes',
	'build',
	'blocks',
	'languages',
	'assets',
];

/** What the built admin and widget must contain for the plugin to work. */
const REQUIRED_BUILD_FILES = [
	'build/admin',
	'build/widget/loader.js',
	'build/widget/post-rating.js',
	'build/widget/post-rating.css',
	// The self-hosted fonts (scripts/fonts.mjs): without them a custom font falls back.
	'build/fonts/manifest.json',
	// The icon-choice icons (scripts/icons.mjs): without them icons fall back to a question mark.
	'build/icons/icons.json',
	'build/icons/php/index.php',
	'build/icons/LICENSE.txt',
];

const EDITION_PRO =
	"<?php\ndefined( 'ABSPATH' ) || exit;\ndefined( 'USERFEEDBACK_EDITION' ) || define( 'USERFEEDBACK_EDITION', 'pro' );\n";

function fail( message ) {
	process.stderr.write( `[package] error: ${ message }\n` );
	process.exit( 1 );
}

function log( message ) {
	process.stdout.write( `[package] ${ message }\n` );
}

function run( command, args, options = {} ) {
	const result = spawnSync( command, args, {
		cwd: root,
		stdio: 'inherit',
		...options,
	} );
	if ( result.error ) {
		fail( `${ command } could not run: ${ result.error.message }` );
	}
	if ( result.status !== 0 ) {
		fail(
			`${ command } ${ args.join( ' ' ) } failed (exit ${ result.status })`
		);
	}
	return result;
}

/**
 * Dev files that never ship, even inside a shipped folder: dotfiles (.DS_Store, .gitkeep, editor
 * folders), logs, and a local edition.php.
 *
 * @param {string} path Path relative to the repository root, with forward slashes.
 */
function excluded( path ) {
	return (
		path.split( '/' ).some( ( part ) => part.startsWith( '.' ) ) ||
		path.endsWith( '.log' ) ||
		path === 'edition.php'
	);
}

/**
 * Every file under an entry (a file or a folder), sorted, as paths relative to root.
 *
 * @param {string} base  Folder the paths are relative to.
 * @param {string} entry File or folder relative to base.
 * @return {string[]} Relative paths with forward slashes.
 */
function walk( base, entry ) {
	const full = join( base, entry );
	if ( ! existsSync( full ) ) {
		return [];
	}
	if ( statSync( full ).isFile() ) {
		return [ entry.split( sep ).join( '/' ) ];
	}
	return readdirSync( full )
		.sort()
		.flatMap( ( name ) => walk( base, join( entry, name ) ) );
}

/** The files dates are set to, in seconds. */
function fixedTime() {
	if ( process.env.SOURCE_DATE_EPOCH ) {
		return Number( process.env.SOURCE_DATE_EPOCH );
	}
	const git = spawnSync( 'git', [ 'log', '-1', '--format=%ct' ], {
		cwd: root,
		encoding: 'utf8',
	} );
	const time = Number( ( git.stdout || '' ).trim() );
	return git.status === 0 && time > 0
		? time
		: Math.floor( Date.now() / 1000 );
}

/**
 * Writes one zip through PHP's ZipArchive.
 *
 * @param {string}                                                 target  Zip path.
 * @param {Array<{name: string, file?: string, content?: string}>} entries What goes in, by name in the zip.
 * @param {number}                                                 mtime   Date of every entry.
 */
function writeZip( target, entries, mtime ) {
	const php = `
$job = json_decode( stream_get_contents( STDIN ), true );
$zip = new ZipArchive();
if ( true !== $zip->open( $job['target'], ZipArchive::CREATE | ZipArchive::OVERWRITE ) ) {
	fwrite( STDERR, "cannot write {$job['target']}\\n" );
	exit( 1 );
}
$dirs = array();
foreach ( $job['entries'] as $entry ) {
	$parts = explode( '/', $entry['name'] );
	for ( $i = 1; $i < count( $parts ); $i++ ) {
		$dir = implode( '/', array_slice( $parts, 0, $i ) ) . '/';
		if ( ! isset( $dirs[ $dir ] ) ) {
			$dirs[ $dir ] = true;
			$zip->addEmptyDir( rtrim( $dir, '/' ) );
			$zip->setMtimeName( $dir, $job['mtime'] );
		}
	}
	$ok = isset( $entry['file'] ) ? $zip->addFile( $entry['file'], $entry['name'] ) : $zip->addFromString( $entry['name'], $entry['content'] );
	if ( ! $ok ) {
		fwrite( STDERR, "cannot add {$entry['name']}\\n" );
		exit( 1 );
	}
	$zip->setMtimeName( $entry['name'], $job['mtime'] );
	$zip->setCompressionName( $entry['name'], ZipArchive::CM_DEFLATE, 9 );
}
if ( ! $zip->close() ) {
	fwrite( STDERR, "cannot close {$job['target']}\\n" );
	exit( 1 );
}
`;
	rmSync( target, { force: true } );
	run( 'php', [ '-r', php ], {
		input: JSON.stringify( { target, entries, mtime } ),
		stdio: [ 'pipe', 'inherit', 'inherit' ],
	} );
}

/**
 * The names inside a zip, read back through ZipArchive.
 *
 * @param {string} target Zip path.
 * @return {string[]} Entry names.
 */
function listZip( target ) {
	const result = spawnSync(
		'php',
		[
			'-r',
			'$z = new ZipArchive(); if ( true !== $z->open( $argv[1], ZipArchive::CHECKCONS ) ) { exit( 1 ); } for ( $i = 0; $i < $z->numFiles; $i++ ) { echo $z->getNameIndex( $i ), "\\n"; }',
			target,
		],
		{ encoding: 'utf8' }
	);
	if ( result.status !== 0 ) {
		fail( `${ target } is not a readable zip` );
	}
	return result.stdout.split( '\n' ).filter( Boolean );
}

/* ---- main ----------------------------------------------------------------------------------- */

const php = spawnSync(
	'php',
	[ '-r', 'echo class_exists( "ZipArchive" ) ? "yes" : "no";' ],
	{
		encoding: 'utf8',
	}
);
if ( php.error || php.stdout !== 'yes' ) {
	fail(
		'PHP with the zip extension is needed (Debian: apt-get install php-cli php-zip).'
	);
}

if ( process.env.UF_SKIP_BUILD === '1' ) {
	log( 'UF_SKIP_BUILD=1: using build/ as it is' );
} else {
	run( 'npm', [ 'run', 'build' ] );
}
for ( const path of REQUIRED_BUILD_FILES ) {
	if ( ! existsSync( join( root, path ) ) ) {
		fail( `${ path } is missing: run npm run build first` );
	}
}

const version = /^\s*\*\s*Version:\s*(\S+)/m.exec(
	readFileSync( join( root, 'userfeedback.php' ), 'utf8' )
)?.[ 1 ];
if ( ! version ) {
	fail( 'userfeedback.php has no Version header' );
}

mkdirSync( dist, { recursive: true } );
const mtime = fixedTime();

const mainFiles = MAIN_ENTRIES.flatMap( ( entry ) =>
	walk( root, entry )
).filter( ( path ) => ! excluded( path ) );
const mainEntries = mainFiles.map( ( path ) => ( {
	name: `userfeedback/${ path }`,
	file: join( root, path ),
} ) );

const zips = [
	{ file: 'userfeedback.zip', entries: mainEntries },
	{
		file: 'userfeedback-pro.zip',
		entries: [
			...mainEntries,
			{ name: 'userfeedback/edition.php', content: EDITION_PRO },
		],
	},
];

const addonsDir = join( root, 'addons' );
const addons = existsSync( addonsDir )
	? readdirSync( addonsDir )
			.filter( ( name ) => /^userfeedback-[a-z0-9-]+$/.test( name ) )
			.sort()
	: [];
for ( const folder of addons ) {
	const main = join( addonsDir, folder, `${ folder }.php` );
	if ( ! existsSync( main ) ) {
		fail( `addons/${ folder } has no ${ folder }.php` );
	}
	zips.push( {
		file: `${ folder }.zip`,
		entries: walk( addonsDir, folder )
			.filter( ( path ) => ! excluded( path ) )
			.map( ( path ) => ( {
				name: path,
				file: join( addonsDir, path ),
			} ) ),
	} );
}

for ( const zip of zips ) {
	const target = join( dist, zip.file );
	writeZip( target, zip.entries, mtime );
	const names = listZip( target ).filter(
		( name ) => ! name.endsWith( '/' )
	);
	if ( names.length !== zip.entries.length ) {
		fail(
			`${ zip.file }: ${ names.length } files read back, ${ zip.entries.length } written`
		);
	}
	log(
		`${ relative( root, target ) }: ${ names.length } files, ${ (
			statSync( target ).size / 1024
		).toFixed( 1 ) } KB`
	);
}
log(
	`UserFeedback ${ version }: ${ zips.length } zips in ${ relative( root, dist ) || '.' }/`
);
