/**
 * Theming: readable button text, the CSS custom properties and the web font. The
 * server resolves a survey's look completely (colours from the site's settings or the
 * scheme's preset, includes/Frontend/VisitorTheming.php), and the admin's previews
 * resolve theirs from the same presets (shared/widgetLook.ts), so the widget keeps no
 * presets of its own: it renders what it gets (tests/fixtures/contract/theme-presets.json).
 */
import type { Theming } from '../types';

function rgb( color: string ): number[] | null {
	let hex = color.trim().replace( /^#/, '' );
	if ( hex.length === 3 ) {
		hex = hex.replace( /./g, '$&$&' );
	}
	return /^[0-9a-f]{6}$/i.test( hex )
		? [ 0, 2, 4 ].map( ( at ) => parseInt( hex.slice( at, at + 2 ), 16 ) )
		: null;
}

/**
 * Relative luminance (WCAG 2.1).
 *
 * @param channels Red, green and blue, 0 to 255.
 */
export function luminance( channels: number[] ): number {
	const [ r, g, b ] = channels.map( ( value ) => {
		const c = value / 255;
		return c <= 0.03928 ? c / 12.92 : ( ( c + 0.055 ) / 1.055 ) ** 2.4;
	} );
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Button background and text colours with at least 4.5:1 contrast (WCAG 2.1 AA),
 * keeping the chosen colour where possible: white text when it reads; dark text on a
 * light colour; otherwise the colour is darkened just enough for white text (the
 * presets' #2D87F1 gives 3.6:1 with white, so it is drawn as #2673CD, 4.8:1).
 * Colours that are not hex are left alone with white text.
 *
 * @param color The button colour.
 * @return [ background, text ].
 */
export function readableButton( color: string ): [ string, string ] {
	const channels = rgb( color );
	if ( ! channels || luminance( channels ) <= 0.183 ) {
		return [ color, '#fff' ];
	}
	if ( luminance( channels ) >= 0.3 ) {
		return [ color, '#000' ];
	}
	let scaled = channels;
	for ( let k = 0.95; luminance( scaled ) > 0.183; k -= 0.05 ) {
		scaled = channels.map( ( value ) => Math.round( value * k ) );
	}
	return [
		'#' +
			scaled
				.map( ( value ) => value.toString( 16 ).padStart( 2, '0' ) )
				.join( '' ),
		'#fff',
	];
}

/**
 * The widget's CSS custom properties for a theming (resolved: see above). A colour
 * that is not set leaves its property unset; the toggle takes the text colour unless
 * it has its own.
 *
 * @param theming Survey theming.
 */
export function themeStyle( theming: Theming ): Record< string, string > {
	const style: Record< string, string > = {};
	if ( theming.widget_color ) {
		style[ '--uf-bg' ] = theming.widget_color;
	}
	if ( theming.text_color ) {
		style[ '--uf-text' ] = theming.text_color;
	}
	if ( theming.button_color ) {
		const [ button, buttonText ] = readableButton( theming.button_color );
		style[ '--uf-btn' ] = button;
		style[ '--uf-btn-text' ] = buttonText;
	}
	const toggle = theming.widget_toggle_color || theming.text_color;
	if ( toggle ) {
		style[ '--uf-toggle' ] = toggle;
	}
	const font = theming.font;
	if ( font?.family ) {
		style[ '--uf-font' ] = `"${ font.family.replace( /"/g, '' ) }"`;
	}
	if ( font?.weight ) {
		style[ '--uf-weight' ] =
			font.weight === 'regular' ? '400' : font.weight;
	}
	return style;
}

/**
 * Adds the stylesheet of the theming's font once per document: the address the server
 * gave (font.url: the plugin's own files, or Google's only when the site opted in),
 * never one made here, so no browser connects anywhere the site did not choose. No URL
 * (the theme's font, a family outside the catalogue) loads nothing, and a failed load
 * leaves the fallback fonts.
 *
 * @param theming Survey theming.
 * @param doc     The document.
 */
export function loadFont( theming: Theming, doc: Document = document ): void {
	const href = theming.font?.family?.trim() ? theming.font.url?.trim() : '';
	if ( ! href || ! /^(https?:)?\/\//i.test( href ) ) {
		return;
	}
	const present = [
		...doc.querySelectorAll( 'link[rel="stylesheet"]' ),
	].some( ( link ) => link.getAttribute( 'href' ) === href );
	if ( ! present ) {
		const link = doc.createElement( 'link' );
		link.rel = 'stylesheet';
		link.href = href;
		doc.head.appendChild( link );
	}
}
