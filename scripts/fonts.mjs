#!/usr/bin/env node
/**
 * Self-hosted fonts: copies the woff2 files of the font catalogue (includes/Frontend/Fonts.php, read
 * through PHP so that the catalogue is stated once) from their @fontsource packages into build/fonts/,
 * with one stylesheet per family (build/fonts/<id>.css) and the package's licence beside its files.
 *
 * Only woff2 (every browser WordPress supports reads it), only the normal style (the widget and post
 * ratings use no italics) and only the latin and latin-ext subsets, each with its unicode-range, so a
 * browser downloads latin-ext only for a page that has such characters. A "-variable" package gives one
 * file per subset for every weight; a static one gives a file per weight, and only the catalogue's
 * weights are copied. The face is named after the catalogue's family ("Roboto", not the package's
 * "Roboto Variable"), the name the widget and post ratings ask for.
 *
 * Writes build/fonts/manifest.json (family => stylesheet, files, bytes), which tests and the size
 * step read. Fails, naming the family, when a package or a weight the catalogue offers is missing.
 */
/* eslint-disable no-console -- a command-line step */
import { execFileSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join( dirname( fileURLToPath( import.meta.url ) ), '..' );
const out = join( root, 'build', 'fonts' );
const SUBSETS = [ 'latin', 'latin-ext' ];

/** The catalogue as Fonts::catalogue() states it. */
function catalogue() {
	const code =
		'define("ABSPATH", __DIR__ . "/"); require $argv[1]; echo json_encode(\\UserFeedback\\Frontend\\Fonts::catalogue());';
	return JSON.parse(
		execFileSync(
			'php',
			[ '-r', code, join( root, 'includes/Frontend/Fonts.php' ) ],
			{ encoding: 'utf8' }
		)
	);
}

const number = ( weight ) => ( weight === 'regular' ? 400 : Number( weight ) );

/**
 * The faces of one family: [ { file, subset, weight } ] where weight is "400" or "100 900".
 *
 * @param {Object} font     A catalogue row.
 * @param {Object} meta     The package's metadata.json.
 * @param {string} packages The package's folder.
 */
function faces( font, meta, packages ) {
	const subsets = SUBSETS.filter( ( subset ) =>
		meta.subsets.includes( subset )
	);
	if ( ! subsets.includes( 'latin' ) ) {
		throw new Error( `${ font.family }: the package has no latin subset.` );
	}
	const weights = font.weights.map( number );
	const list = [];
	for ( const subset of subsets ) {
		if ( font.variable ) {
			const axis = meta.variable?.wght;
			if (
				! axis ||
				Math.min( ...weights ) < Number( axis.min ) ||
				Math.max( ...weights ) > Number( axis.max )
			) {
				throw new Error(
					`${ font.family }: ${ font.package } has no weight axis covering ${ weights.join(
						', '
					) }.`
				);
			}
			list.push( {
				file: `${ meta.id }-${ subset }-wght-normal.woff2`,
				subset,
				weight: `${ axis.min } ${ axis.max }`,
			} );
		} else {
			for ( const weight of weights ) {
				if ( ! meta.weights.includes( weight ) ) {
					throw new Error(
						`${ font.family }: ${ font.package } has no weight ${ weight }.`
					);
				}
				list.push( {
					file: `${ meta.id }-${ subset }-${ weight }-normal.woff2`,
					subset,
					weight: String( weight ),
				} );
			}
		}
	}
	for ( const face of list ) {
		if ( ! existsSync( join( packages, 'files', face.file ) ) ) {
			throw new Error(
				`${ font.family }: ${ font.package } has no files/${ face.file }.`
			);
		}
	}
	return list;
}

function build() {
	rmSync( out, { recursive: true, force: true } );
	mkdirSync( out, { recursive: true } );
	const manifest = {};
	let total = 0;
	for ( const font of catalogue() ) {
		const packages = join( root, 'node_modules', font.package );
		if ( ! existsSync( join( packages, 'metadata.json' ) ) ) {
			throw new Error(
				`${ font.family }: ${ font.package } is not installed (npm install).`
			);
		}
		const meta = JSON.parse(
			readFileSync( join( packages, 'metadata.json' ), 'utf8' )
		);
		const ranges = JSON.parse(
			readFileSync( join( packages, 'unicode.json' ), 'utf8' )
		);
		const dir = join( out, font.id );
		mkdirSync( dir );
		const family = font.family.replace( /['\\]/g, '' );
		let css = `/* ${ font.family } from ${ font.package }@${
			JSON.parse(
				readFileSync( join( packages, 'package.json' ), 'utf8' )
			).version
		}: ${ meta.license?.type ?? 'see LICENSE' } (${ font.id }/LICENSE). */\n`;
		const files = [];
		let bytes = 0;
		for ( const face of faces( font, meta, packages ) ) {
			copyFileSync(
				join( packages, 'files', face.file ),
				join( dir, face.file )
			);
			const size = statSync( join( dir, face.file ) ).size;
			bytes += size;
			files.push( `${ font.id }/${ face.file }` );
			css +=
				`@font-face{font-family:'${ family }';font-style:normal;font-display:swap;` +
				`font-weight:${ face.weight };src:url(${ font.id }/${ face.file }) format('woff2');` +
				`unicode-range:${ ranges[ face.subset ] };}\n`;
		}
		if ( existsSync( join( packages, 'LICENSE' ) ) ) {
			copyFileSync( join( packages, 'LICENSE' ), join( dir, 'LICENSE' ) );
		}
		writeFileSync( join( out, `${ font.id }.css` ), css );
		total += bytes;
		manifest[ font.family ] = {
			stylesheet: `${ font.id }.css`,
			package: font.package,
			weights: font.weights,
			files,
			bytes,
		};
	}
	writeFileSync(
		join( out, 'manifest.json' ),
		JSON.stringify( manifest, null, '\t' ) + '\n'
	);
	console.log(
		`build/fonts: ${ Object.keys( manifest ).length } families, ${ (
			total / 1024
		).toFixed( 0 ) } KiB of woff2.`
	);
}

try {
	build();
} catch ( error ) {
	console.error( `✖ fonts: ${ error.message }` );
	process.exit( 1 );
}
