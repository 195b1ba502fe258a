/**
 * The font catalogue of the admin's appearance settings (the survey widget, post
 * ratings): popular Google Fonts families with their variants as the Google Fonts
 * developer API lists them ('regular', 'italic', '700', '700italic'...). The survey
 * widget gets a family and a weight, post ratings a family; an empty family keeps the
 * theme's font.
 */
import { useEffect } from 'react';
import { __, sprintf } from '@wordpress/i18n';

export interface FontFamily {
	family: string;
	variants: string[];
}

const ALL = [
	'100',
	'100italic',
	'200',
	'200italic',
	'300',
	'300italic',
	'regular',
	'italic',
	'500',
	'500italic',
	'600',
	'600italic',
	'700',
	'700italic',
	'800',
	'800italic',
	'900',
	'900italic',
];

/**
 * Variants of a family that has every weight from `from` to `to`, each with its italic
 * when `italics` is set.
 *
 * @param from    Lightest weight.
 * @param to      Heaviest weight.
 * @param italics Whether italics exist.
 */
function range( from: number, to: number, italics = true ): string[] {
	return ALL.filter( ( variant ) => {
		const weight = parseInt( variant, 10 ) || 400;
		return (
			weight >= from &&
			weight <= to &&
			( italics || ! variant.includes( 'italic' ) )
		);
	} );
}

export const FONTS: FontFamily[] = [
	{ family: 'Roboto', variants: range( 100, 900 ) },
	{ family: 'Open Sans', variants: range( 300, 800 ) },
	{ family: 'Lato', variants: [ '100', '100italic', '300', '300italic', 'regular', 'italic', '700', '700italic', '900', '900italic' ] }, // prettier-ignore
	{ family: 'Montserrat', variants: range( 100, 900 ) },
	{ family: 'Poppins', variants: range( 100, 900 ) },
	{ family: 'Inter', variants: range( 100, 900, false ) },
	{ family: 'Roboto Condensed', variants: range( 100, 900 ) },
	{ family: 'Oswald', variants: range( 200, 700, false ) },
	{ family: 'Raleway', variants: range( 100, 900 ) },
	{ family: 'Noto Sans', variants: range( 100, 900 ) },
	{ family: 'Nunito', variants: range( 200, 900 ) },
	{ family: 'Nunito Sans', variants: range( 200, 900 ) },
	{ family: 'Ubuntu', variants: [ '300', '300italic', 'regular', 'italic', '500', '500italic', '700', '700italic' ] }, // prettier-ignore
	{ family: 'Rubik', variants: range( 300, 900 ) },
	{ family: 'Playfair Display', variants: range( 400, 900 ) },
	{ family: 'Merriweather', variants: [ '300', '300italic', 'regular', 'italic', '700', '700italic', '900', '900italic' ] }, // prettier-ignore
	{
		family: 'PT Sans',
		variants: [ 'regular', 'italic', '700', '700italic' ],
	},
	{ family: 'Work Sans', variants: range( 100, 900 ) },
	{ family: 'Kanit', variants: range( 100, 900 ) },
	{ family: 'Lora', variants: range( 400, 700 ) },
	{ family: 'Fira Sans', variants: range( 100, 900 ) },
	{ family: 'Quicksand', variants: range( 300, 700, false ) },
	{ family: 'Mulish', variants: range( 200, 900 ) },
	{ family: 'Barlow', variants: range( 100, 900 ) },
	{ family: 'Inconsolata', variants: range( 200, 900, false ) },
	{ family: 'IBM Plex Sans', variants: range( 100, 700 ) },
	{ family: 'Titillium Web', variants: [ '200', '200italic', '300', '300italic', 'regular', 'italic', '600', '600italic', '700', '700italic', '900' ] }, // prettier-ignore
	{ family: 'Heebo', variants: range( 100, 900, false ) },
	{ family: 'DM Sans', variants: range( 100, 900 ) },
	{ family: 'Karla', variants: range( 200, 800 ) },
	{ family: 'Libre Baskerville', variants: [ 'regular', 'italic', '700' ] },
	{ family: 'Josefin Sans', variants: range( 100, 700 ) },
	{ family: 'Manrope', variants: range( 200, 800, false ) },
	{ family: 'Source Sans 3', variants: range( 200, 900 ) },
	{
		family: 'PT Serif',
		variants: [ 'regular', 'italic', '700', '700italic' ],
	},
	{ family: 'Arimo', variants: range( 400, 700 ) },
	{ family: 'Bebas Neue', variants: [ 'regular' ] },
	{ family: 'Dancing Script', variants: range( 400, 700, false ) },
	{ family: 'Cabin', variants: range( 400, 700 ) },
	{ family: 'Outfit', variants: range( 100, 900, false ) },
	{ family: 'Pacifico', variants: [ 'regular' ] },
	{ family: 'Space Grotesk', variants: range( 300, 700, false ) },
];

