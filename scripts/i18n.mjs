/**
 * The plugin's translation template and the tools around it, with maintained extractors only.
 *
 *   node scripts/i18n.mjs pot [OUT]          write languages/userfeedback.pot (or OUT)   npm run i18n
 *   node scripts/i18n.mjs check [POT]        npm test's "translations (.pot)" step
 *   node scripts/i18n.mjs json PO OUTDIR     a .po's script translations, as WordPress reads them
 *
 * Both `pot` and `check` read build/: run `npm run build` first (`pot` builds when build/ is missing).
 *
 * JS: @wordpress/babel-plugin-makepot runs over the BUILT admin scripts (build/admin/*.js, and
 * build/widget, which has no strings today: the widget's come from PHP, WidgetLoader::strings()).
 * WordPress finds a script's translations by the md5 of the built file's path
 * (userfeedback-{locale}-{md5 of "build/admin/surveys.js"}.json), and tools that turn a translated
 * .po into those JSON files (`wp i18n make-json`, `json` below) split the strings by the references,
 * so each reference must name the built file that holds the string. Running over the build is the
 * robust way to get that: whatever webpack does (entries, shared and lazy chunks, the ids of unnamed
 * chunks, tree shaking), each string is referenced by the very files that contain it, without a
 * source-to-chunk map that could go stale. Two things are fixed up around the plugin:
 *  - minified calls read `(0,r.__)("…","userfeedback")`: a small visitor that runs before the
 *    plugin's on each call unwraps the sequence, and hides calls of any other text domain from it;
 *  - the minifier keeps `translators:` comments but moves and repeats them, so the build's are
 *    ignored and each string gets the comments written above it in admin-app/src (the same plugin
 *    run over the sources, parsed as TypeScript).
 * PHP: GNU xgettext with WordPress's keywords and --add-comments=translators, over what ships
 * (userfeedback.php, uninstall.php, includes/, blocks/, addons/). block.json titles, descriptions
 * and keywords, and the plugins' header names and descriptions, are added with the contexts
 * WordPress translates them with. msgcat merges the parts into one .pot; its header carries no
 * creation date, so the same code always gives the same file.
 *
 * `check` fails when msgfmt --check refuses the committed .pot, or when a fresh extraction differs
 * from it: a string of the code (msgid + context + plural) missing from the .pot, a stale entry of
 * the .pot that no code has any more, or a JS string whose built files changed (its JSON would be
 * named after the wrong script). The fix is always `npm run build && npm run i18n`.
 */
/* eslint-disable no-console -- a command-line tool */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire( import.meta.url );
const babel = require( '@babel/core' );
const makepot = require( '@wordpress/babel-plugin-makepot' );
const { po: gettextPo } = require( 'gettext-parser' );

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const DOMAIN = 'userfeedback';
const POT = path.join( ROOT, 'languages', `${ DOMAIN }.pot` );
const PLURAL_FORMS = 'nplurals=2; plural=(n != 1);';

/** Folders of built scripts WordPress loads (their translations are keyed by these paths). */
const BUILD_DIRS = [ 'build/admin', 'build/widget' ];
/** Where the sources of those scripts are, for their translators comments. */
const SOURCE_DIRS = [ 'admin-app/src', 'widget/src' ];
/** What ships with PHP strings. */
const PHP_PATHS = [
	'userfeedback.php',
	'uninstall.php',
	'includes',
	'blocks',
	'addons',
];

/** The i18n functions of @wordpress/i18n and the argument that holds their text domain. */
const JS_DOMAIN_ARG = { __: 1, _x: 2, _n: 3, _nx: 4 };

/** WordPress's PHP i18n functions, as xgettext keywords. */
const PHP_KEYWORDS = [
	'__',
	'_e',
	'_x:1,2c',
	'_ex:1,2c',
	'_n:1,2',
	'_nx:1,2,4c',
	'_n_noop:1,2',
	'_nx_noop:1,2,3c',
	'esc_html__',
	'esc_html_e',
	'esc_html_x:1,2c',
	'esc_attr__',
	'esc_attr_e',
	'esc_attr_x:1,2c',
];

/** @param {string} rel A path relative to the plugin's root. */
const abs = ( rel ) => path.join( ROOT, rel );

