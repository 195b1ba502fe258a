<?php
/**
 * The last AI summary of each survey, in one option per survey (userfeedback_ai_summary_{id}) that is
 * not autoloaded: read only by the results screen, never on front-end pages.
 *
 * The survey's created_at is kept with it, so that a summary left behind by a deleted survey is never
 * shown for a new survey that got the same id (SQLite and older MariaDB may reuse the highest id).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Ai;

defined( 'ABSPATH' ) || exit;

final class SummaryStore {

	public const OPTION_PREFIX = 'userfeedback_ai_summary_';

	public static function option( int $survey_id ): string {
		return self::OPTION_PREFIX . $survey_id;
	}

	/**
	 * @param array<string,mixed> $survey The survey (id, created_at).
	 * @return array{summary:string,generated_at:string,answers_count:int}|null
	 */
	public function get( array $survey ): ?array {
		$stored = get_option( self::option( (int) $survey['id'] ), null );
		if ( ! is_array( $stored ) || ! is_string( $stored['summary'] ?? null ) || ! is_string( $stored['generated_at'] ?? null )
			|| ( $stored['survey_created_at'] ?? null ) !== (string) ( $survey['created_at'] ?? '' ) ) {
			return null;
		}
		return array(
			'summary'       => $stored['summary'],
			'generated_at'  => $stored['generated_at'],
			'answers_count' => (int) ( $stored['answers_count'] ?? 0 ),
		);
	}

	/**
	 * @param array<string,mixed> $survey The survey (id, created_at).
	 */
	public function save( array $survey, string $summary, string $generated_at, int $answers_count ): void {
		$option = self::option( (int) $survey['id'] );
		$value  = array(
			'summary'           => $summary,
			'generated_at'      => $generated_at,
			'answers_count'     => $answers_count,
			'survey_created_at' => (string) ( $survey['created_at'] ?? '' ),
		);
		// add_option() first: update_option() keeps the autoload flag of an existing option and, for a
		// new one, autoloads unless told otherwise.
		if ( ! add_option( $option, $value, '', false ) ) {
			update_option( $option, $value, false );
		}
	}

	public function delete( int $survey_id ): void {
		delete_option( self::option( $survey_id ) );
	}
}
