import { afterEach, describe, expect, it } from 'vitest';

import corpus from '../../../tests/fixtures/contract/theme-presets.json';
import type { Theming } from '../types';
import { loadFont, luminance, readableButton, themeStyle } from './theme';

interface LookCase {
	name: string;
	theming: Theming;
	style: Record< string, string >;
}

// The server's presets and resolved looks (tests/php/Contract/ThemePresetsTest.php
// and the admin's widgetLook.test.ts read the same file).
const { presets, cases } = corpus as unknown as {
	presets: Record<
		string,
		{ widget_color: string; text_color: string; button_color: string }
	>;
	cases: LookCase[];
};

const channels = ( hex: string ) =>
	[ 1, 3, 5 ].map( ( at ) => parseInt( hex.slice( at, at + 2 ), 16 ) );
const contrast = ( a: string, b: string ) => {
	const full = ( hex: string ) =>
		hex.length === 4 ? hex.replace( /\w/g, '$&$&' ) : hex;
	const [ x, y ] = [ a, b ].map( ( hex ) =>
		luminance( channels( full( hex ) ) )
	);
	return ( Math.max( x, y ) + 0.05 ) / ( Math.min( x, y ) + 0.05 );
};

describe( 'colours', () => {
	it( 'the presets’ text reads at 4.5:1 or more on their background', () => {
		for ( const preset of Object.values( presets ) ) {
			expect(
				contrast( preset.text_color, preset.widget_color )
			).toBeGreaterThan( 4.5 );
		}
	} );

	it.each( [
		'#2D87F1',
		'#ffffff',
		'#000000',
		'#ffd700',
		'#00ff00',
		'#ff0000',
		'#777777',
		'#1579ef',
		'#e91e63',
		'#f0f',
		'#5a5a5a',
	] )( 'button text on %s reads at 4.5:1 or more', ( color ) => {
		const [ background, text ] = readableButton( color );
		expect( contrast( text, background ) ).toBeGreaterThanOrEqual( 4.5 );
	} );

	it( 'keeps a colour that white text already reads on', () => {
		expect( readableButton( '#1d4ed8' ) ).toEqual( [ '#1d4ed8', '#fff' ] );
		expect( readableButton( '#ffd700' ) ).toEqual( [ '#ffd700', '#000' ] );
		expect( readableButton( 'rebeccapurple' ) ).toEqual( [
			'rebeccapurple',
			'#fff',
		] );
	} );

	it.each( cases )(
		'$name: the CSS properties of the resolved look',
		( { theming, style } ) => {
			expect( themeStyle( theming ) ).toEqual( style );
		}
	);

	it( 'leaves unset what the theming does not set', () => {
		expect( themeStyle( {} ) ).toEqual( {} );
	} );

	it( 'takes custom colours over the preset', () => {
		expect(
			themeStyle( {
				color_scheme: 'dark',
				widget_color: '#101010',
				text_color: '#eeeeee',
			} )
		).toMatchObject( {
			'--uf-bg': '#101010',
			'--uf-text': '#eeeeee',
			'--uf-toggle': '#eeeeee',
		} );
	} );
} );

describe( 'loadFont', () => {
	afterEach( () => {
		document.head.innerHTML = '';
	} );
	const links = () =>
		[ ...document.head.querySelectorAll( 'link' ) ].map( ( link ) =>
			link.getAttribute( 'href' )
		);
	const site =
		'http://site.test/wp-content/plugins/userfeedback/build/fonts/';

	it( 'adds the stylesheet the server gave, once per address', () => {
		const lato = `${ site }lato.css?ver=1.0`;
		const slab = `${ site }roboto-slab.css?ver=1.0`;
		loadFont( {
			font: { family: 'Roboto Slab', weight: 'regular', url: slab },
		} );
		loadFont( {
			font: { family: 'Roboto Slab', weight: '700', url: slab },
		} );
		loadFont( { font: { family: 'Lato', weight: '', url: lato } } );
		expect( links() ).toEqual( [ slab, lato ] );
		expect( document.head.querySelector( 'link' )?.rel ).toBe(
			'stylesheet'
		);
	} );

	it( 'uses an address with quotes in it as it is (no selector built from it)', () => {
		const odd = `${ site }a.css?x="]`;
		loadFont( { font: { family: 'A', url: odd } } );
		loadFont( { font: { family: 'A', url: odd } } );
		expect( links() ).toEqual( [ odd ] );
	} );

	it( 'finds a stylesheet an admin preview put on the page first', () => {
		const url = `${ site }inter.css?ver=1.0`;
		const preview = document.createElement( 'link' );
		preview.rel = 'stylesheet';
		preview.href = url;
		document.head.appendChild( preview );
		loadFont( { font: { family: 'Inter', weight: '700', url } } );
		expect( links() ).toEqual( [ url ] );
	} );

	it( 'never makes an address itself: no URL, no stylesheet', () => {
		loadFont( { font: { family: 'Roboto Slab', weight: 'regular' } } );
		loadFont( { font: { family: 'Lato', weight: '', url: '' } } );
		expect( links() ).toEqual( [] );
	} );

	it( 'adds nothing without a family, or for an address that is no web URL', () => {
		loadFont( {} );
		loadFont( {
			font: { family: ' ', weight: '700', url: `${ site }x.css` },
		} );
		loadFont( { font: { family: 'X', url: 'javascript:alert(1)' } } );
		expect( links() ).toEqual( [] );
	} );

	it( 'loads Google Fonts only when the server says so (the site opted in)', () => {
		const google =
			'https://fonts.googleapis.com/css2?family=Open+Sans:wght@300;400;500;600;700;800&display=swap';
		loadFont( {
			font: { family: 'Open Sans', weight: '600', url: google },
		} );
		expect( links() ).toEqual( [ google ] );
	} );
} );
