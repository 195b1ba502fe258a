<?php
/**
 * Writes the registry as the admin boot config carries it (QuestionTypes::admin_config()) to
 * tests/fixtures/recorded/question-types.json, and fails when the file was missing or differed, so
 * that the committed file is always the registry's. The admin's Vitest reads it to check that every
 * registered type has a widget component, a builder editor and a results card.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Tests\TestCase;

final class RecordedQuestionTypesTest extends TestCase {

	private const FILE = 'tests/fixtures/recorded/question-types.json';

	public function test_the_recorded_registry_is_current(): void {
		// Labels as the English admin reads them, whatever the site's language.
		switch_to_locale( 'en_US' );
		try {
			$json = (string) wp_json_encode( QuestionTypes::admin_config(), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
		} finally {
			restore_previous_locale();
		}

		$file = dirname( __DIR__, 3 ) . '/' . self::FILE;
		$was  = is_file( $file ) ? (string) file_get_contents( $file ) : null;
		if ( $was !== $json ) {
			if ( ! is_dir( dirname( $file ) ) ) {
				mkdir( dirname( $file ), 0777, true );
			}
			file_put_contents( $file, $json );
		}
		$this->assertSame( $was, $json, self::FILE . ' was ' . ( null === $was ? 'missing' : 'out of date' ) . ': it is written now; commit it.' );

		$recorded = json_decode( $json, true );
		$this->assertSame( QuestionTypes::keys(), array_column( $recorded, 'key' ) );
	}
}
