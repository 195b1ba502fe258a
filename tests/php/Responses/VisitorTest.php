<?php
/**
 * The client IP: REMOTE_ADDR unless the site trusts a proxy header; the right-most valid address of
 * X-Forwarded-For; stored anonymised unless the site says otherwise.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Responses\Visitor;

final class VisitorTest extends \PHPUnit\Framework\TestCase {

	/**
	 * @return array<string,array{array<string,string>,string,string}>
	 */
	public function addresses(): array {
		$xff = 'HTTP_X_FORWARDED_FOR';
		return array(
			'no header configured'                   => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '1.2.3.4' ), '', '10.0.0.1' ),
			'configured, right-most of the list'     => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '1.2.3.4, 198.51.100.7' ), $xff, '198.51.100.7' ),
			'a forged left part is ignored'          => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '127.0.0.1,8.8.8.8 , 198.51.100.7' ), $xff, '198.51.100.7' ),
			'invalid right-most entries are skipped' => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '198.51.100.7, unknown, ' ), $xff, '198.51.100.7' ),
			'IPv4 with a port'                       => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '198.51.100.7:4711' ), $xff, '198.51.100.7' ),
			'IPv6 in brackets with a port'           => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => '[2001:db8::1]:443' ), $xff, '2001:db8::1' ),
			'configured but absent'                  => array( array( 'REMOTE_ADDR' => '10.0.0.1' ), $xff, '10.0.0.1' ),
			'configured but garbage'                 => array( array( 'REMOTE_ADDR' => '10.0.0.1', $xff => 'nonsense' ), $xff, '10.0.0.1' ),
			'single-address header'                  => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_CF_CONNECTING_IP' => '203.0.113.9' ), 'HTTP_CF_CONNECTING_IP', '203.0.113.9' ),
			'a header not on the allow-list'         => array( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_X_EVIL' => '203.0.113.9' ), 'HTTP_X_EVIL', '10.0.0.1' ),
			'no address at all'                      => array( array(), '', '' ),
			'invalid REMOTE_ADDR'                    => array( array( 'REMOTE_ADDR' => 'localhost' ), '', '' ),
		);
	}

	/**
	 * @dataProvider addresses
	 *
	 * @param array<string,string> $server $_SERVER.
	 */
	public function test_the_client_ip( array $server, string $header, string $expected ): void {
		$this->assertSame( $expected, Visitor::client_ip( $server, $header ) );
	}

	public function test_the_stored_address_is_anonymised_unless_turned_off(): void {
		$v4 = new Visitor( '198.51.100.77', '' );
		$this->assertSame( '198.51.100.0', $v4->stored_ip( true ) );
		$this->assertSame( '198.51.100.77', $v4->stored_ip( false ) );
		$v6 = new Visitor( '2001:db8:85a3::8a2e:370:7334', '' );
		$this->assertSame( '2001:db8:85a3::', $v6->stored_ip( true ) );
		$this->assertSame( '', ( new Visitor( '', '' ) )->stored_ip( true ) );
	}

	public function test_the_user_agent_is_read_and_bounded(): void {
		$this->assertSame( 'curl/8.0', Visitor::from_server( array( 'HTTP_USER_AGENT' => 'curl/8.0' ), '' )->user_agent );
		$this->assertSame( 512, strlen( Visitor::from_server( array( 'HTTP_USER_AGENT' => str_repeat( 'x', 5000 ) ), '' )->user_agent ) );
		$this->assertSame( '', Visitor::from_server( array(), '' )->user_agent );
	}
}
