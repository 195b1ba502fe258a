<?php
/**
 * The icon-choice icons: the one place that turns a stored icon name into an SVG drawing. The
 * catalogue is Font Awesome Free's solid set, extracted at build time by scripts/icons.mjs into
 * build/icons/ (php/index.php: version and aliases; php/<first character>.php: name => [viewBox,
 * path]). The widget config carries only the icons its surveys use (for_questions()); the admin
 * loads build/icons/icons.json on demand.
 *
 * Names stored before the catalogue existed (smile, frown, times, home, cog...) are Font Awesome's
 * older names and resolve through its aliases. A name the catalogue does not know is drawn as the
 * fallback icon (a question mark in a circle), never as an empty box.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

defined( 'ABSPATH' ) || exit;

final class Icons {

	/** Drawn for a name the catalogue does not know (the admin's FALLBACK_ICON). */
	public const FALLBACK = 'circle-question';

	/** Where scripts/icons.mjs writes the PHP catalogue, relative to the plugin folder. */
	public const DIR = 'build/icons/php/';

	/** @var array<string,array<string,array{0:string,1:string}>> Shards read in this request. */
	private static array $shards = array();

	/** @var array{version:string,aliases:array<string,string>}|null */
	private static ?array $index = null;

	/**
	 * The folder of the PHP catalogue (a filter lets tests point elsewhere).
	 */
	private static function dir(): string {
		return (string) apply_filters( 'userfeedback_icons_dir', USERFEEDBACK_DIR . self::DIR );
	}

	/**
	 * @return array{version:string,aliases:array<string,string>} Empty when the catalogue was not built.
	 */
	private static function index(): array {
		if ( null === self::$index ) {
			$file        = self::dir() . 'index.php';
			$loaded      = is_readable( $file ) ? require $file : null;
			self::$index = is_array( $loaded ) ? $loaded : array(
				'version' => '',
				'aliases' => array(),
			);
		}
		return self::$index;
	}

	/**
	 * The shard a name is in (scripts/icons.mjs shardOf() says the same).
	 */
	public static function shard( string $name ): string {
		return 1 === preg_match( '/^[a-z0-9]/', $name ) ? $name[0] : '_';
	}

	/**
	 * The drawing of a catalogue name or alias, or null when the catalogue has none.
	 *
	 * @return array{viewBox:string,path:string}|null
	 */
	public static function find( string $name ): ?array {
		$name  = self::index()['aliases'][ $name ] ?? $name;
		$shard = self::shard( $name );
		if ( ! isset( self::$shards[ $shard ] ) ) {
			$file                   = self::dir() . $shard . '.php';
			$loaded                 = is_readable( $file ) ? require $file : null;
			self::$shards[ $shard ] = is_array( $loaded ) ? $loaded : array();
		}
		$icon = self::$shards[ $shard ][ $name ] ?? null;
		return null === $icon ? null : array(
			'viewBox' => (string) $icon[0],
			'path'    => (string) $icon[1],
		);
	}

	/**
	 * The icons of a survey's icon-choice options, keyed by the name each option stores. An unknown
	 * name gets the fallback drawing with unknown: true. Empty when no option has an icon (or the
	 * catalogue was not built: the widget then draws its own question mark).
	 *
	 * @param array<int,mixed> $questions The survey's questions (as the visitor gets them).
	 * @return array<string,array{viewBox:string,path:string,unknown?:bool}>
	 */
	public static function for_questions( array $questions ): array {
		$icons = array();
		foreach ( $questions as $question ) {
			if ( ! is_array( $question ) || 'icon-choice' !== ( $question['type'] ?? '' ) ) {
				continue;
			}
			foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
				$name = is_array( $option ) && is_array( $option['icon'] ?? null ) ? (string) ( $option['icon']['name'] ?? '' ) : '';
				if ( '' === $name || isset( $icons[ $name ] ) ) {
					continue;
				}
				$icon = self::find( $name );
				if ( null === $icon ) {
					$icon = self::find( self::FALLBACK );
					if ( null === $icon ) {
						continue;
					}
					$icon['unknown'] = true;
				}
				$icons[ $name ] = $icon;
			}
		}
		return $icons;
	}

	/**
	 * The catalogue's version (the Font Awesome release it came from), '' when it was not built.
	 */
	public static function version(): string {
		return (string) self::index()['version'];
	}

	/**
	 * Forgets what this request read (tests that point the folder elsewhere).
	 */
	public static function reset(): void {
		self::$shards = array();
		self::$index  = null;
	}
}
