<?php
/**
 * The Misc setting "Automatic Updates" through WordPress's own auto_update_plugin filter
 * (includes/Settings/AutoUpdates.php), with update offers shaped as core passes them.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Settings\AutoUpdates;
use UserFeedback\Settings\SettingsRepository;

final class AutoUpdatesTest extends TestCase {

	private const ADDON = 'userfeedback-behavior/userfeedback-behavior.php';
	private const OTHER = 'akismet/akismet.php';

	private function set_mode( string $mode ): void {
		$repository = new SettingsRepository();
		$repository->save( array( 'automatic_updates' => $mode ) + $repository->all() );
	}

	/**
	 * An update offer as WordPress's update_plugins transient holds it, plus, when given, the installed
	 * version under the name core's auto-update checks add (current_version).
	 */
	private static function offer( string $basename, string $new_version, ?string $installed = null ): object {
		$item = (object) array(
			'id'          => 'w.org/plugins/' . dirname( $basename ),
			'slug'        => dirname( $basename ),
			'plugin'      => $basename,
			'new_version' => $new_version,
			'package'     => 'https://downloads.example.com/' . dirname( $basename ) . '.zip',
		);
		if ( null !== $installed ) {
			$item->current_version = $installed;
		}
		return $item;
	}

	private static function own_basename(): string {
		return plugin_basename( USERFEEDBACK_FILE );
	}

	public function test_none_is_the_default_and_turns_updates_off_for_our_plugins_only(): void {
		$this->assertSame( 'none', ( new SettingsRepository() )->get( 'automatic_updates' ) );
		$this->assertFalse( apply_filters( 'auto_update_plugin', true, self::offer( self::own_basename(), '9.0.0', '0.1.0' ) ) );
		$this->assertFalse( apply_filters( 'auto_update_plugin', true, self::offer( self::ADDON, '1.0.1', '1.0.0' ) ) );
		// Other plugins keep what they were given, whatever it was.
		$this->assertTrue( apply_filters( 'auto_update_plugin', true, self::offer( self::OTHER, '5.0', '4.0' ) ) );
		$this->assertNull( apply_filters( 'auto_update_plugin', null, self::offer( self::OTHER, '5.0', '4.0' ) ) );
		$this->assertFalse( apply_filters( 'auto_update_plugin', false, self::offer( self::OTHER, '5.0', '4.0' ) ) );
	}

	public function test_all_updates_our_plugin_and_addons_whatever_the_version(): void {
		$this->set_mode( 'all' );
		$this->assertTrue( apply_filters( 'auto_update_plugin', false, self::offer( self::own_basename(), '2.0.0', '0.1.0' ) ) );
		$this->assertTrue( apply_filters( 'auto_update_plugin', null, self::offer( self::ADDON, '3.0.0', '1.4.2' ) ) );
		$this->assertFalse( apply_filters( 'auto_update_plugin', false, self::offer( self::OTHER, '5.0', '4.0' ) ) );
	}

	public function test_minor_updates_only_patch_releases(): void {
		$this->set_mode( 'minor' );
		$cases = array(
			array( '1.2.3', '1.2.4', true ),
			array( '1.2.3', '1.2.10', true ),
			array( '1.2', '1.2.1', true ),
			array( '1.2.3', '1.3.0', false ),
			array( '1.2.3', '2.0.0', false ),
			array( '1.2.3', '1.2.3', false ),
			array( '1.2.4', '1.2.3', false ),
			array( '1.2.3', 'not-a-version', false ),
		);
		foreach ( $cases as [ $installed, $new, $expected ] ) {
			$this->assertSame(
				$expected,
				apply_filters( 'auto_update_plugin', ! $expected, self::offer( self::ADDON, $new, $installed ) ),
				"$installed → $new"
			);
		}
		$this->assertNull( apply_filters( 'auto_update_plugin', null, self::offer( self::OTHER, '4.0.1', '4.0.0' ) ) );
	}

	public function test_minor_reads_the_installed_version_from_the_plugin_header_when_the_offer_lacks_it(): void {
		$this->set_mode( 'minor' );
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$installed = get_plugins()[ self::own_basename() ]['Version'] ?? null;
		$this->assertIsString( $installed, 'The plugin under test is installed in the test site.' );
		[ $major, $minor, $patch ] = array_map( 'intval', explode( '.', $installed . '.0.0' ) );

		$this->assertTrue( apply_filters( 'auto_update_plugin', false, self::offer( self::own_basename(), "$major.$minor." . ( $patch + 1 ) ) ) );
		$this->assertFalse( apply_filters( 'auto_update_plugin', true, self::offer( self::own_basename(), "$major." . ( $minor + 1 ) . '.0' ) ) );
		// An addon that is not installed has no version to compare with: not updated.
		$this->assertFalse( apply_filters( 'auto_update_plugin', true, self::offer( 'userfeedback-heatmaps/userfeedback-heatmaps.php', '1.0.1' ) ) );
	}

	public function test_only_the_plugin_and_its_addons_count_as_ours(): void {
		$updates = new AutoUpdates( new SettingsRepository() );
		$this->assertTrue( $updates->is_ours( self::own_basename() ) );
		$this->assertTrue( $updates->is_ours( 'userfeedback-geo-restrictions/userfeedback-geo-restrictions.php' ) );
		$this->assertFalse( $updates->is_ours( 'userfeedback-behavior/other.php' ) );
		$this->assertFalse( $updates->is_ours( 'userfeedback-behavior/userfeedback-targeting.php' ) );
		$this->assertFalse( $updates->is_ours( 'my-userfeedback-behavior/userfeedback-behavior.php' ) );
		$this->assertFalse( $updates->is_ours( self::OTHER ) );

		$this->set_mode( 'all' );
		// Malformed offers are passed through untouched.
		$this->assertNull( apply_filters( 'auto_update_plugin', null, (object) array( 'new_version' => '1.0.1' ) ) );
		$this->assertTrue( apply_filters( 'auto_update_plugin', true, 'not an object' ) );
	}
}
