<?php
/**
 * The font catalogue of the widget and post ratings, stated once: which families an admin may pick, the
 * npm package each one's files come from, and the weights offered (non-italic; the survey widget uses a
 * family and a weight, post ratings a family).
 *
 * By default the files are the plugin's own: scripts/fonts.mjs copies the latin and latin-ext woff2
 * files of each package into build/fonts/ at build time, with one stylesheet per family
 * (build/fonts/<id>.css), so visitors' browsers connect to no one but the site. Only when the site opts
 * in (the external_fonts setting) do the stylesheets come from Google Fonts, whose servers then see each
 * visitor's IP address. Either way the URL is made here: the widget and the admin never build one.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

defined( 'ABSPATH' ) || exit;

final class Fonts {

	/** Where scripts/fonts.mjs writes the stylesheets and files, relative to the plugin's folder. */
	public const DIR = 'build/fonts/';

	/** The stylesheet service used only when the site opts in (external_fonts). */
	public const GOOGLE_CSS = 'https://fonts.googleapis.com/css2';

	/**
	 * Family => [ npm package, weights ]. A "-variable" package has one file per subset for every weight
	 * (far smaller than a file per weight); the others have one file per weight. Weights are "from-to"
	 * (every hundred between) or a list; 400 is "regular", as stored settings say it.
	 */
	private const FAMILIES = array(
		'Roboto'            => array( '@fontsource-variable/roboto', '100-900' ),
		'Open Sans'         => array( '@fontsource-variable/open-sans', '300-800' ),
		'Lato'              => array( '@fontsource/lato', '100 300 400 700 900' ),
		'Montserrat'        => array( '@fontsource-variable/montserrat', '100-900' ),
		'Poppins'           => array( '@fontsource/poppins', '100-900' ),
		'Inter'             => array( '@fontsource-variable/inter', '100-900' ),
		'Roboto Condensed'  => array( '@fontsource-variable/roboto-condensed', '100-900' ),
		'Oswald'            => array( '@fontsource-variable/oswald', '200-700' ),
		'Raleway'           => array( '@fontsource-variable/raleway', '100-900' ),
		'Noto Sans'         => array( '@fontsource-variable/noto-sans', '100-900' ),
		'Nunito'            => array( '@fontsource-variable/nunito', '200-900' ),
		'Nunito Sans'       => array( '@fontsource-variable/nunito-sans', '200-900' ),
		'Ubuntu'            => array( '@fontsource/ubuntu', '300 400 500 700' ),
		'Rubik'             => array( '@fontsource-variable/rubik', '300-900' ),
		'Playfair Display'  => array( '@fontsource-variable/playfair-display', '400-900' ),
		'Merriweather'      => array( '@fontsource-variable/merriweather', '300 400 700 900' ),
		'PT Sans'           => array( '@fontsource/pt-sans', '400 700' ),
		'Work Sans'         => array( '@fontsource-variable/work-sans', '100-900' ),
		'Kanit'             => array( '@fontsource/kanit', '100-900' ),
		'Lora'              => array( '@fontsource-variable/lora', '400-700' ),
		'Fira Sans'         => array( '@fontsource/fira-sans', '100-900' ),
		'Quicksand'         => array( '@fontsource-variable/quicksand', '300-700' ),
		'Mulish'            => array( '@fontsource-variable/mulish', '200-900' ),
		'Barlow'            => array( '@fontsource/barlow', '100-900' ),
		'Inconsolata'       => array( '@fontsource-variable/inconsolata', '200-900' ),
		'IBM Plex Sans'     => array( '@fontsource-variable/ibm-plex-sans', '100-700' ),
		'Titillium Web'     => array( '@fontsource/titillium-web', '200 300 400 600 700 900' ),
		'Heebo'             => array( '@fontsource-variable/heebo', '100-900' ),
		'DM Sans'           => array( '@fontsource-variable/dm-sans', '100-900' ),
		'Karla'             => array( '@fontsource-variable/karla', '200-800' ),
		'Libre Baskerville' => array( '@fontsource-variable/libre-baskerville', '400 700' ),
		'Josefin Sans'      => array( '@fontsource-variable/josefin-sans', '100-700' ),
		'Manrope'           => array( '@fontsource-variable/manrope', '200-800' ),
		'Source Sans 3'     => array( '@fontsource-variable/source-sans-3', '200-900' ),
		'PT Serif'          => array( '@fontsource/pt-serif', '400 700' ),
		'Arimo'             => array( '@fontsource-variable/arimo', '400-700' ),
		'Bebas Neue'        => array( '@fontsource/bebas-neue', '400' ),
		'Dancing Script'    => array( '@fontsource-variable/dancing-script', '400-700' ),
		'Cabin'             => array( '@fontsource-variable/cabin', '400-700' ),
		'Outfit'            => array( '@fontsource-variable/outfit', '100-900' ),
		'Pacifico'          => array( '@fontsource/pacifico', '400' ),
		'Space Grotesk'     => array( '@fontsource-variable/space-grotesk', '300-700' ),
	);

	/**
	 * The catalogue in its order: family, id (the package's name without its scope: the stylesheet is
	 * build/fonts/<id>.css), package, variable or not, and the weights offered ('regular' for 400).
	 *
	 * @return list<array{family:string,id:string,package:string,variable:bool,weights:list<string>}>
	 */
	public static function catalogue(): array {
		$out = array();
		foreach ( self::FAMILIES as $family => [ $package, $weights ] ) {
			$out[] = array(
				'family'   => $family,
				'id'       => substr( $package, (int) strrpos( $package, '/' ) + 1 ),
				'package'  => $package,
				'variable' => str_starts_with( $package, '@fontsource-variable/' ),
				'weights'  => self::weights( $weights ),
			);
		}
		return $out;
	}

	/**
	 * @param string $family A family name, as stored.
	 * @return array{family:string,id:string,package:string,variable:bool,weights:list<string>}|null
	 */
	public static function find( string $family ): ?array {
		$family = trim( $family );
		foreach ( self::catalogue() as $font ) {
			if ( $font['family'] === $family ) {
				return $font;
			}
		}
		return null;
	}

	/**
	 * The stylesheet that makes a family available, or null when there is none to load (no family, the
	 * theme's font, or a family outside the catalogue: the browser then falls back to other fonts).
	 * Self-hosted by default; Google Fonts only when the site opted in, with every weight the catalogue
	 * offers (the browser downloads only the faces it uses), so one URL serves every weight.
	 *
	 * @param string $family   Family name ('' for the theme's font).
	 * @param bool   $external The external_fonts setting.
	 */
	public static function stylesheet_url( string $family, bool $external ): ?string {
		$font = self::find( $family );
		if ( null === $font ) {
			return null;
		}
		if ( $external ) {
			return self::google_url( $font['family'], $font['weights'] );
		}
		return plugins_url( self::DIR . $font['id'] . '.css', USERFEEDBACK_FILE ) . '?ver=' . rawurlencode( USERFEEDBACK_VERSION );
	}

	/**
	 * A resolved theming (VisitorTheming::resolve()) with its font's stylesheet: font.url, the one address
	 * the widget loads (widget/src/ui/theme.ts loadFont()); none for the theme's font or an unknown family.
	 *
	 * @param array<string,mixed> $theming  Resolved theming.
	 * @param bool                $external The external_fonts setting.
	 * @return array<string,mixed>
	 */
	public static function with_url( array $theming, bool $external ): array {
		$font = is_array( $theming['font'] ?? null ) ? $theming['font'] : array();
		unset( $font['url'] );
		$url = self::stylesheet_url( (string) ( $font['family'] ?? '' ), $external );
		if ( null !== $url ) {
			$font['url'] = $url;
		}
		if ( array_key_exists( 'font', $theming ) || null !== $url ) {
			$theming['font'] = $font;
		}
		return $theming;
	}

	/**
	 * A Google Fonts stylesheet URL (css2 API) for a family and weights.
	 *
	 * @param string       $family  Family name.
	 * @param list<string> $weights Weights ('regular' for 400).
	 */
	public static function google_url( string $family, array $weights ): string {
		$numbers = array_map( static fn( string $weight ): int => 'regular' === $weight ? 400 : (int) $weight, $weights );
		sort( $numbers );
		$axis = $numbers ? ':wght@' . implode( ';', array_unique( $numbers ) ) : '';
		return self::GOOGLE_CSS . '?family=' . str_replace( '%20', '+', rawurlencode( $family ) ) . $axis . '&display=swap';
	}

	/**
	 * What the admin apps read (the boot config's fonts, and the block editor's): the catalogue with each
	 * family's stylesheet as this site serves it, and whether it is Google's.
	 *
	 * @param bool $external The external_fonts setting.
	 * @return array{external:bool,families:list<array{family:string,weights:list<string>,url:string}>}
	 */
	public static function admin_config( bool $external ): array {
		$families = array();
		foreach ( self::catalogue() as $font ) {
			$families[] = array(
				'family'  => $font['family'],
				'weights' => $font['weights'],
				'url'     => (string) self::stylesheet_url( $font['family'], $external ),
			);
		}
		return array(
			'external' => $external,
			'families' => $families,
		);
	}

	/**
	 * The site's external_fonts setting, read from plugin settings.
	 *
	 * @param array<string,mixed> $settings Plugin settings (SettingsRepository::all()).
	 */
	public static function external( array $settings ): bool {
		return ! empty( $settings['external_fonts'] );
	}

	/**
	 * "100-900" => 100, 200, ... 900; "300 400 700" => 300, 400, 700; 400 is spelled 'regular'.
	 *
	 * @return list<string>
	 */
	private static function weights( string $spec ): array {
		if ( preg_match( '/^(\d+)-(\d+)$/', $spec, $m ) ) {
			$numbers = range( (int) $m[1], (int) $m[2], 100 );
		} else {
			$numbers = array_map( 'intval', explode( ' ', $spec ) );
		}
		return array_map( static fn( int $n ): string => 400 === $n ? 'regular' : (string) $n, $numbers );
	}
}
