<?php
/**
 * Helpers of the front-end tests: surveys written straight into the table, front-end requests, and the
 * widget config as the page carries it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Plugin;
use UserFeedback\Tests\TestCase;

abstract class FrontendTestCase extends TestCase {

	protected function tearDown(): void {
		wp_dequeue_script( WidgetLoader::HANDLE );
		wp_deregister_script( WidgetLoader::HANDLE );
		parent::tearDown();
	}

	/**
	 * @param array<string,mixed> $over Columns to change (settings replace the default settings).
	 */
	protected function add_survey( string $status, ?string $publish_at = null, array $over = array() ): int {
		return Plugin::instance()->surveys->insert(
			array_merge(
				array(
					'title'         => "A $status survey",
					'status'        => $status,
					'publish_at'    => $publish_at,
					'questions'     => array(
						array(
							'id'    => 1,
							'title' => 'How are we doing?',
							'type'  => 'text',
						),
					),
					'settings'      => array( 'behavior' => array( 'timing' => 'immediate' ) ),
					'notifications' => array( 'email' => array( 'addresses' => 'secret-owner@example.com' ) ),
				),
				$over
			)
		);
	}

	protected static function in_an_hour(): string {
		return gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS );
	}

	/**
	 * A front-end request of the home page, up to wp_enqueue_scripts.
	 */
	protected function front_page( string $url = '' ): void {
		$this->go_to_front_end( '' !== $url ? $url : home_url( '/' ) );
		do_action( 'wp_enqueue_scripts' );
	}

	protected static function loader_enqueued(): bool {
		return wp_script_is( WidgetLoader::HANDLE, 'enqueued' );
	}

	/**
	 * The inline script before the loader.
	 */
	protected static function inline_config(): string {
		return implode( '', (array) wp_scripts()->get_data( WidgetLoader::HANDLE, 'before' ) );
	}

	/**
	 * window.userfeedbackConfig as the page carries it, decoded.
	 *
	 * @return array<string,mixed>
	 */
	protected function page_config(): array {
		$inline = self::inline_config();
		// The JavaScript API's stub comes first, so calls made before the loader runs are queued.
		$prefix = WidgetLoader::API_STUB . 'window.userfeedbackConfig=';
		$this->assertStringStartsWith( $prefix, $inline );
		$this->assertStringEndsWith( ';', $inline );
		$config = json_decode( substr( $inline, strlen( $prefix ), -1 ), true );
		$this->assertIsArray( $config );
		return $config;
	}

	/**
	 * What the UI gets for a survey of the page (GET surveys/{id}/widget under the config's v), by id.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	protected function page_bodies(): array {
		$bodies = array();
		foreach ( $this->page_config()['surveys'] as $target ) {
			$bodies[ (int) $target['id'] ] = $this->survey_body( (int) $target['id'], (string) $target['v'] );
		}
		return $bodies;
	}

	/**
	 * The page's surveys as the UI shows them (the body route's survey), in config order.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	protected function page_surveys(): array {
		return array_values( array_map( static fn( array $body ): array => $body['survey'], $this->page_bodies() ) );
	}

	/**
	 * A survey's body as a visitor's browser gets it (decoded JSON).
	 *
	 * @return array<string,mixed>
	 */
	protected function survey_body( int $id, string $version = '' ): array {
		$response = $this->rest( 'GET', "/userfeedback/v1/surveys/$id/widget", '' !== $version ? array( 'v' => $version ) : array() );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$body = json_decode( (string) wp_json_encode( $response->get_data() ), true );
		$this->assertIsArray( $body );
		return $body;
	}

	/**
	 * Everything the page prints for the loader: the inline config and the script tag, each once.
	 */
	protected static function printed_footer_scripts(): string {
		ob_start();
		wp_scripts()->do_footer_items();
		return (string) ob_get_clean();
	}
}
