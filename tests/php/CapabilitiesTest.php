<?php
/**
 * Our capabilities: granted to administrators on activation, mapped from the Access settings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;

final class CapabilitiesTest extends TestCase {

	public function test_administrators_hold_every_capability_after_activation(): void {
		$admin = $this->make_user( 'administrator' );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertTrue( user_can( $admin, $cap ), $cap );
		}
		foreach ( array( 'editor', 'author', 'contributor', 'subscriber' ) as $role ) {
			$user = $this->make_user( $role );
			foreach ( Capabilities::ALL as $cap ) {
				$this->assertFalse( user_can( $user, $cap ), "$role has $cap" );
			}
		}
	}

	public function test_sync_maps_each_list_to_its_capability(): void {
		$caps = new Capabilities();
		$caps->sync(
			array(
				'create_edit_surveys' => array( 'editor' ),
				'view_results'        => array( 'editor', 'author' ),
				'delete_surveys'      => array(),
			)
		);
		$editor = get_role( 'editor' );
		$author = get_role( 'author' );
		$this->assertTrue( $editor->has_cap( Capabilities::CREATE_EDIT_SURVEYS ) );
		$this->assertTrue( $editor->has_cap( Capabilities::VIEW_RESULTS ) );
		$this->assertFalse( $editor->has_cap( Capabilities::DELETE_SURVEYS ) );
		$this->assertFalse( $editor->has_cap( Capabilities::MANAGE_SETTINGS ), 'Settings stay with roles that manage options.' );
		$this->assertTrue( $author->has_cap( Capabilities::VIEW_RESULTS ) );
		$this->assertFalse( $author->has_cap( Capabilities::CREATE_EDIT_SURVEYS ) );

		// Administrators cannot be locked out, whatever the lists say.
		$caps->sync( array( 'create_edit_surveys' => array(), 'view_results' => array(), 'delete_surveys' => array() ) );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertTrue( get_role( 'administrator' )->has_cap( $cap ), $cap );
		}
		$this->assertFalse( get_role( 'editor' )->has_cap( Capabilities::VIEW_RESULTS ) );
	}

	public function test_the_current_users_capabilities_for_the_boot_config(): void {
		$this->as_user( 'administrator' );
		$this->assertSame(
			array( 'create_edit_surveys' => true, 'view_results' => true, 'delete_surveys' => true, 'manage_settings' => true ),
			( new Capabilities() )->for_current_user()
		);
		$this->as_user( 'editor' );
		$this->assertSame( array( false ), array_values( array_unique( ( new Capabilities() )->for_current_user() ) ) );
	}

	public function test_remove_all_takes_every_capability_away(): void {
		$caps = new Capabilities();
		$caps->remove_all();
		try {
			foreach ( Capabilities::ALL as $cap ) {
				$this->assertFalse( get_role( 'administrator' )->has_cap( $cap ) );
			}
		} finally {
			$caps->grant_defaults();
		}
		$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::MANAGE_SETTINGS ) );
	}
}