function run( cmd, args, options = {} ) {
	const result = spawnSync( cmd, args, {
		cwd: ROOT,
		encoding: 'utf8',
		...options,
	} );
	if ( result.error ) {
		throw new Error(
			`${ cmd }: ${ result.error.message }${
				result.error.code === 'ENOENT'
					? ' (Debian package gettext: scripts/lib.sh installs it)'
					: ''
			}`
		);
	}
	if ( result.status !== 0 ) {
		throw new Error(
			`${ cmd } ${ args.join( ' ' ) } failed:\n${ result.stderr }`
		);
	}
	return result.stdout;
}

/**
 * Files under `dir` (relative to the root) whose names match, sorted, as relative paths.
 *
 * @param {string}                    dir
 * @param {(name: string) => boolean} keep
 * @return {string[]} Relative paths.
 */
function files( dir, keep ) {
	if ( ! existsSync( abs( dir ) ) ) {
		return [];
	}
	return readdirSync( abs( dir ), { recursive: true, withFileTypes: true } )
		.filter( ( entry ) => entry.isFile() && keep( entry.name ) )
		.map( ( entry ) =>
			path
				.relative( ROOT, path.join( entry.parentPath, entry.name ) )
				.split( path.sep )
				.join( '/' )
		)
		.sort();
}

/**
 * The key of an entry: what makes it a different string for gettext.
 *
 * @param {{msgctxt?: string, msgid: string, msgid_plural?: string}} entry A gettext entry.
 */
const keyOf = ( entry ) =>
	`${ entry.msgctxt ?? '' }\u0004${ entry.msgid }\u0000${
		entry.msgid_plural ?? ''
	}`;

/**
 * A Babel visitor that runs before makepot's on each call: unwraps the minifier's
 * `(0, r.__)( … )` and `Object( r.__ )( … )` into `r.__( … )`, and renames calls whose text
 * domain is not the plugin's, so makepot does not see them.
 */
function normaliseCalls() {
	return {
		visitor: {
			CallExpression( callPath ) {
				const { node } = callPath;
				let callee = node.callee;
				if ( callee.type === 'SequenceExpression' ) {
					callee =
						callee.expressions[ callee.expressions.length - 1 ];
				} else if (
					callee.type === 'CallExpression' &&
					callee.callee.type === 'Identifier' &&
					callee.callee.name === 'Object' &&
					callee.arguments.length === 1
				) {
					callee = callee.arguments[ 0 ];
				}
				const name =
					callee.type === 'MemberExpression'
						? callee.property.name
						: callee.name;
				if ( ! Object.hasOwn( JS_DOMAIN_ARG, name ) ) {
					return;
				}
				const domain = node.arguments[ JS_DOMAIN_ARG[ name ] ];
				node.callee =
					domain?.type === 'StringLiteral' && domain.value === DOMAIN
						? callee
						: { type: 'Identifier', name: 'uf_other_text_domain' };
			},
		},
	};
}

/**
 * Runs makepot over files and answers their entries, each with the references into its file.
 *
 * @param {string[]}                rels     Files relative to the root.
 * @param {(rel: string) => object} parserOf Babel parser options of a file.
 * @return {Map<string, object>} Entries by key (references merged, comments kept).
 */
function makepotOver( rels, parserOf ) {
	const tmp = mkdtempSync( path.join( tmpdir(), 'uf-makepot-' ) );
	const entries = new Map();
	try {
		rels.forEach( ( rel, index ) => {
			const code = readFileSync( abs( rel ), 'utf8' );
			// Not parsed at all: files without the text domain (vendor.js, the widget's …).
			if (
				! code.includes( `'${ DOMAIN }'` ) &&
				! code.includes( `"${ DOMAIN }"` )
			) {
				return;
			}
			const output = path.join( tmp, `${ index }.pot` );
			babel.transformSync( code, {
				filename: abs( rel ),
				cwd: ROOT,
				babelrc: false,
				configFile: false,
				code: false,
				ast: false,
				sourceType: 'unambiguous',
				parserOpts: parserOf( rel ),
				plugins: [ normaliseCalls, [ makepot, { output } ] ],
			} );
			if ( ! existsSync( output ) ) {
				return; // No string in this file.
			}
			const parsed = gettextPo.parse( readFileSync( output ) );
			for ( const context of Object.values( parsed.translations ) ) {
				for ( const entry of Object.values( context ) ) {
					if ( entry.msgid === '' ) {
						continue;
					}
					// makepot keeps what it saw in earlier files of the same run: keep only this file's.
					const refs = ( entry.comments?.reference ?? '' )
						.split( '\n' )
						.filter( ( ref ) => ref.startsWith( `${ rel }:` ) );
					if ( ! refs.length ) {
						continue;
					}
					const key = keyOf( entry );
					const known = entries.get( key ) ?? {
						msgctxt: entry.msgctxt,
						msgid: entry.msgid,
						msgid_plural: entry.msgid_plural,
						references: new Set(),
						comments: new Set(),
					};
					refs.forEach( ( ref ) => known.references.add( ref ) );
					if ( entry.comments?.extracted ) {
						// makepot drops the "translators:" it matched; xgettext keeps it.
						known.comments.add(
							`translators: ${ entry.comments.extracted }`
						);
					}
					entries.set( key, known );
				}
			}
		} );
	} finally {
		rmSync( tmp, { recursive: true, force: true } );
	}
	return entries;
}