const WEIGHT_NAMES: Record< string, () => string > = {
	100: () => __( 'Thin', 'userfeedback' ),
	200: () => __( 'Extra Light', 'userfeedback' ),
	300: () => __( 'Light', 'userfeedback' ),
	400: () => __( 'Regular', 'userfeedback' ),
	500: () => __( 'Medium', 'userfeedback' ),
	600: () => __( 'Semi Bold', 'userfeedback' ),
	700: () => __( 'Bold', 'userfeedback' ),
	800: () => __( 'Extra Bold', 'userfeedback' ),
	900: () => __( 'Black', 'userfeedback' ),
};

export function findFont( family: string ): FontFamily | undefined {
	return FONTS.find( ( font ) => font.family === family );
}

/**
 * The weights a family offers: its variants without the italic ones.
 *
 * @param family Font family ('' for the theme's font: none).
 */
export function fontWeights( family: string ): string[] {
	return (
		findFont( family )?.variants.filter(
			( variant ) => ! variant.includes( 'italic' )
		) ?? []
	);
}

/**
 * '400 Regular' for 'regular', '700 Bold' for '700'.
 *
 * @param weight A non-italic variant.
 */
export function weightLabel( weight: string ): string {
	const number = weight === 'regular' ? '400' : weight;
	const name = WEIGHT_NAMES[ number ]?.();
	return name
		? sprintf(
				/* translators: 1: font weight number, e.g. 700; 2: its name, e.g. Bold. */
				__( '%1$s %2$s', 'userfeedback' ),
				number,
				name
			)
		: number;
}

/**
 * The weight to keep when the family changes: the same one if the new family has it,
 * else regular, else its first weight ('' for the theme's font).
 *
 * @param family New family.
 * @param weight Weight chosen so far.
 */
export function weightFor( family: string, weight: string ): string {
	const weights = fontWeights( family );
	if ( weights.includes( weight ) ) {
		return weight;
	}
	if ( weights.includes( 'regular' ) ) {
		return 'regular';
	}
	return weights[ 0 ] ?? '';
}

/**
 * The fonts service stylesheet of a family and weight, with the very address the
 * widget's loadFont() (widget/src/ui/theme.ts) asks for: the widget then finds it on
 * the page and adds none of its own, so the screen can remove it when it closes.
 *
 * @param family Font family.
 * @param weight Weight ('regular', '700'; '' for none).
 */
export function fontStylesheetUrl( family: string, weight: string ): string {
	const name = encodeURIComponent( family.trim() ).replace( /%20/g, '+' );
	const axis = weight ? `:wght@${ weight === 'regular' ? 400 : weight }` : '';
	return `https://fonts.googleapis.com/css2?family=${ name }${ axis }&display=swap`;
}

/**
 * Puts the fonts service stylesheet of a previewed font on the admin page while a
 * preview shows it, and removes it when the font changes or the preview closes: the
 * font is loaded for the preview only. Offline, the link fails and the preview falls
 * back to other fonts.
 *
 * @param family Font family ('' for the theme's font: nothing is loaded).
 * @param weight Weight ('regular', '700'; '' for the family's default).
 */
export function useFontStylesheet( family: string, weight = '' ): void {
	const name = family.trim();
	useEffect( () => {
		if ( ! name ) {
			return;
		}
		const link = document.createElement( 'link' );
		link.rel = 'stylesheet';
		link.href = fontStylesheetUrl( name, weight );
		link.dataset.userfeedbackPreviewFont = '';
		document.head.appendChild( link );
		return () => link.remove();
	}, [ name, weight ] );
}
