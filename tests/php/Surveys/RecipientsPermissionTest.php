<?php
/**
 * Who may receive a survey's answers: changing its notifications (the addresses, on/off, the
 * conditional email logic) needs the view-results capability besides edit rights. Without it the
 * whole write is refused with 403 userfeedback_cannot_change_recipients and nothing is saved; other
 * edits still save when the notifications come back unchanged.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\Schema;
use UserFeedback\Tests\SurveyTestCase;

final class RecipientsPermissionTest extends SurveyTestCase {

	/** An editor who may build surveys but was refused "view results". */
	private function as_builder_only(): int {
		$id   = $this->make_user( 'editor' );
		$user = get_user_by( 'id', $id );
		$user->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$this->assertFalse( user_can( $id, Capabilities::VIEW_RESULTS ) );
		wp_set_current_user( $id );
		return $id;
	}

	private function as_builder_with_results(): int {
		$id   = $this->make_user( 'editor' );
		$user = get_user_by( 'id', $id );
		$user->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$user->add_cap( Capabilities::VIEW_RESULTS );
		wp_set_current_user( $id );
		return $id;
	}

	/** A stored survey, created by an administrator, with a recipient and (elite) a condition. */
	private function stored_survey(): int {
		$this->as_elite();
		$this->as_user( 'administrator' );
		return $this->create_id(
			array(
				'notifications' => array(
					'email' => array(
						'active'    => true,
						'addresses' => 'owner@site.test',
						'logic'     => array(
							'enable'     => true,
							'action'     => 'send',
							'conditions' => array(
								array(
									'question_id' => 1,
									'compare'     => 'equals',
									'value'       => 'No',
								),
							),
						),
					),
				),
			)
		);
	}

	private static function stored_row( int $id ): array {
		global $wpdb;
		return (array) $wpdb->get_row( $wpdb->prepare( 'SELECT title, notifications, updated_at FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ), ARRAY_A );
	}

	private static function survey_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'surveys' ) ) );
	}

	private function assert_refused( \WP_REST_Response $response ): void {
		$this->assertSame( 403, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertSame( 'userfeedback_cannot_change_recipients', $data['code'] );
		$this->assertStringContainsString( 'View Results', $data['message'] );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function changes(): array {
		return array(
			'an outside address'     => array( array( 'email' => array( 'addresses' => 'attacker@elsewhere.test' ) ) ),
			'an extra address'       => array( array( 'email' => array( 'addresses' => 'owner@site.test, attacker@elsewhere.test' ) ) ),
			'turning emails off'     => array( array( 'email' => array( 'active' => false ) ) ),
			'the logic switched off' => array( array( 'email' => array( 'logic' => array( 'enable' => false ) ) ) ),
			'the conditions emptied' => array( array( 'email' => array( 'logic' => array( 'conditions' => array() ) ) ) ),
			'a condition changed'    => array(
				array(
					'email' => array(
						'logic' => array(
							'conditions' => array(
								array(
									'question_id' => 1,
									'compare'     => 'equals',
									'value'       => 'Yes',
								),
							),
						),
					),
				),
			),
		);
	}

	/**
	 * @dataProvider changes
	 */
	public function test_an_update_that_changes_the_notifications_is_refused_whole( array $notifications ): void {
		$id     = $this->stored_survey();
		$before = self::stored_row( $id );

		$this->as_builder_only();
		$response = $this->update(
			$id,
			array(
				'title'         => 'Renamed by the editor',
				'notifications' => $notifications,
			)
		);

		$this->assert_refused( $response );
		$this->assertSame( $before, self::stored_row( $id ), 'Nothing of the refused request was saved, not even the title.' );
	}

	public function test_creating_a_survey_with_other_recipients_is_refused(): void {
		$this->as_builder_only();
		$count    = self::survey_count();
		$response = $this->create(
			self::survey(
				array(
					'notifications' => array(
						'email' => array(
							'active'    => true,
							'addresses' => 'attacker@elsewhere.test',
						),
					),
				)
			)
		);

		$this->assert_refused( $response );
		$this->assertSame( $count, self::survey_count(), 'No survey was created.' );
	}

	public function test_creating_without_notifications_or_with_the_defaults_works_and_mails_the_admin(): void {
		$this->as_builder_only();
		$response = $this->create( self::survey() );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( get_option( 'admin_email' ), $response->get_data()['notifications']['email']['addresses'] );

		// The builder of a new survey may send the defaults it was given back unchanged.
		$response = $this->create( self::survey( array( 'notifications' => $response->get_data()['notifications'] ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
	}

	public function test_other_edits_save_when_the_notifications_are_left_out_or_sent_back_unchanged(): void {
		$id = $this->stored_survey();
		$this->as_builder_only();

		$response = $this->update( $id, array( 'title' => 'Renamed' ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		// As the builder does: the whole survey it loaded, with the notifications as GET answered them.
		$survey          = $this->fetch( $id );
		$survey['title'] = 'Renamed again';
		$response        = $this->update( $id, $survey );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		// Unchanged once normalised: other spacing, the same list.
		$response = $this->update(
			$id,
			array(
				'title'         => 'Renamed a third time',
				'notifications' => array( 'email' => array( 'addresses' => '  owner@site.test ' ) ),
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		$stored = $this->fetch( $id );
		$this->assertSame( 'Renamed a third time', $stored['title'] );
		$this->assertSame( 'owner@site.test', $stored['notifications']['email']['addresses'] );
		$this->assertTrue( $stored['notifications']['email']['logic']['enable'] );
	}

	public function test_with_view_results_the_recipients_may_be_changed(): void {
		$id = $this->stored_survey();
		$this->as_builder_with_results();

		$response = $this->update(
			$id,
			array(
				'notifications' => array(
					'email' => array(
						'addresses' => 'team@site.test',
						'logic'     => array( 'enable' => false ),
					),
				),
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'team@site.test', $this->fetch( $id )['notifications']['email']['addresses'] );

		$response = $this->create( self::survey( array( 'notifications' => array( 'email' => array( 'addresses' => 'team@site.test' ) ) ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'team@site.test', $response->get_data()['notifications']['email']['addresses'] );
	}

	public function test_duplicating_keeps_the_recipients_and_is_allowed(): void {
		$id = $this->stored_survey();
		$this->as_builder_only();

		$response = $this->rest( 'POST', self::NS . "/surveys/$id/duplicate", array(), array() );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'owner@site.test', $response->get_data()['notifications']['email']['addresses'] );
	}
}
