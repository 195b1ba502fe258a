<?php
/**
 * Browser, operating system and device of real user-agent strings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Responses\UserAgent;

final class UserAgentTest extends \PHPUnit\Framework\TestCase {

	/**
	 * @return array<string,array{string,string,string,string}>
	 */
	public function user_agents(): array {
		return array(
			'Chrome, Windows'           => array( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'Windows', 'desktop' ),
			'Edge, Windows'             => array( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80', 'Edge', 'Windows', 'desktop' ),
			'Edge (legacy), Windows'    => array( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045', 'Edge', 'Windows', 'desktop' ),
			'Opera, Windows'            => array( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0', 'Opera', 'Windows', 'desktop' ),
			'Internet Explorer 11'      => array( 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', 'Internet Explorer', 'Windows', 'desktop' ),
			'Internet Explorer 9'       => array( 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)', 'Internet Explorer', 'Windows', 'desktop' ),
			'Firefox, Linux'            => array( 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux', 'desktop' ),
			'Firefox, Ubuntu'           => array( 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0', 'Firefox', 'Linux', 'desktop' ),
			'Safari, macOS'             => array( 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15', 'Safari', 'macOS', 'desktop' ),
			'Chrome, macOS'             => array( 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'macOS', 'desktop' ),
			'Chrome, ChromeOS'          => array( 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'ChromeOS', 'desktop' ),
			'Safari, iPhone'            => array( 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'mobile' ),
			'Chrome, iPhone'            => array( 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS', 'mobile' ),
			'Firefox, iPhone'           => array( 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15', 'Firefox', 'iOS', 'mobile' ),
			'Edge, iPhone'              => array( 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.71 Mobile/15E148 Safari/605.1.15', 'Edge', 'iOS', 'mobile' ),
			'Safari, iPad (iPadOS 12)'  => array( 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1', 'Safari', 'iPadOS', 'tablet' ),
			'iPod touch'                => array( 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'mobile' ),
			'Chrome, Android phone'     => array( 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android', 'mobile' ),
			'Chrome, Android tablet'    => array( 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'Android', 'tablet' ),
			'Samsung Internet, phone'   => array( 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android', 'mobile' ),
			'Firefox, Android'          => array( 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', 'Firefox', 'Android', 'mobile' ),
			'Edge, Android'             => array( 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64', 'Edge', 'Android', 'mobile' ),
			'Opera Mini'                => array( 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54', 'Opera', 'Other', 'mobile' ),
			'Silk, Kindle Fire'         => array( 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.3.1 like Chrome/124.0.6367.179 Safari/537.36', 'Chrome', 'Android', 'tablet' ),
			'Windows Phone'             => array( 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063', 'Edge', 'Windows', 'mobile' ),
			'BlackBerry'                => array( 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.1+ (KHTML, like Gecko) Version/10.0.0.1337 Mobile Safari/537.1+', 'Safari', 'Other', 'mobile' ),
			'a bot'                     => array( 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Other', 'Other', 'desktop' ),
			'curl'                      => array( 'curl/8.5.0', 'Other', 'Other', 'desktop' ),
			'nothing'                   => array( '', 'Other', 'Other', 'desktop' ),
		);
	}

	/**
	 * @dataProvider user_agents
	 */
	public function test_a_user_agent_is_parsed( string $user_agent, string $browser, string $os, string $device ): void {
		$this->assertSame(
			array(
				'browser' => $browser,
				'os'      => $os,
				'device'  => $device,
			),
			UserAgent::parse( $user_agent )
		);
	}

	/**
	 * The device tiers must be the widget's (device targeting chose the survey by them): the patterns
	 * of deviceTier() in widget/src/select.ts, the tablet one first and the mobile one after
	 * "return 'tablet'", are UserAgent's. A change to either side has to be made to both.
	 */
	public function test_the_device_patterns_are_the_widgets(): void {
		$select = (string) file_get_contents( dirname( __DIR__, 3 ) . '/widget/src/select.ts' );
		$this->assertSame( 1, preg_match( '/function deviceTier\(.*?\n}\n/s', $select, $function ), 'deviceTier() in select.ts' );
		[ $tablet, $mobile ] = explode( "return 'tablet'", $function[0], 2 ) + array( '', '' );
		$literals            = static function ( string $code ): array {
			preg_match_all( '#(/[^/\n]+/[a-z]*)\.test\(#', $code, $m );
			return array_values( array_diff( $m[1], array( '/Macintosh/' ) ) );
		};
		$this->assertSame( array( UserAgent::TABLET ), $literals( $tablet ), 'The tablet pattern.' );
		$this->assertSame( array( UserAgent::MOBILE ), $literals( $mobile ), 'The mobile pattern.' );
	}
}
