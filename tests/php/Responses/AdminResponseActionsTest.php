<?php
/**
 * POST surveys/{id}/responses/trash, POST .../restore, DELETE surveys/{id}/responses: the capability
 * and the response_management feature, all-or-nothing ids, statuses in both tables, and deletes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

final class AdminResponseActionsTest extends AdminResponsesTestCase {

	private function act( string $action, int $survey_id, array $ids ): \WP_REST_Response {
		$path = self::NS . "/surveys/$survey_id/responses" . ( 'delete' === $action ? '' : "/$action" );
		return $this->rest( 'delete' === $action ? 'DELETE' : 'POST', $path, array(), array( 'response_ids' => $ids ) );
	}

	private static function status( int $id ): ?string {
		$row = self::response_row( $id );
		return $row['status'] ?? null;
	}

	public function test_trash_and_restore_one_and_many_on_a_licensed_pro_site(): void {
		$this->set_entitlements( 'pro', 'plus' );
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		$ids     = self::add_series( $survey, 3 );
		$changed = 0;
		add_action( 'userfeedback_responses_changed', static function () use ( &$changed ): void {
			++$changed;
		} );

		$response = $this->act( 'trash', $survey, array( $ids[0] ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 'done' => array( $ids[0] ) ), $response->get_data() );
		$this->assertSame( 'trash', self::status( $ids[0] ) );
		$this->assertSame( 'trash', self::answer_row( $ids[0], 1 )['status'] );
		$this->assertSame( 'publish', self::status( $ids[1] ) );
		$this->assertSame( 1, $changed );

		// Already in the trash: left as it is, and not reported as done.
		$this->assertSame( array( 'done' => array( $ids[1], $ids[2] ) ), $this->act( 'trash', $survey, array( $ids[0], $ids[1], $ids[2] ) )->get_data() );
		$list = $this->list_data( $survey, array( 'filter' => array( 'status' => 'trash' ) ) );
		$this->assertSame( 3, $list['pagination']['total'] );
		$this->assertSame( 0, $list['status_filters'][0]['count'] );

		$this->assertSame( array( 'done' => $ids ), $this->act( 'restore', $survey, $ids )->get_data() );
		foreach ( $ids as $id ) {
			$this->assertSame( 'publish', self::status( $id ) );
			$this->assertSame( 'publish', self::answer_row( $id, 1 )['status'] );
		}
		$this->assertSame( 3, $this->list_data( $survey )['pagination']['total'] );
		$this->assertSame( 3, $changed );
	}

	public function test_delete_removes_trashed_responses_and_their_answers_only(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$live   = self::add_series( $survey, 2 );
		$trash  = self::add_series( $survey, 2, 'trash' );

		$refused = $this->act( 'delete', $survey, array( $trash[0], $live[0] ) );
		$this->assertSame( 400, $refused->get_status() );
		$this->assertStringContainsString( (string) $live[0], $refused->as_error()->get_error_message() );
		$this->assertNotNull( self::response_row( $trash[0] ), 'Nothing was deleted.' );

		$this->assertSame( array( 'done' => $trash ), $this->act( 'delete', $survey, $trash )->get_data() );
		foreach ( $trash as $id ) {
			$this->assertNull( self::response_row( $id ) );
			$this->assertSame( array(), self::answer_rows( $id ) );
		}
		$this->assertNotNull( self::response_row( $live[0] ) );
		$this->assertCount( 1, self::answer_rows( $live[0] ) );
	}

	public function test_ids_of_another_survey_refuse_the_whole_request(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		$mine    = self::add_series( $survey, 2 );
		$foreign = self::add_series( self::open_survey(), 1 )[0];

		foreach ( array( 'trash', 'restore', 'delete' ) as $action ) {
			$response = $this->act( $action, $survey, array( $mine[0], $foreign, $mine[1] ) );
			$this->assertSame( 400, $response->get_status(), $action );
			$this->assertStringContainsString( (string) $foreign, $response->as_error()->get_error_message() );
		}
		$this->assertSame( 400, $this->act( 'trash', $survey, array( $mine[0], 999999 ) )->get_status() );
		$this->assertSame( 'publish', self::status( $mine[0] ) );
		$this->assertSame( 'publish', self::status( $mine[1] ) );
		$this->assertSame( 'publish', self::status( $foreign ) );
	}

	public function test_bad_id_lists_are_refused(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$ids    = self::add_series( $survey, 1 );
		foreach ( array( array(), array( 0 ), array( -3 ), array( 'abc' ), array( 1.5 ), range( 1, 1001 ), array( array( 1 ) ) ) as $bad ) {
			$this->assertSame( 400, $this->act( 'trash', $survey, $bad )->get_status(), (string) wp_json_encode( $bad ) );
		}
		$this->assertSame( 400, $this->rest( 'POST', self::NS . "/surveys/$survey/responses/trash", array(), array() )->get_status() );
		$this->assertSame( 404, $this->act( 'trash', $survey + 1000, $ids )->get_status() );
		$this->assertSame( 'publish', self::status( $ids[0] ) );
	}

	public function test_lite_and_unlicensed_sites_are_refused_with_an_upgrade_message(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$ids    = self::add_series( $survey, 1 );
		$trash  = self::add_series( $survey, 1, 'trash' );

		foreach ( array( array( 'lite', null ), array( 'pro', null ) ) as [ $edition, $type ] ) {
			$this->set_entitlements( $edition, $type );
			foreach ( array( array( 'trash', $ids ), array( 'restore', $trash ), array( 'delete', $trash ) ) as [ $action, $which ] ) {
				$response = $this->act( $action, $survey, $which );
				$this->assertSame( 403, $response->get_status(), "$edition $action" );
				$error = $response->as_error();
				$this->assertSame( 'userfeedback_feature_locked', $error->get_error_code() );
				$this->assertStringContainsString( 'Response Management', $error->get_error_message() );
				$this->assertSame( 'response_management', $error->get_error_data()['feature'] );
			}
		}
		$this->assertSame( 'publish', self::status( $ids[0] ) );
		$this->assertSame( 'trash', self::status( $trash[0] ) );
		// Lite sites still list and view.
		$this->assertSame( 1, $this->list_data( $survey )['pagination']['total'] );
	}

	public function test_roles_without_delete_surveys_are_refused(): void {
		$this->as_elite();
		$survey = self::open_survey();
		$ids    = self::add_series( $survey, 1 );
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_user( $role );
			$this->assertSame( 403, $this->act( 'trash', $survey, $ids )->get_status(), $role );
		}
		$this->as_results_viewer();
		$this->assertCount( 1, $this->list_data( $survey )['items'], 'The viewer may list.' );
		foreach ( array( 'trash', 'restore', 'delete' ) as $action ) {
			$this->assertSame( 403, $this->act( $action, $survey, $ids )->get_status(), $action );
		}
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->act( 'trash', $survey, $ids )->get_status() );
		$this->assertSame( 'publish', self::status( $ids[0] ) );
	}
}
