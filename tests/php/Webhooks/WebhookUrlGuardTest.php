<?php
/**
 * The URL guard and the signature: https except on local sites, no private, loopback, link-local or
 * reserved address (IPv4, IPv6, a name that resolves to one) unless the filter allows that address,
 * no credentials in the URL, safe ports; the signature of a known vector.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Webhooks;

use UserFeedback\Tests\TestCase;
use UserFeedback\Webhooks\Signer;
use UserFeedback\Webhooks\UrlGuard;
use UserFeedback\Webhooks\UrlRefused;

final class WebhookUrlGuardTest extends TestCase {

	/**
	 * A guard whose name lookups answer from a table (public.test is public, rebind.test has a private
	 * address among its public ones, localhost is 127.0.0.1).
	 */
	private static function guard(): UrlGuard {
		return new UrlGuard(
			static fn( string $host ): array => array(
				'public.test' => array( '93.184.216.34' ),
				'rebind.test' => array( '93.184.216.34', '10.1.2.3' ),
				'v6.test'     => array( '2606:4700:4700::1111' ),
				'localhost'   => array( '127.0.0.1' ),
			)[ $host ] ?? array()
		);
	}

	private static function refusal( string $url, ?UrlGuard $guard = null ): string {
		try {
			( $guard ?? self::guard() )->check( $url );
		} catch ( UrlRefused $e ) {
			return $e->getMessage();
		}
		return '';
	}

	public function test_the_signature_of_a_known_vector(): void {
		// echo -n '1700000000.{"event":"test"}' | openssl dgst -sha256 -hmac 'whsec-known-vector'
		$this->assertSame(
			'sha256=314be1fccc64a2fcabc34cedab170d7dcc01b75a4b0ada5ecc3656aaeafd9c4f',
			Signer::signature( 'whsec-known-vector', 1700000000, '{"event":"test"}' )
		);
		$headers = Signer::headers( 'whsec-known-vector', 'test', 42, 1700000000, '{"event":"test"}' );
		$this->assertSame( '42', $headers['X-UserFeedback-Delivery'] );
		$this->assertSame( 'test', $headers['X-UserFeedback-Event'] );
		$this->assertSame( '1700000000', $headers['X-UserFeedback-Timestamp'] );
		$this->assertSame( 'sha256=314be1fccc64a2fcabc34cedab170d7dcc01b75a4b0ada5ecc3656aaeafd9c4f', $headers['X-UserFeedback-Signature'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', Signer::secret() );
		$this->assertNotSame( Signer::secret(), Signer::secret() );
	}

	/**
	 * @dataProvider private_urls
	 */
	public function test_private_loopback_link_local_and_reserved_addresses_are_refused( string $url ): void {
		$this->assertStringContainsString( 'private or reserved address', self::refusal( $url ) );
	}

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function private_urls(): array {
		return array(
			'loopback'             => array( 'https://127.0.0.1/hook' ),
			'loopback elsewhere'   => array( 'https://127.8.9.10/hook' ),
			'10/8'                 => array( 'https://10.0.0.5/hook' ),
			'172.16/12'            => array( 'https://172.20.1.1/hook' ),
			'192.168/16'           => array( 'https://192.168.1.10/hook' ),
			'link-local metadata'  => array( 'https://169.254.169.254/latest/meta-data' ),
			'shared 100.64/10'     => array( 'https://100.64.0.1/hook' ),
			'this network'         => array( 'https://0.0.0.0/hook' ),
			'IPv6 loopback'        => array( 'https://[::1]/hook' ),
			'IPv6 unique local'    => array( 'https://[fd00::1]/hook' ),
			'IPv6 link-local'      => array( 'https://[fe80::1]/hook' ),
			'IPv4-mapped loopback' => array( 'https://[::ffff:127.0.0.1]/hook' ),
			'a name of 127.0.0.1'  => array( 'https://localhost/hook' ),
			'one private address'  => array( 'https://rebind.test/hook' ),
		);
	}

	public function test_localhost_resolves_through_the_system_resolver(): void {
		$this->assertStringContainsString( 'localhost is 127.0.0.1', self::refusal( 'https://localhost:8443/hook', new UrlGuard() ) );
	}

	public function test_the_filter_may_allow_a_private_address_and_is_told_which(): void {
		$seen = array();
		add_filter(
			UrlGuard::ALLOW_PRIVATE_FILTER,
			static function ( $allow, $url, $host, $ip ) use ( &$seen ) {
				$seen[] = array( $allow, $url, $host, $ip );
				return '10.0.0.5' === $ip;
			},
			10,
			4
		);
		$target = self::guard()->check( 'https://10.0.0.5:9000/hook' );
		$this->assertSame( array( array( false, 'https://10.0.0.5:9000/hook', '10.0.0.5', '10.0.0.5' ) ), $seen );
		$this->assertTrue( $target['private'] );
		$this->assertSame( 9000, $target['port'], 'Any port for an allowed private address.' );
		$this->assertStringContainsString( 'private or reserved address', self::refusal( 'https://127.0.0.1/hook' ) );
	}

	public function test_public_addresses_pass_and_answer_the_address_judged(): void {
		$this->assertSame(
			array(
				'url'     => 'https://public.test/hooks?a=1',
				'host'    => 'public.test',
				'port'    => 443,
				'ip'      => '93.184.216.34',
				'private' => false,
			),
			self::guard()->check( ' https://public.test/hooks?a=1 ' )
		);
		$this->assertSame( '2606:4700:4700::1111', self::guard()->check( 'https://v6.test/' )['ip'] );
		$this->assertSame( 8080, self::guard()->check( 'https://93.184.216.34:8080/' )['port'] );
	}

	public function test_http_is_refused_on_a_site_that_is_not_local(): void {
		$this->assertSame( '', self::refusal( 'http://public.test/hook' ), 'The test site is local: http is allowed.' );
		add_filter( UrlGuard::LOCAL_SITE_FILTER, '__return_false' );
		$this->assertStringContainsString( 'must use https', self::refusal( 'http://public.test/hook' ) );
		$this->assertSame( '', self::refusal( 'https://public.test/hook' ) );
	}

	public function test_bad_urls_are_refused_with_a_sentence(): void {
		$this->assertStringContainsString( 'Enter the webhook URL', self::refusal( '' ) );
		$this->assertStringContainsString( 'full http or https address', self::refusal( 'ftp://public.test/x' ) );
		$this->assertStringContainsString( 'full http or https address', self::refusal( 'javascript:alert(1)' ) );
		$this->assertStringContainsString( 'full http or https address', self::refusal( '/relative/path' ) );
		$this->assertStringContainsString( 'user name or password', self::refusal( 'https://me:pw@public.test/x' ) );
		$this->assertStringContainsString( 'could not be found', self::refusal( 'https://nowhere.test/x' ) );
		$this->assertStringContainsString( 'port 8443', self::refusal( 'https://public.test:8443/x' ) );
	}
}
