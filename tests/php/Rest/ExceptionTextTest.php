<?php
/**
 * Issue 20 item 3: exception messages are escaped for HTML where they are thrown (an uncaught one may
 * be printed on an error page) and read back as plain text where they leave as JSON; the plugin's
 * logger writes only while WP_DEBUG is on and always fires userfeedback_log.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Rest\ApiException;

final class ExceptionTextTest extends TestCase {

	public function test_a_refusal_escaped_at_the_throw_reaches_json_as_plain_text(): void {
		$sentence  = 'Condition 1: "A & B" can\'t be <empty>.';
		$exception = ApiException::fields( array_map( 'esc_html', array( 'filter.conditions' => $sentence ) ) );

		self::assertStringNotContainsString( '<empty>', $exception->getMessage(), 'the message is HTML-safe while it is an exception' );
		$error = $exception->to_wp_error();
		self::assertSame( $sentence, $error->get_error_message() );
		$data = $error->get_error_data();
		self::assertSame( $sentence, $data['fields']['filter.conditions'] );
		self::assertSame( $sentence, $data['params']['filter'] );
		self::assertSame( 400, $data['status'] );
	}

	public function test_plain_reads_an_exception_or_a_message(): void {
		self::assertSame( 'It\'s <b>', ExceptionText::plain( new \RuntimeException( esc_html( 'It\'s <b>' ) ) ) );
		self::assertSame( 'a & b', ExceptionText::plain( esc_html( 'a & b' ) ) );
		self::assertSame( 'plain', ExceptionText::plain( 'plain' ) );
	}

	public function test_the_logger_fires_its_action_and_writes_only_with_wp_debug(): void {
		$seen = array();
		$hook = static function ( string $level, string $message ) use ( &$seen ): void {
			$seen[] = array( $level, $message );
		};
		add_action( 'userfeedback_log', $hook, 10, 2 );
		$file     = (string) tempnam( sys_get_temp_dir(), 'uf-log' );
		$previous = (string) ini_set( 'error_log', $file ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- the test reads what the logger wrote.
		try {
			Log::error( 'the weekly summary was not sent' );
		} finally {
			ini_set( 'error_log', $previous ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- restores the log.
			remove_action( 'userfeedback_log', $hook, 10 );
		}
		self::assertSame( array( array( 'error', 'the weekly summary was not sent' ) ), $seen );
		$written = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local temporary file.
		unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- a local temporary file.
		self::assertTrue( Log::enabled(), 'the test site runs with WP_DEBUG on' );
		self::assertStringContainsString( 'UserFeedback: the weekly summary was not sent', $written );
	}
}
