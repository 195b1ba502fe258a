<?php
/**
 * Browser, operating system and device tier of a response, from the user agent: a short table of
 * patterns, tried in order (the first that matches wins), not a full user-agent database.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

defined( 'ABSPATH' ) || exit;

final class UserAgent {

	public const OTHER = 'Other';

	/**
	 * Order matters: Chromium-based browsers name "Chrome" and "Safari" too, Chrome names "Safari".
	 */
	private const BROWSERS = array(
		'Samsung Internet'  => '/SamsungBrowser\//',
		'Opera'             => '/\bOPR\/|\bOpera\b|\bOPiOS\/|\bOPT\//',
		'Edge'              => '/\bEdge?\/|\bEdgA\/|\bEdgiOS\//',
		'Internet Explorer' => '/\bMSIE |\bTrident\//',
		'Firefox'           => '/\bFirefox\/|\bFxiOS\//',
		'Chrome'            => '/\bChrome\/|\bCriOS\/|\bChromium\//',
		'Safari'            => '/\bSafari\//',
	);

	/**
	 * iPhones and iPads say "like Mac OS X", Android says "Linux", Chrome OS says "Linux" too.
	 * iPadOS 13 and later sends a macOS user agent by default; only the browser can tell it apart
	 * (by touch support), so such iPads count as macOS here.
	 */
	private const SYSTEMS = array(
		'Windows'  => '/\bWindows\b/',
		'iPadOS'   => '/\biPad\b/',
		'iOS'      => '/\biPhone\b|\biPod\b/',
		'Android'  => '/\bAndroid\b/',
		'ChromeOS' => '/\bCrOS\b/',
		'macOS'    => '/\bMac OS X\b|\bMacintosh\b/',
		'Linux'    => '/\bLinux\b|\bX11\b/',
	);

	/**
	 * The same tiers as widget/src/select.ts deviceTier(), so that a response's device agrees with the
	 * device targeting that showed the survey (UserAgentTest checks the patterns are the widget's). The
	 * widget also counts a Macintosh with touch support as a tablet (iPadOS 13+); the server cannot
	 * see touch support, so such iPads count as desktop here.
	 */
	public const TABLET = '/iPad|Tablet|Silk|Android(?!.*Mobile)/i';
	public const MOBILE = '/Mobi|BlackBerry|Opera Mini/i';

	/**
	 * @return array{browser:string,os:string,device:string}
	 */
	public static function parse( string $user_agent ): array {
		return array(
			'browser' => self::first( self::BROWSERS, $user_agent ),
			'os'      => self::first( self::SYSTEMS, $user_agent ),
			'device'  => self::device( $user_agent ),
		);
	}

	public static function device( string $user_agent ): string {
		if ( preg_match( self::TABLET, $user_agent ) ) {
			return 'tablet';
		}
		return preg_match( self::MOBILE, $user_agent ) ? 'mobile' : 'desktop';
	}

	/**
	 * @param array<string,string> $patterns Name => pattern.
	 */
	private static function first( array $patterns, string $user_agent ): string {
		foreach ( $patterns as $name => $pattern ) {
			if ( preg_match( $pattern, $user_agent ) ) {
				return $name;
			}
		}
		return self::OTHER;
	}
}
