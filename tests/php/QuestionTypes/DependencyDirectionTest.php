<?php
/**
 * The dependencies around the registry run one way: the rollups count with the registry and do
 * not read the results (QuestionStats reads the rollups); the descriptors read no survey or results
 * class but the NPS arithmetic; the parts of the survey schema do not read the schema they make up.
 * A plain reading of the source: a reference in the other direction brings a cycle back.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Tests\TestCase;

final class DependencyDirectionTest extends TestCase {

	private static function source( string $path ): string {
		$file = dirname( __DIR__, 3 ) . '/includes/' . $path;
		self::assertFileExists( $file );
		return (string) file_get_contents( $file );
	}

	public function test_the_rollups_do_not_read_the_results_they_feed(): void {
		$rollups = self::source( 'Database/Rollups.php' );
		$this->assertStringNotContainsString( 'QuestionStats', $rollups );
		$this->assertStringContainsString( 'QuestionTypes::get(', $rollups );
		$this->assertStringContainsString( 'Rollups::value(', self::source( 'Results/QuestionStats.php' ) );
	}

	public function test_the_descriptors_read_no_survey_or_results_class_but_the_nps_arithmetic(): void {
		$files = glob( dirname( __DIR__, 3 ) . '/includes/Surveys/QuestionTypes/*.php' );
		$this->assertNotEmpty( $files );
		foreach ( $files as $file ) {
			preg_match_all( '/^use (UserFeedback\\\\[\\w\\\\]+);/m', (string) file_get_contents( $file ), $uses );
			$outside = array_diff( $uses[1], array( 'UserFeedback\\Results\\Nps' ) );
			$this->assertSame( array(), array_values( $outside ), basename( $file ) );
			$this->assertDoesNotMatchRegularExpression( '/\\\\?UserFeedback\\\\(Surveys\\\\Survey|Results\\\\(?!Nps)|Database|Responses|Rest)/', (string) file_get_contents( $file ), basename( $file ) );
		}
	}

	public function test_the_parts_of_the_survey_schema_do_not_read_it(): void {
		foreach ( array( 'SchemaParts', 'QuestionSchema', 'SurveySettingsSchema', 'SurveyDefaults', 'SurveyLimits' ) as $part ) {
			$this->assertStringNotContainsString( 'SurveySchema::', self::source( "Surveys/$part.php" ), $part );
		}
	}
}
