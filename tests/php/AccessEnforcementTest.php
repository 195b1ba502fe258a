<?php
/**
 * The Access settings end to end: the role lists saved through POST settings become WordPress
 * capabilities, and every REST route then lets in exactly the roles it should. Also GET roles, which
 * feeds the Access screen.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;

final class AccessEnforcementTest extends SurveyTestCase {

	private function save_access( array $body ): \WP_REST_Response {
		$this->as_user( 'administrator' );
		return $this->rest( 'POST', self::NS . '/settings', array(), $body );
	}

	public function test_view_results_for_editors_lets_them_read_results_and_nothing_else(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$this->as_user( 'administrator' );
		$survey = $this->create_id();

		$response = $this->save_access( array( 'view_results' => array( 'editor' ) ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		$editor = $this->make_user( 'editor' );
		$this->assertTrue( user_can( $editor, Capabilities::VIEW_RESULTS ) );
		foreach ( array( Capabilities::CREATE_EDIT_SURVEYS, Capabilities::DELETE_SURVEYS, Capabilities::MANAGE_SETTINGS ) as $cap ) {
			$this->assertFalse( user_can( $editor, $cap ), $cap );
		}

		wp_set_current_user( $editor );
		foreach ( array(
			self::NS . '/results-summary',
			self::NS . "/surveys/$survey/results",
			self::NS . "/surveys/$survey/responses",
		) as $route ) {
			$this->assertSame( 200, $this->rest( 'GET', $route )->get_status(), $route );
		}

		// Not allowed: building surveys, deleting, settings, the Access screen's roles.
		$refusals = array(
			array( 'POST', self::NS . '/surveys', self::survey() ),
			array( 'POST', self::NS . "/surveys/$survey", array( 'title' => 'Renamed' ) ),
			array( 'POST', self::NS . "/surveys/$survey/duplicate", array() ),
			array( 'GET', self::NS . "/surveys/$survey", null ),
			array( 'GET', self::NS . '/settings', null ),
			array( 'POST', self::NS . '/settings', array( 'view_results' => array( 'editor', 'author' ) ) ),
			array( 'GET', self::NS . '/roles', null ),
		);
		foreach ( $refusals as [ $method, $route, $body ] ) {
			$response = $this->rest( $method, $route, array(), $body );
			$this->assertSame( 403, $response->get_status(), "$method $route" );
		}
		$this->assertSame( 'Site feedback', $this->fetch_as_admin_title( $survey ), 'The refused edit changed nothing.' );
	}

	public function test_removing_the_role_takes_the_capability_away(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$this->save_access( array( 'view_results' => array( 'editor' ), 'delete_surveys' => array( 'editor' ) ) );
		$editor = $this->make_user( 'editor' );
		$this->assertTrue( user_can( $editor, Capabilities::DELETE_SURVEYS ) );

		$this->save_access( array( 'view_results' => array(), 'delete_surveys' => array( 'author' ) ) );
		$this->assertFalse( user_can( $editor, Capabilities::VIEW_RESULTS ) );
		$this->assertFalse( user_can( $editor, Capabilities::DELETE_SURVEYS ) );
		$this->assertTrue( user_can( $this->make_user( 'author' ), Capabilities::DELETE_SURVEYS ) );

		wp_set_current_user( $editor );
		$this->assertSame( 403, $this->rest( 'GET', self::NS . '/results-summary' )->get_status() );
	}

	public function test_manager_roles_can_never_be_removed(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$response = $this->save_access(
			array(
				'create_edit_surveys' => array(),
				'view_results'        => array(),
				'delete_surveys'      => array(),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		foreach ( array( 'create_edit_surveys', 'view_results', 'delete_surveys' ) as $key ) {
			$this->assertContains( 'administrator', $response->get_data()[ $key ], $key );
		}
		$admin = $this->make_user( 'administrator' );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertTrue( user_can( $admin, $cap ), $cap );
		}
		// A custom role that can manage options is forced too.
		add_role( 'uf_site_manager', 'Site Manager', array( 'read' => true, 'manage_options' => true ) );
		try {
			$response = $this->save_access( array( 'view_results' => array( 'editor' ) ) );
			$this->assertContains( 'uf_site_manager', $response->get_data()['view_results'] );
			$this->assertTrue( get_role( 'uf_site_manager' )->has_cap( Capabilities::VIEW_RESULTS ) );
			$this->assertTrue( get_role( 'uf_site_manager' )->has_cap( Capabilities::MANAGE_SETTINGS ) );
		} finally {
			remove_role( 'uf_site_manager' );
		}
	}

	public function test_without_access_control_the_role_lists_cannot_change(): void {
		// Pro installed, but no valid licence.
		$this->set_entitlements( 'pro', null );
		$response = $this->save_access(
			array(
				'create_edit_surveys' => array( 'editor' ),
				'view_results'        => array( 'author' ),
				'delete_surveys'      => array( 'editor' ),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		foreach ( array( 'create_edit_surveys', 'view_results', 'delete_surveys' ) as $key ) {
			$this->assertSame( array( 'administrator' ), $response->get_data()[ $key ], $key );
		}
		$this->assertFalse( user_can( $this->make_user( 'editor' ), Capabilities::CREATE_EDIT_SURVEYS ) );
		$this->assertFalse( user_can( $this->make_user( 'author' ), Capabilities::VIEW_RESULTS ) );

		// Lite too, and lists granted while entitled stay as they were.
		$this->set_entitlements( 'pro', 'pro' );
		$this->save_access( array( 'view_results' => array( 'editor' ) ) );
		$this->set_entitlements( 'lite', null );
		$response = $this->save_access( array( 'view_results' => array() ) );
		$this->assertSame( array( 'administrator', 'editor' ), $response->get_data()['view_results'] );
		$this->assertTrue( user_can( $this->make_user( 'editor' ), Capabilities::VIEW_RESULTS ) );
	}

	public function test_unknown_roles_are_refused(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$response = $this->save_access( array( 'view_results' => array( 'editor', 'no_such_role' ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertArrayHasKey( 'view_results', $response->get_data()['data']['params'] );
		$this->assertFalse( get_role( 'editor' )->has_cap( Capabilities::VIEW_RESULTS ) );
	}

	public function test_get_roles_lists_the_sites_roles_with_the_forced_ones(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', self::NS . '/roles' );
		$this->assertSame( 200, $response->get_status() );
		$roles = array_column( $response->get_data(), null, 'key' );
		$this->assertSame( array_keys( wp_roles()->role_names ), array_keys( $roles ) );
		$this->assertSame(
			array(
				'key'    => 'administrator',
				'name'   => 'Administrator',
				'forced' => true,
			),
			$roles['administrator']
		);
		$this->assertSame(
			array(
				'key'    => 'editor',
				'name'   => 'Editor',
				'forced' => false,
			),
			$roles['editor']
		);

		add_role( 'uf_site_manager', 'Site Manager', array( 'manage_options' => true ) );
		try {
			$roles = array_column( $this->rest( 'GET', self::NS . '/roles' )->get_data(), 'forced', 'key' );
			$this->assertTrue( $roles['uf_site_manager'] );
			$this->assertFalse( $roles['subscriber'] );
		} finally {
			remove_role( 'uf_site_manager' );
		}
	}

	public function test_get_roles_is_for_settings_managers_only(): void {
		$this->assertSame( 401, $this->rest( 'GET', self::NS . '/roles' )->get_status() );
		foreach ( array( 'subscriber', 'editor', 'author' ) as $role ) {
			$this->as_user( $role );
			$this->assertSame( 403, $this->rest( 'GET', self::NS . '/roles' )->get_status(), $role );
		}
		// An editor given every survey capability still does not manage settings.
		$this->set_entitlements( 'pro', 'pro' );
		$this->save_access(
			array(
				'create_edit_surveys' => array( 'editor' ),
				'view_results'        => array( 'editor' ),
				'delete_surveys'      => array( 'editor' ),
			)
		);
		$this->as_user( 'editor' );
		$this->assertSame( 403, $this->rest( 'GET', self::NS . '/roles' )->get_status() );
	}

	private function fetch_as_admin_title( int $survey ): string {
		$current = get_current_user_id();
		$this->as_user( 'administrator' );
		$title = (string) $this->fetch( $survey )['title'];
		wp_set_current_user( $current );
		return $title;
	}
}
