<?php
/**
 * The remote notifications feed (includes/Notifications/RemoteFeed.php) against a loopback server
 * (tests/php/fixtures/notifications-feed.php): parsed into the drawer, cached, a dead or malformed
 * feed giving nothing and not asked again within the hour; and its setting.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Notifications\RemoteFeed;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\LoopbackServer;
use UserFeedback\Tests\TestCase;

final class NotificationFeedTest extends TestCase {

	private const DRAWER = '/userfeedback/v1/notifications';

	private LoopbackServer $server;

	private string $dir = '';

	private string $feed_url = '';

	protected function setUp(): void {
		parent::setUp();
		delete_option( NotificationStore::OPTION );
		$this->dir = sys_get_temp_dir() . '/uf-feed-' . getmypid() . '-' . wp_generate_password( 8, false );
		mkdir( $this->dir );
		$this->server   = new LoopbackServer();
		$this->feed_url = $this->server->start( dirname( __DIR__ ) . '/fixtures/notifications-feed.php', $this->dir, array( 'UF_FEED_DIR' => $this->dir ) ) . '/feed.json';
		$this->use_feed( $this->feed_url );
		$this->as_user( 'administrator' );
	}

	protected function tearDown(): void {
		$this->server->stop();
		self::remove_tree( $this->dir );
		parent::tearDown();
	}

	public function test_the_feed_is_parsed_into_the_drawer(): void {
		$this->serve(
			array(
				array(
					'id'       => 'News_42!',
					'title'    => 'Our <em>big</em> release',
					'content'  => '<p>New <strong>templates</strong> &amp; more.</p><script>alert(1)</script>',
					'category' => 'news',
					'icon'     => 'megaphone',
					'start'    => gmdate( 'c', time() - HOUR_IN_SECONDS ),
					'end'      => gmdate( 'c', time() + DAY_IN_SECONDS ),
					'btns'     => array(
						'main' => array(
							'text' => 'Read more',
							'url'  => 'https://userfeedback.example/blog/release',
						),
						'alt'  => array(
							'text' => 'Click me',
							'url'  => 'javascript:alert(1)',
						),
					),
				),
				array(
					'id'      => 7,
					'title'   => 'Contract-shaped buttons',
					'content' => 'Plain.',
					'icon'    => 'http://insecure.example/icon.png',
					'start'   => gmdate( 'Y-m-d H:i:s', time() - 2 * HOUR_IN_SECONDS ),
					'buttons' => array(
						array(
							'type' => 'secondary',
							'text' => 'Docs',
							'url'  => home_url( '/docs/' ),
						),
						array(
							'type' => 'primary',
							'text' => 'Data',
							'url'  => 'data:text/html,hi',
						),
					),
				),
				array(
					'id'    => 'later',
					'title' => 'Not started',
					'start' => gmdate( 'c', time() + DAY_IN_SECONDS ),
				),
				array(
					'id'    => 'over',
					'title' => 'Ended',
					'start' => gmdate( 'c', time() - 3 * DAY_IN_SECONDS ),
					'end'   => gmdate( 'c', time() - DAY_IN_SECONDS ),
				),
				array(
					'id'      => 'untitled',
					'content' => 'No title',
				),
				array( 'title' => 'No id' ),
				'not an object',
			)
		);

		$list = $this->rest( 'GET', self::DRAWER )->get_data()['notifications'];
		$this->assertSame( array( 'feed-news-42', 'feed-7' ), array_column( $list, 'id' ) );

		[ $news, $seven ] = $list;
		$this->assertSame( 'Our big release', $news['title'] );
		$this->assertSame( 'New templates & more.', $news['content'] );
		$this->assertSame( 'news', $news['category'] );
		$this->assertSame(
			array(
				array(
					'type'        => 'primary',
					'text'        => 'Read more',
					'url'         => 'https://userfeedback.example/blog/release',
					'is_external' => true,
				),
			),
			$news['buttons']
		);
		$this->assertSame( 'megaphone', $seven['icon'], 'Only https image URLs are kept as icons.' );
		$this->assertSame( 'news', $seven['category'] );
		$this->assertSame(
			array(
				array(
					'type'        => 'secondary',
					'text'        => 'Docs',
					'url'         => home_url( '/docs/' ),
					'is_external' => false,
				),
			),
			$seven['buttons']
		);

		// A feed notification is dismissed like the plugin's own, per user.
		$this->assertSame( array( 'feed-7' ), array_column( $this->rest( 'POST', self::DRAWER . '/feed-news-42/dismiss' )->get_data()['notifications'], 'id' ) );
		$this->as_user( 'administrator' );
		$this->assertCount( 2, $this->rest( 'GET', self::DRAWER )->get_data()['notifications'] );
	}

	public function test_the_feed_is_cached(): void {
		$this->serve(
			array(
				array(
					'id'    => 'one',
					'title' => 'One',
				),
			)
		);
		$this->assertSame( array( 'feed-one' ), array_column( $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], 'id' ) );

		$this->serve(
			array(
				array(
					'id'    => 'two',
					'title' => 'Two',
				),
			)
		);
		$this->assertSame( array( 'feed-one' ), array_column( $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], 'id' ) );
		$this->assertCount( 1, $this->requests(), 'The second list made no request.' );
		$this->assertLessThanOrEqual( RemoteFeed::CACHE_SECONDS, $this->cache_expiry() - time() );
		$this->assertGreaterThan( RemoteFeed::RETRY_SECONDS, $this->cache_expiry() - time() );
	}

	public function test_a_dead_feed_gives_nothing_and_is_not_asked_again_within_the_hour(): void {
		( new NotificationStore() )->add(
			array(
				'id'          => 'uf-own',
				'title'       => 'Our own',
				'category'    => 'insight',
				'icon'        => 'megaphone',
				'content'     => '',
				'active_from' => NotificationStore::iso( time() - 60 ),
				'buttons'     => array(),
				'capability'  => 'userfeedback_view_results',
			)
		);
		file_put_contents( $this->dir . '/status', '500' );
		$this->serve(
			array(
				array(
					'id'    => 'one',
					'title' => 'One',
				),
			)
		);
		$this->assertSame( array( 'uf-own' ), array_column( $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], 'id' ) );
		$this->assertSame( array( 'uf-own' ), array_column( $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], 'id' ) );
		$this->assertCount( 1, $this->requests() );
		$this->assertLessThanOrEqual( RemoteFeed::RETRY_SECONDS, $this->cache_expiry() - time() );

		// Nothing listening at all: no notifications, and the failure is cached as well.
		$closed = 'http://127.0.0.1:' . LoopbackServer::free_port() . '/feed.json';
		$this->use_feed( $closed );
		$started = microtime( true );
		$this->assertSame( array( 'uf-own' ), array_column( $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], 'id' ) );
		$this->assertLessThan( RemoteFeed::TIMEOUT, microtime( true ) - $started );
		$this->assertIsArray( get_transient( 'userfeedback_feed_' . md5( $closed ) ) );
	}

	public function test_malformed_json_is_ignored(): void {
		foreach ( array( '{"id": "x", "title": ', '{"id":"x","title":"An object, not a list"}', '"text"', '' ) as $i => $body ) {
			$url = $this->feed_url . '?variant=' . $i;
			$this->use_feed( $url );
			file_put_contents( $this->dir . '/feed.json', $body );
			$this->assertSame( array(), $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], $body );
			$this->assertSame( array(), $this->rest( 'GET', self::DRAWER )->get_data()['notifications'], $body );
		}
		$this->assertCount( 4, $this->requests(), 'Each bad feed was asked once.' );
	}

	public function test_the_feed_url_comes_from_the_setting_and_must_be_http(): void {
		$feed = new RemoteFeed( new SettingsRepository() );
		remove_all_filters( 'userfeedback_notifications_feed_url' );
		$this->assertSame( '', $feed->url(), 'No feed by default.' );

		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'notifications_feed_url' => 'ftp://feeds.example/list.json' ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( '', $feed->url() );

		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'notifications_feed_url' => 'https://feeds.example/list.json' ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'https://feeds.example/list.json', $feed->url() );

		// The filter wins, and a value that is not an http(s) URL means no feed.
		add_filter( 'userfeedback_notifications_feed_url', static fn(): string => 'file:///etc/passwd' );
		$this->assertSame( '', $feed->url() );
	}

	/**
	 * Points the plugin at a feed URL; the loopback server stands for a public one, which
	 * wp_safe_remote_get() would refuse on a port other than the site's.
	 */
	private function use_feed( string $url ): void {
		remove_all_filters( 'userfeedback_notifications_feed_url' );
		add_filter( 'userfeedback_notifications_feed_url', static fn(): string => $url );
		$origin = $this->server->url() . '/';
		add_filter(
			'http_request_args',
			static fn( array $args, string $request_url ): array => str_starts_with( $request_url, $origin ) ? array( 'reject_unsafe_urls' => false ) + $args : $args,
			10,
			2
		);
	}

	/**
	 * @param array<int,mixed> $items The feed's items.
	 */
	private function serve( array $items ): void {
		file_put_contents( $this->dir . '/feed.json', (string) wp_json_encode( $items ) );
	}

	/**
	 * @return string[] The feed server's request log.
	 */
	private function requests(): array {
		$log = $this->dir . '/requests.log';
		return is_file( $log ) ? array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) ) : array();
	}

	private function cache_expiry(): int {
		return (int) get_option( '_transient_timeout_userfeedback_feed_' . md5( $this->feed_url ) );
	}
}
