import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import corpus from '../../../tests/fixtures/contract/fonts.json';
import {
	findFont,
	fontCatalogue,
	fontFamilies,
	fontStylesheetUrl,
	fontWeights,
	installFonts,
	useFontStylesheet,
	weightFor,
	weightLabel,
	withFontUrl,
	type FontCatalogue,
} from './fonts';

const SITE = 'http://example.test/wp-content/plugins/userfeedback/build/fonts/';

const google: FontCatalogue = {
	external: true,
	families: [
		{
			family: 'Lato',
			weights: [ 'regular', '700' ],
			url: 'https://fonts.googleapis.com/css2?family=Lato:wght@400;700&display=swap',
		},
	],
};

afterEach( () => {
	installFonts( corpus );
	document.head.innerHTML = '';
} );

describe( 'the font catalogue', () => {
	it( 'is the server’s (the contract corpus in tests): families, weights and stylesheets', () => {
		expect( fontCatalogue().external ).toBe( false );
		expect( fontFamilies() ).toHaveLength( 42 );
		expect( fontFamilies()[ 0 ].family ).toBe( 'Roboto' );
		expect( findFont( ' Lato ' )?.url ).toBe(
			`${ SITE }lato.css?ver=test`
		);
		expect( findFont( 'Comic Sans' ) ).toBeUndefined();
		for ( const font of fontFamilies() ) {
			expect( font.url.startsWith( SITE ) ).toBe( true );
			expect( font.weights.some( ( w ) => w.includes( 'italic' ) ) ).toBe(
				false
			);
		}
	} );

	it( 'offers a family’s weights, keeps a weight across families when it can', () => {
		expect( fontWeights( 'Lato' ) ).toEqual( [
			'100',
			'300',
			'regular',
			'700',
			'900',
		] );
		expect( fontWeights( '' ) ).toEqual( [] );
		expect( fontWeights( 'Comic Sans' ) ).toEqual( [] );
		expect( weightFor( 'Lato', '700' ) ).toBe( '700' );
		expect( weightFor( 'Lato', '500' ) ).toBe( 'regular' );
		expect( weightFor( 'Bebas Neue', '700' ) ).toBe( 'regular' );
		expect( weightFor( '', '700' ) ).toBe( '' );
		expect( weightLabel( 'regular' ) ).toBe( '400 Regular' );
		expect( weightLabel( '900' ) ).toBe( '900 Black' );
	} );

	it( 'answers from an installed catalogue, Google’s when the site opted in', () => {
		installFonts( google );
		expect( fontStylesheetUrl( 'Lato' ) ).toBe( google.families[ 0 ].url );
		expect( fontStylesheetUrl( 'Roboto' ) ).toBe( '' );
		expect( fontStylesheetUrl( 'Roboto', corpus ) ).toBe(
			`${ SITE }roboto.css?ver=test`
		);
	} );
} );

describe( 'withFontUrl', () => {
	it( 'gives the theming’s font the catalogue’s stylesheet, replacing any other', () => {
		expect(
			withFontUrl( {
				color_scheme: 'dark',
				font: {
					family: 'Inter',
					weight: '700',
					url: 'https://elsewhere.example/inter.css',
				},
			} )
		).toEqual( {
			color_scheme: 'dark',
			font: {
				family: 'Inter',
				weight: '700',
				url: `${ SITE }inter.css?ver=test`,
			},
		} );
	} );

	it( 'gives none for the theme’s font or a family outside the catalogue', () => {
		const theme = { font: { family: '', weight: '' } };
		expect( withFontUrl( theme ) ).toBe( theme );
		expect(
			withFontUrl( {
				font: {
					family: 'Comic Sans',
					weight: '',
					url: 'https://x.example/a.css',
				},
			} )
		).toEqual( { font: { family: 'Comic Sans', weight: '' } } );
		const none = { skip_text: 'Later' };
		expect( withFontUrl( none ) ).toBe( none );
	} );
} );

describe( 'useFontStylesheet', () => {
	const links = () =>
		[ ...document.head.querySelectorAll( 'link' ) ].map( ( link ) =>
			link.getAttribute( 'href' )
		);

	it( 'puts the family’s stylesheet on the page while it is previewed, then removes it', () => {
		const { rerender, unmount } = renderHook(
			( { family } ) => useFontStylesheet( family ),
			{ initialProps: { family: 'Lato' } }
		);
		expect( links() ).toEqual( [ `${ SITE }lato.css?ver=test` ] );
		rerender( { family: 'Pacifico' } );
		expect( links() ).toEqual( [ `${ SITE }pacifico.css?ver=test` ] );
		rerender( { family: '' } );
		expect( links() ).toEqual( [] );
		rerender( { family: 'Comic Sans' } );
		expect( links() ).toEqual( [] );
		rerender( { family: 'Inter' } );
		unmount();
		expect( links() ).toEqual( [] );
	} );

	it( 'never loads from Google unless the catalogue says so', () => {
		renderHook( () => useFontStylesheet( 'Open Sans' ) );
		expect( links().join() ).not.toContain( 'googleapis' );
	} );
} );
