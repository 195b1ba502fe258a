<?php
/**
 * Status transitions through POST surveys/bulk, checked item by item: existence, state, the current
 * user's capability per survey, publish validation; permanent delete with the survey's data.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;

final class SurveyBulkTest extends SurveyTestCase {

	/**
	 * @param int[] $ids Survey ids.
	 * @return array{0:int,1:mixed}
	 */
	private function bulk( string $action, array $ids ): array {
		$response = $this->rest( 'POST', self::NS . '/surveys/bulk', array(), array( 'action' => $action, 'ids' => $ids ) );
		return array( $response->get_status(), self::data( $response ) );
	}

	private static function status( int $id ): ?string {
		$row = Plugin::instance()->surveys->find( $id );
		return $row ? $row['status'] : null;
	}

	public function test_publish_draft_trash_and_restore(): void {
		$this->as_user( 'administrator' );
		$a = $this->create_id();
		$b = $this->create_id();

		$this->assertSame( array( 200, array( 'done' => array( $a, $b ), 'failed' => array() ) ), $this->bulk( 'publish', array( $a, $b ) ) );
		$this->assertSame( 'publish', self::status( $a ) );
		$this->assertSame( array( 200, array( 'done' => array( $a ), 'failed' => array() ) ), $this->bulk( 'draft', array( $a ) ) );
		$this->assertSame( 'draft', self::status( $a ) );
		$this->assertSame( array( 200, array( 'done' => array( $a, $b ), 'failed' => array() ) ), $this->bulk( 'trash', array( $a, $b, $a ) ), 'Repeated ids count once.' );
		$this->assertSame( 'trash', self::status( $b ) );
		$this->assertSame( array( 200, array( 'done' => array( $b ), 'failed' => array() ) ), $this->bulk( 'restore', array( $b ) ) );
		$this->assertSame( 'draft', self::status( $b ), 'Restored surveys come back as drafts.' );
	}

	public function test_each_id_is_checked_on_its_own(): void {
		$this->as_user( 'administrator' );
		$good    = $this->create_id();
		$one     = self::question( 1 );
		$one['config']['options'] = array( 'Only' );
		$bad     = $this->create_id( array( 'questions' => array( $one ) ) );
		$trashed = $this->create_id();
		$this->bulk( 'trash', array( $trashed ) );

		[ $status, $result ] = $this->bulk( 'publish', array( $good, $bad, $trashed, 987654 ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array( $good ), $result['done'] );
		$this->assertSame(
			array(
				array( 'id' => $bad, 'message' => "The Survey can't be published: Some questions are missing options." ),
				array( 'id' => $trashed, 'message' => 'The survey is in the trash; restore it first.' ),
				array( 'id' => 987654, 'message' => 'Survey not found.' ),
			),
			$result['failed']
		);
		$this->assertSame( 'publish', self::status( $good ) );
		$this->assertSame( 'draft', self::status( $bad ) );

		[ , $result ] = $this->bulk( 'restore', array( $good, $trashed ) );
		$this->assertSame( array( $trashed ), $result['done'] );
		$this->assertSame( 'Only surveys in the trash can be restored or deleted permanently.', $result['failed'][0]['message'] );
		[ , $result ] = $this->bulk( 'delete', array( $good ) );
		$this->assertSame( array(), $result['done'] );
		$this->assertSame( 'publish', self::status( $good ), 'Never deleted straight from the list.' );
	}

	public function test_an_editor_who_may_edit_but_not_delete_cannot_trash(): void {
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		get_role( 'editor' )->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$this->as_user( 'editor' );

		[ $status, $result ] = $this->bulk( 'trash', array( $id ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array(), $result['done'] );
		$this->assertSame( array( array( 'id' => $id, 'message' => 'Sorry, you are not allowed to delete surveys.' ) ), $result['failed'] );
		$this->assertSame( 'draft', self::status( $id ) );

		// Nor through a save with status trash; other changes are fine.
		$this->assertSame( 403, $this->update( $id, array( 'status' => 'trash' ) )->get_status() );
		$this->assertSame( 'draft', self::status( $id ) );
		[ , $result ] = $this->bulk( 'publish', array( $id ) );
		$this->assertSame( array( $id ), $result['done'], wp_json_encode( $result ) );

		get_role( 'editor' )->add_cap( Capabilities::DELETE_SURVEYS );
		wp_get_current_user()->get_role_caps(); // The user object keeps the capabilities it read.
		[ , $result ] = $this->bulk( 'trash', array( $id ) );
		$this->assertSame( array( $id ), $result['done'] );
	}

	public function test_the_delete_capability_is_asked_per_survey(): void {
		$this->as_user( 'administrator' );
		$mine   = $this->create_id();
		$theirs = $this->create_id();
		// A site may decide per survey (map_meta_cap sees the survey id).
		add_filter(
			'user_has_cap',
			static function ( array $caps, array $wanted, array $args ) use ( $theirs ): array {
				if ( Capabilities::DELETE_SURVEYS === $args[0] && (int) ( $args[2] ?? 0 ) === $theirs ) {
					$caps[ Capabilities::DELETE_SURVEYS ] = false;
				}
				return $caps;
			},
			10,
			3
		);
		[ , $result ] = $this->bulk( 'trash', array( $mine, $theirs ) );
		$this->assertSame( array( $mine ), $result['done'] );
		$this->assertSame( $theirs, $result['failed'][0]['id'] );
	}

	public function test_invalid_bulk_requests_are_refused(): void {
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		foreach ( array( array( 'action' => 'archive', 'ids' => array( $id ) ), array( 'action' => 'trash', 'ids' => array() ), array( 'action' => 'trash' ), array( 'action' => 'trash', 'ids' => array( 'x' ) ) ) as $body ) {
			$response = $this->rest( 'POST', self::NS . '/surveys/bulk', array(), $body );
			$this->assertSame( 400, $response->get_status(), wp_json_encode( $body ) );
		}
		$this->assertSame( 'draft', self::status( $id ) );
	}

	public function test_delete_permanently_removes_the_survey_with_its_responses_answers_and_impressions(): void {
		wp_set_current_user( 1 ); // The site's administrator: no user rows to leave behind.
		$this->without_transaction(
			function (): void {
				$keep = $this->create_id();
				$gone = $this->create_id();
				try {
					self::add_responses( $keep, 2 );
					self::add_responses( $gone, 3 );
					global $wpdb;
					foreach ( array( $keep, $gone ) as $survey ) {
						$wpdb->insert( Schema::table( 'daily_responses' ), array( 'survey_id' => $survey, 'day' => '2026-01-02', 'count' => 2 ) );
						$wpdb->insert( Schema::table( 'daily_answers' ), array( 'survey_id' => $survey, 'day' => '2026-01-02', 'question_id' => 1, 'kind' => 0, 'value' => 'Yes', 'count' => 2 ) );
						$wpdb->insert( Schema::table( 'daily_funnel' ), array( 'survey_id' => $survey, 'day' => '2026-01-02', 'question_id' => 0, 'metric' => 1, 'count' => 2 ) );
					}
					update_option( 'userfeedback_ai_summary_' . $gone, array( 'summary' => 'Old' ), false );
					$this->bulk( 'trash', array( $gone ) );
					[ , $result ] = $this->bulk( 'delete', array( $gone ) );
					$this->assertSame( array( $gone ), $result['done'] );
					// daily_responses: add_responses() counts today's responses there too (as the visitor route does).
					$single = array( 'surveys', 'impressions', 'daily_answers', 'daily_funnel' );
					foreach ( array( 'surveys', 'responses', 'answers', 'impressions', 'daily_responses', 'daily_answers', 'daily_funnel' ) as $table ) {
						$this->assertSame( 0, self::count_rows( $table, $gone ), $table );
						$this->assertSame( in_array( $table, $single, true ) ? 1 : 2, self::count_rows( $table, $keep ), "$table of another survey" );
					}
					$this->assertFalse( get_option( 'userfeedback_ai_summary_' . $gone ), 'No summary left for a later survey with the same id.' );
				} finally {
					self::purge( $keep, $gone );
				}
			}
		);
	}

	public function test_a_failed_delete_changes_nothing(): void {
		wp_set_current_user( 1 );
		$this->without_transaction(
			function (): void {
				$id = $this->create_id();
				try {
					self::add_responses( $id, 2 );
					$this->bulk( 'trash', array( $id ) );
					// The last statement (the survey row) fails: the children deleted before it come back.
					$surveys = Schema::table( 'surveys' );
					add_filter( 'query', static fn( string $sql ): string => str_starts_with( $sql, "DELETE FROM `$surveys`" ) ? 'DELETE FROM no_such_table_uf' : $sql );
					[ , $result ] = $this->bulk( 'delete', array( $id ) );
					$this->assertSame( array(), $result['done'] );
					$this->assertSame( 'The survey could not be deleted; nothing was changed. Please try again.', $result['failed'][0]['message'] );
					$this->assertSame( 2, self::count_rows( 'responses', $id ) );
					$this->assertSame( 2, self::count_rows( 'answers', $id ) );
					$this->assertSame( 1, self::count_rows( 'surveys', $id ) );
				} finally {
					remove_all_filters( 'query' );
					self::purge( $id );
				}
			}
		);
	}

	/**
	 * Removes what a test committed.
	 */
	private static function purge( int ...$ids ): void {
		global $wpdb;
		foreach ( $ids as $id ) {
			foreach ( array( 'answers', 'responses', 'impressions', 'daily_responses', 'daily_answers', 'daily_funnel' ) as $table ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
			}
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
		}
	}
}