/**
 * The strings of the built scripts, referenced by their built files, with the translators
 * comments of the sources.
 *
 * @return {{ entries: Map<string, object>, unbuilt: string[] }} And the source strings no built file has.
 */
function extractJs() {
	const built = BUILD_DIRS.flatMap( ( dir ) =>
		files( dir, ( name ) => name.endsWith( '.js' ) )
	);
	if ( ! built.some( ( rel ) => rel.startsWith( 'build/admin/' ) ) ) {
		throw new Error(
			'build/admin has no scripts: run `npm run build` first.'
		);
	}
	const entries = makepotOver( built, () => ( {} ) );
	for ( const entry of entries.values() ) {
		entry.comments.clear(); // The minifier's copies: see the header.
	}
	const sources = SOURCE_DIRS.flatMap( ( dir ) =>
		files(
			dir,
			( name ) =>
				/\.(ts|tsx|js|jsx)$/.test( name ) &&
				! /\.test\.|\.d\.ts$/.test( name )
		)
	).filter( ( rel ) => ! /(^|\/)(test|test-utils)\//.test( rel ) );
	const fromSources = makepotOver( sources, ( rel ) => ( {
		plugins: rel.endsWith( '.ts' )
			? [ 'typescript' ]
			: [ 'typescript', 'jsx' ],
	} ) );
	const unbuilt = [];
	for ( const [ key, source ] of fromSources ) {
		const entry = entries.get( key );
		if ( entry ) {
			source.comments.forEach( ( comment ) =>
				entry.comments.add( comment )
			);
		} else {
			unbuilt.push(
				`${ source.msgid } (${ [ ...source.references ][ 0 ] })`
			);
		}
	}
	return { entries, unbuilt };
}

/** WordPress's i18n schema for block.json (the fields it translates, with their contexts). */
const BLOCK_FIELDS = {
	title: 'block title',
	description: 'block description',
	keywords: 'block keyword',
};

/** The plugin header fields WordPress translates in the plugins list. */
const HEADER_FIELDS = {
	'Plugin Name': 'Plugin Name of the plugin',
	Description: 'Description of the plugin',
};

/**
 * block.json strings and the plugins' header strings.
 *
 * @return {Map<string, object>} Entries by key.
 */
function extractMetadata() {
	const entries = new Map();
	const add = ( msgctxt, msgid, reference, comment ) => {
		const entry = {
			msgctxt,
			msgid,
			references: new Set( [ reference ] ),
			comments: new Set( comment ? [ comment ] : [] ),
		};
		const known = entries.get( keyOf( entry ) );
		if ( known ) {
			known.references.add( reference );
		} else {
			entries.set( keyOf( entry ), entry );
		}
	};
	for ( const rel of files( 'blocks', ( name ) => name === 'block.json' ) ) {
		const block = JSON.parse( readFileSync( abs( rel ), 'utf8' ) );
		if ( block.textdomain !== DOMAIN ) {
			continue;
		}
		for ( const [ field, context ] of Object.entries( BLOCK_FIELDS ) ) {
			for ( const value of [ block[ field ] ?? [] ].flat() ) {
				add( context, value, rel );
			}
		}
	}
	const plugins = [
		'userfeedback.php',
		...files( 'addons', ( name ) => name.endsWith( '.php' ) ).filter(
			( rel ) => rel.split( '/' ).length === 3
		),
	];
	for ( const rel of plugins ) {
		const head = readFileSync( abs( rel ), 'utf8' ).slice( 0, 8192 );
		if (
			! new RegExp(
				`^[ \\t/*#@]*Text Domain:\\s*${ DOMAIN }\\s*$`,
				'mi'
			).test( head )
		) {
			continue;
		}
		for ( const [ field, comment ] of Object.entries( HEADER_FIELDS ) ) {
			const match = head.match(
				new RegExp( `^[ \\t/*#@]*${ field }:(.*)$`, 'mi' )
			);
			const value = match?.[ 1 ].trim();
			if ( value ) {
				add( undefined, value, rel, comment );
			}
		}
	}
	return entries;
}

/**
 * Entries as a .pot (header-less; msgcat gets the header from the first file).
 *
 * @param {Map<string, object>} entries
 */
function compilePot( entries ) {
	const translations = {};
	for ( const entry of entries.values() ) {
		const context = entry.msgctxt ?? '';
		translations[ context ] ??= {};
		translations[ context ][ entry.msgid ] = {
			msgctxt: entry.msgctxt,
			msgid: entry.msgid,
			msgid_plural: entry.msgid_plural,
			msgstr: entry.msgid_plural ? [ '', '' ] : [ '' ],
			comments: {
				reference: [ ...entry.references ].sort().join( '\n' ),
				extracted: [ ...entry.comments ].sort().join( '\n' ),
			},
		};
	}
	return gettextPo.compile( {
		charset: 'utf-8',
		headers: { 'Content-Type': 'text/plain; charset=UTF-8' },
		translations,
	} );
}

/** The header of the .pot: fixed, so the same code gives the same file. */
function header() {
	const version = JSON.parse(
		readFileSync( abs( 'package.json' ), 'utf8' )
	).version;
	const plugin = readFileSync( abs( 'userfeedback.php' ), 'utf8' ).match(
		/^[ \t/*#@]*Version:\s*(\S+)/im
	);
	return [
		'# Translation template of UserFeedback.',
		'# This file is distributed under the same license as the UserFeedback plugin (GPL-2.0-or-later).',
		'# Written by `npm run i18n` (scripts/i18n.mjs): do not edit by hand.',
		'msgid ""',
		'msgstr ""',
		`"Project-Id-Version: UserFeedback ${ plugin?.[ 1 ] ?? version }\\n"`,
		'"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"',
		'"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"',
		'"Language-Team: LANGUAGE <LL@li.org>\\n"',
		'"Language: \\n"',
		'"MIME-Version: 1.0\\n"',
		'"Content-Type: text/plain; charset=UTF-8\\n"',
		'"Content-Transfer-Encoding: 8bit\\n"',
		`"Plural-Forms: ${ PLURAL_FORMS }\\n"`,
		'"X-Generator: scripts/i18n.mjs (xgettext, @wordpress/babel-plugin-makepot, msgcat)\\n"',
		`"X-Domain: ${ DOMAIN }\\n"`,
		'',
	].join( '\n' );
}

/**
 * Writes the .pot to `out`.
 *
 * @param {string}  out
 * @param {boolean} quiet
 */
function writePot( out, quiet = false ) {
	const tmp = mkdtempSync( path.join( tmpdir(), 'uf-pot-' ) );
	try {
		const { entries: js, unbuilt } = extractJs();
		const php = PHP_PATHS.flatMap( ( rel ) =>
			rel.endsWith( '.php' )
				? [ rel ]
				: files( rel, ( name ) => name.endsWith( '.php' ) )
		);
		run( 'xgettext', [
			'--language=PHP',
			'--from-code=UTF-8',
			'--add-comments=translators',
			'--force-po',
			'--no-wrap',
			// With a header (charset UTF-8): without one xgettext writes ASCII and drops “ … ”.
			...PHP_KEYWORDS.map( ( keyword ) => `--keyword=${ keyword }` ),
			'--output',
			path.join( tmp, 'php.pot' ),
			...php,
		] );
		const phpPot = path.join( tmp, 'php.pot' );
		writeFileSync(
			phpPot,
			readFileSync( phpPot, 'utf8' ).replace(
				'charset=CHARSET',
				'charset=UTF-8'
			)
		);
		writeFileSync( path.join( tmp, 'js.pot' ), compilePot( js ) );
		writeFileSync(
			path.join( tmp, 'meta.pot' ),
			compilePot( extractMetadata() )
		);
		const merged = path.join( tmp, 'merged.pot' );
		// msgcat merges the references (and flags, comments) of a string found in several parts.
		run( 'msgcat', [
			'--sort-output',
			'--no-wrap',
			'--output-file',
			merged,
			...[ 'php', 'js', 'meta' ].map( ( part ) =>
				path.join( tmp, `${ part }.pot` )
			),
		] );
		const text = readFileSync( merged, 'utf8' );
		// The header entry (the parts' headers, merged): replaced by the project's.
		const bare = text.match( /^(#.*\n)*msgid ""\nmsgstr "[^]*?\n\n/ );
		if ( ! bare ) {
			throw new Error(
				`msgcat wrote no header entry first:\n${ text.slice( 0, 300 ) }`
			);
		}
		const body = text
			.slice( bare[ 0 ].length )
			// Where a string's translators comments differ between parts, msgcat keeps each under
			// a line naming its part (a temporary file): the comments stay, those lines go.
			.replace( /^#\. #-#-#-#-# {2}.* {2}#-#-#-#-#\n/gm, '' );
		mkdirSync( path.dirname( out ), { recursive: true } );
		writeFileSync( out, header() + '\n' + body );
		if ( ! quiet ) {
			const counts = countEntries( out );
			console.log(
				`${ path.relative( ROOT, out ) }: ${ counts.total } entries (${ counts.plural } plural, ${ counts.context } with context; ${ js.size } from the built scripts)`
			);
			if ( unbuilt.length ) {
				console.log(
					`Strings of admin-app/src or widget/src that no built script has (not in the .pot; dead code or a non-literal argument?):\n  ${ unbuilt.join( '\n  ' ) }`
				);
			}
		}
	} finally {
		rmSync( tmp, { recursive: true, force: true } );
	}
}

/**
 * The entries of a .po/.pot file by key, with their references.
 *
 * @param {string} file
 * @return {Map<string, object>} Entries (the header left out).
 */
function readPo( file ) {
	const parsed = gettextPo.parse( readFileSync( file ) );
	const entries = new Map();
	for ( const context of Object.values( parsed.translations ) ) {
		for ( const entry of Object.values( context ) ) {
			if ( entry.msgid !== '' ) {
				entries.set( keyOf( entry ), entry );
			}
		}
	}
	return entries;
}

function countEntries( file ) {
	const entries = [ ...readPo( file ).values() ];
	return {
		total: entries.length,
		plural: entries.filter( ( entry ) => entry.msgid_plural ).length,
		context: entries.filter( ( entry ) => entry.msgctxt ).length,
	};
}

/**
 * The built scripts an entry's references name (file part only).
 *
 * @param {{comments?: {reference?: string}}} entry A parsed .pot entry.
 */
const builtFiles = ( entry ) =>
	[
		...new Set(
			( entry.comments?.reference ?? '' )
				.split( /\s+/ )
				.filter( ( ref ) => ref.startsWith( 'build/' ) )
				.map( ( ref ) => ref.replace( /:\d+$/, '' ) )
		),
	]
		.sort()
		.join( ' ' );

const describe = ( entry ) =>
	JSON.stringify( entry.msgid ) +
	( entry.msgid_plural
		? ` / ${ JSON.stringify( entry.msgid_plural ) }`
		: '' ) +
	( entry.msgctxt ? ` (context ${ JSON.stringify( entry.msgctxt ) })` : '' );

function check( pot ) {
	const rel = path.relative( ROOT, pot );
	if ( ! existsSync( pot ) ) {
		console.error( `${ rel } is missing: run \`npm run i18n\`.` );
		return 1;
	}
	try {
		run( 'msgfmt', [ '--check', '--output-file=/dev/null', pot ] );
	} catch ( error ) {
		console.error(
			`${ rel } is not a valid .pot file (msgfmt --check):\n${ error.message }`
		);
		return 1;
	}
	const tmp = mkdtempSync( path.join( tmpdir(), 'uf-pot-check-' ) );
	try {
		const fresh = path.join( tmp, `${ DOMAIN }.pot` );
		writePot( fresh, true );
		const want = readPo( fresh );
		const have = readPo( pot );
		const missing = [ ...want ].filter( ( [ key ] ) => ! have.has( key ) );
		const stale = [ ...have ].filter( ( [ key ] ) => ! want.has( key ) );
		const moved = [ ...want ].filter(
			( [ key, entry ] ) =>
				have.has( key ) &&
				builtFiles( have.get( key ) ) !== builtFiles( entry )
		);
		const report = ( title, list, more = () => '' ) => {
			if ( list.length ) {
				console.error( `${ title } (${ list.length }):` );
				list.forEach( ( [ key, entry ] ) =>
					console.error(
						`  ${ describe( entry ) }${ more( key, entry ) }`
					)
				);
			}
		};
		report( `Strings of the code missing from ${ rel }`, missing );
		report( `Entries of ${ rel } that no code has any more`, stale );
		report(
			'JS strings whose built scripts changed',
			moved,
			( key, entry ) =>
				`: ${ builtFiles( have.get( key ) ) || 'none' } -> ${ builtFiles( entry ) }`
		);
		const counts = countEntries( pot );
		if ( missing.length || stale.length || moved.length ) {
			console.error(
				`Run \`npm run build && npm run i18n\` and commit ${ rel }.`
			);
			return 1;
		}
		console.log(
			`${ rel }: valid, ${ counts.total } entries (${ counts.plural } plural, ${ counts.context } with context), the same strings as the code.`
		);
		return 0;
	} finally {
		rmSync( tmp, { recursive: true, force: true } );
	}
}

/**
 * Jed 1.x JSON of a .po's translations for each built script that holds some of them, named as
 * load_script_textdomain() looks for them: {domain}-{locale}-{md5 of the script's path}.json. Which
 * script holds a string is read from the build itself (as `pot` does), so a .po whose references
 * are out of date still lands in the right files.
 *
 * @param {string} poFile
 * @param {string} outDir
 */
function json( poFile, outDir ) {
	const parsed = gettextPo.parse( readFileSync( poFile ) );
	const headers = parsed.headers;
	// gettext-parser 1.x lower-cases the header names.
	const locale = headers.language;
	if ( ! locale ) {
		throw new Error( `${ poFile } has no Language header.` );
	}
	const { entries } = extractJs();
	const perFile = new Map();
	for ( const context of Object.values( parsed.translations ) ) {
		for ( const entry of Object.values( context ) ) {
			const translated =
				entry.msgid !== '' &&
				entry.msgstr.some( ( text ) => text !== '' ) &&
				! /\bfuzzy\b/.test( entry.comments?.flag ?? '' );
			const known = translated && entries.get( keyOf( entry ) );
			if ( ! known ) {
				continue;
			}
			const key = entry.msgctxt
				? `${ entry.msgctxt }\u0004${ entry.msgid }`
				: entry.msgid;
			for ( const ref of known.references ) {
				const file = ref.replace( /:\d+$/, '' );
				if ( ! perFile.has( file ) ) {
					perFile.set( file, {} );
				}
				perFile.get( file )[ key ] = entry.msgstr;
			}
		}
	}
	mkdirSync( outDir, { recursive: true } );
	const written = [];
	for ( const [ file, messages ] of [ ...perFile ].sort() ) {
		const name = `${ DOMAIN }-${ locale }-${ createHash( 'md5' ).update( file ).digest( 'hex' ) }.json`;
		const jed = {
			'translation-revision-date': headers[ 'po-revision-date' ] ?? '',
			generator: 'scripts/i18n.mjs',
			source: file,
			domain: 'messages',
			locale_data: {
				messages: {
					'': {
						domain: 'messages',
						lang: locale,
						'plural-forms':
							headers[ 'plural-forms' ] ?? PLURAL_FORMS,
					},
					...messages,
				},
			},
		};
		writeFileSync( path.join( outDir, name ), JSON.stringify( jed ) );
		written.push(
			`${ name } (${ file }, ${ Object.keys( messages ).length } strings)`
		);
	}
	console.log( written.join( '\n' ) );
}

const [ command, ...args ] = process.argv.slice( 2 );
try {
	if ( command === 'pot' ) {
		if ( ! existsSync( abs( 'build/admin' ) ) ) {
			console.log( 'build/ is missing: npm run build first.' );
			run( 'npm', [ 'run', '--silent', 'build' ], { stdio: 'inherit' } );
		}
		writePot( args[ 0 ] ? path.resolve( args[ 0 ] ) : POT );
	} else if ( command === 'check' ) {
		process.exitCode = check( args[ 0 ] ? path.resolve( args[ 0 ] ) : POT );
	} else if ( command === 'json' && args.length === 2 ) {
		json( path.resolve( args[ 0 ] ), path.resolve( args[ 1 ] ) );
	} else {
		console.error(
			'usage: node scripts/i18n.mjs pot [OUT] | check [POT] | json PO OUTDIR'
		);
		process.exitCode = 2;
	}
} catch ( error ) {
	console.error( error.message );
	process.exitCode = 1;
}
