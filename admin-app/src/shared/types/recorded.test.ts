/**
 * The JSON the REST API really answers (recorded by tests/php/Rest/RecordedJsonTest.php into
 * tests/fixtures/recorded/) type-checks against the types of this folder: each file becomes
 * `const x: Type = <the JSON as an object literal>;` in a virtual module compiled by the TypeScript
 * compiler, so a key the type lacks (excess property), a key the answer lacks, or a value of the
 * wrong type is a compile error here.
 */
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const typesDir = path.join( root, 'admin-app/src/shared/types' );
const recordedDir = path.join( root, 'tests/fixtures/recorded' );

/** Recorded file => the type of this folder it must satisfy. */
const RECORDED: Record< string, string > = {
	'survey.json': 'Survey',
	'surveys.json': 'SurveyList',
	'results.json': 'SurveyResults',
	'responses.json': 'ResponseList',
	'settings.json': 'Settings',
};

function read( file: string ): unknown {
	return JSON.parse(
		fs.readFileSync( path.join( recordedDir, file ), 'utf8' )
	);
}

function module( type: string, value: unknown ): string {
	return [
		`import type { ${ type } } from './index';`,
		`export const recorded: ${ type } = ${ JSON.stringify( value, null, '\t' ) };`,
		'',
	].join( '\n' );
}

/**
 * Type-checks virtual modules placed in the types folder.
 *
 * @param sources File name => source.
 * @return File name => its error messages.
 */
function check(
	sources: Record< string, string >
): Record< string, string[] > {
	const options: ts.CompilerOptions = {
		strict: true,
		noEmit: true,
		target: ts.ScriptTarget.ES2020,
		module: ts.ModuleKind.ESNext,
		moduleResolution: ts.ModuleResolutionKind.Bundler,
		skipLibCheck: true,
		types: [],
		lib: [ 'lib.es2021.d.ts', 'lib.dom.d.ts' ],
	};
	const files = Object.fromEntries(
		Object.entries( sources ).map( ( [ name, source ] ) => [
			path.join( typesDir, name ),
			source,
		] )
	);
	const host = ts.createCompilerHost( options );
	const getSourceFile = host.getSourceFile.bind( host );
	host.getSourceFile = ( fileName, language, ...rest ) =>
		fileName in files
			? ts.createSourceFile( fileName, files[ fileName ], language )
			: getSourceFile( fileName, language, ...rest );
	const fileExists = host.fileExists.bind( host );
	host.fileExists = ( fileName ) =>
		fileName in files || fileExists( fileName );
	const program = ts.createProgram( Object.keys( files ), options, host );
	return Object.fromEntries(
		Object.entries( files ).map( ( [ fileName ] ) => [
			path.basename( fileName ),
			ts
				.getPreEmitDiagnostics(
					program,
					program.getSourceFile( fileName )
				)
				.map( ( diagnostic ) =>
					ts.flattenDiagnosticMessageText(
						diagnostic.messageText,
						'\n'
					)
				),
		] )
	);
}

describe( 'recorded REST answers', () => {
	it( 'type-check against the shared types, and a drift would not', () => {
		const survey = read( 'survey.json' ) as Record< string, unknown >;
		const { shortcode, ...withoutShortcode } = survey;
		expect( typeof shortcode ).toBe( 'string' );

		const errors = check( {
			...Object.fromEntries(
				Object.entries( RECORDED ).map( ( [ file, type ] ) => [
					`__recorded_${ file.replace( '.json', '' ) }.ts`,
					module( type, read( file ) ),
				] )
			),
			// Controls: the same survey with a key too many, a key too few, a key of the wrong type.
			'__control_extra.ts': module( 'Survey', {
				...survey,
				not_in_the_type: 1,
			} ),
			'__control_missing.ts': module( 'Survey', withoutShortcode ),
			'__control_mistyped.ts': module( 'Survey', {
				...survey,
				id: String( survey.id ),
			} ),
		} );

		for ( const file of Object.keys( RECORDED ) ) {
			expect(
				errors[ `__recorded_${ file.replace( '.json', '' ) }.ts` ],
				file
			).toEqual( [] );
		}
		expect( errors[ '__control_extra.ts' ].join( ' ' ) ).toMatch(
			/not_in_the_type/
		);
		expect( errors[ '__control_missing.ts' ].join( ' ' ) ).toMatch(
			/shortcode/
		);
		expect( errors[ '__control_mistyped.ts' ].join( ' ' ) ).toMatch(
			/string.*number/
		);
	} );
} );
