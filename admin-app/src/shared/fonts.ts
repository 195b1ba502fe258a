/**
 * The font catalogue of the admin's appearance settings (the survey widget, post
 * ratings) is the server's (includes/Frontend/Fonts.php, the boot config's fonts):
 * each family with its upright weights ('regular', '700'...) and the stylesheet that
 * makes it available on this site, the plugin's own files unless the site opted in to
 * Google Fonts (external_fonts). The survey widget gets a family and a weight, post
 * ratings a family; an empty family keeps the theme's font. Nothing here builds a URL.
 */
import { useEffect } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { getConfig } from './config';
import type { FontCatalogue, FontFamily } from './types';
import type { Theming } from '../../../widget/src/types';

export type { FontCatalogue, FontFamily };

let installed: FontCatalogue | null = null;

/**
 * Makes this the catalogue every function here answers from (tests, pages that boot
 * without the admin config such as the block editor).
 *
 * @param catalogue The boot config's fonts.
 */
export function installFonts( catalogue: FontCatalogue ): void {
	installed = catalogue;
}

/** The server's catalogue (the boot config's fonts). */
export function fontCatalogue(): FontCatalogue {
	if ( ! installed ) {
		const fromPage = getConfig().fonts;
		if ( ! fromPage ) {
			throw new Error( 'UserFeedback: the page config has no fonts.' );
		}
		installed = fromPage;
	}
	return installed;
}

/** The families an admin may pick, in the catalogue's order. */
export function fontFamilies(): FontFamily[] {
	return fontCatalogue().families;
}

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

/**
 * @param family    Family name.
 * @param catalogue The catalogue to look in (the page's by default).
 */
export function findFont(
	family: string,
	catalogue: FontCatalogue = fontCatalogue()
): FontFamily | undefined {
	const name = family.trim();
	return catalogue.families.find( ( font ) => font.family === name );
}

/**
 * The weights a family offers (none for the theme's font or an unknown family).
 *
 * @param family Font family ('' for the theme's font: none).
 */
export function fontWeights( family: string ): string[] {
	return findFont( family )?.weights ?? [];
}

/**
 * '400 Regular' for 'regular', '700 Bold' for '700'.
 *
 * @param weight An upright weight.
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
 * The stylesheet of a family as the server gave it ('' for the theme's font or a family
 * outside the catalogue: nothing to load). One stylesheet serves every weight.
 *
 * @param family    Font family.
 * @param catalogue The catalogue to look in (the page's by default).
 */
export function fontStylesheetUrl(
	family: string,
	catalogue?: FontCatalogue
): string {
	return findFont( family, catalogue )?.url ?? '';
}

/**
 * A theming with its font's stylesheet (font.url), which is all the widget's loadFont()
 * loads: as the server gives it to visitors (Fonts::with_url()).
 *
 * @param theming   The theming a preview renders.
 * @param catalogue The catalogue to look in (the page's by default).
 */
export function withFontUrl(
	theming: Theming,
	catalogue?: FontCatalogue
): Theming {
	const font = theming.font;
	if ( ! font ) {
		return theming;
	}
	const { url: stale, ...rest } = font;
	const url = fontStylesheetUrl( font.family ?? '', catalogue );
	if ( ! url && ! stale ) {
		return theming;
	}
	return { ...theming, font: url ? { ...rest, url } : rest };
}

/**
 * Puts the stylesheet of a previewed font on the admin page while a preview shows it,
 * and removes it when the font changes or the preview closes: the font is loaded for
 * the preview only. The widget's loadFont() asks for the very same address, finds it on
 * the page and adds none of its own.
 *
 * @param family Font family ('' for the theme's font: nothing is loaded).
 */
export function useFontStylesheet( family: string ): void {
	const href = family.trim() ? fontStylesheetUrl( family ) : '';
	useEffect( () => {
		if ( ! href ) {
			return;
		}
		const link = document.createElement( 'link' );
		link.rel = 'stylesheet';
		link.href = href;
		link.dataset.userfeedbackPreviewFont = '';
		document.head.appendChild( link );
		return () => link.remove();
	}, [ href ] );
}
