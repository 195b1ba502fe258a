<?php
/**
 * Icon-choice icons reach visitors as SVG data: only the icons a survey's options use, stored names
 * of the first icon list (Font Awesome 4/5 names) resolved through the catalogue's aliases, and an
 * unknown name drawn as the fallback icon rather than nothing. Reads the built catalogue
 * (build/icons/, scripts/icons.mjs).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\Icons;

final class IconsTest extends FrontendTestCase {

	protected function setUp(): void {
		parent::setUp();
		Icons::reset();
		$this->assertNotSame( '', Icons::version(), 'build/icons/ is missing: run "npm run build:icons".' );
	}

	protected function tearDown(): void {
		remove_all_filters( 'userfeedback_icons_dir' );
		Icons::reset();
		parent::tearDown();
	}

	/**
	 * @param array<int,string|null> $names Icon names of the options (null: an option without icon).
	 * @return array<string,mixed>
	 */
	private static function icon_question( int $id, array $names ): array {
		return array(
			'id'       => $id,
			'type'     => 'icon-choice',
			'title'    => "Icons $id",
			'config'   => array(
				'options' => array_map(
					static fn( ?string $name ): array => array(
						'label' => 'Option ' . ( $name ?? 'none' ),
						'icon'  => null === $name ? null : array(
							'name'  => $name,
							'style' => 'solid',
						),
					),
					$names
				),
			),
			'settings' => array( 'icon_color' => '#d63638' ),
		);
	}

	public function test_stored_names_resolve_to_svg_paths_through_aliases(): void {
		$smile = Icons::find( 'smile' );
		$this->assertNotNull( $smile );
		$this->assertSame( Icons::find( 'face-smile' ), $smile, 'smile is Font Awesome\'s older name of face-smile.' );
		$this->assertSame( '0 0 512 512', $smile['viewBox'] );
		$this->assertMatchesRegularExpression( '/^M[\d.\s,a-zA-Z-]+$/', $smile['path'] );
		foreach ( array( 'frown', 'meh', 'times', 'home', 'cog', 'search', 'shopping-cart', 'coffee', 'thumbs-up', 'paw' ) as $name ) {
			$this->assertNotNull( Icons::find( $name ), "$name resolves" );
		}
		$this->assertNull( Icons::find( 'no-such-icon' ) );
		$this->assertNull( Icons::find( '../index' ), 'Only catalogue names, never a path.' );
		$this->assertNull( Icons::find( '' ) );
	}

	public function test_only_the_icons_a_survey_uses_are_in_the_widget_config(): void {
		$id = $this->add_survey(
			'publish',
			null,
			array(
				'questions' => array(
					self::icon_question( 1, array( 'smile', 'heart', null ) ),
					self::icon_question( 2, array( 'heart', 'thumbs-up' ) ),
					array(
						'id'     => 3,
						'type'   => 'radio-button',
						'title'  => 'Plan',
						'config' => array( 'options' => array( 'star', 'bolt' ) ),
					),
				),
			)
		);
		$plain = $this->add_survey( 'publish' );
		$this->front_page();

		$surveys = array_column( $this->page_surveys(), null, 'id' ); // The body route's, which the UI fetches.
		$icons   = $surveys[ $id ]['icons'];
		$this->assertSame( array( 'smile', 'heart', 'thumbs-up' ), array_keys( $icons ), 'Each used name once; radio labels are not icons.' );
		$this->assertSame( Icons::find( 'heart' ), $icons['heart'] );
		$this->assertArrayNotHasKey( 'unknown', $icons['smile'] );
		$this->assertArrayNotHasKey( 'icons', $surveys[ $plain ], 'A survey without icons carries none.' );

		// Nothing else of the catalogue travels: its 1,400 icons would be hundreds of kilobytes.
		$this->assertLessThan( 4000, strlen( (string) wp_json_encode( $icons ) ) );
		$this->assertStringNotContainsString( Icons::find( 'star' )['path'], self::inline_config() );
	}

	public function test_an_unknown_name_falls_back_to_a_visible_icon(): void {
		$id = $this->add_survey(
			'publish',
			null,
			array( 'questions' => array( self::icon_question( 1, array( 'not-an-icon', 'smile' ) ) ) )
		);
		$this->front_page();

		$icons = array_column( $this->page_surveys(), null, 'id' )[ $id ]['icons'];
		$this->assertTrue( $icons['not-an-icon']['unknown'] );
		$this->assertSame( Icons::find( Icons::FALLBACK )['path'], $icons['not-an-icon']['path'] );
		$this->assertNotSame( '', $icons['not-an-icon']['path'] );
	}

	public function test_without_a_built_catalogue_no_icons_are_sent_and_nothing_fails(): void {
		add_filter( 'userfeedback_icons_dir', static fn(): string => sys_get_temp_dir() . '/no-such-uf-icons/' );
		Icons::reset();
		$this->assertSame( '', Icons::version() );
		$this->assertSame( array(), Icons::for_questions( array( self::icon_question( 1, array( 'smile' ) ) ) ), 'The widget draws its own question mark then.' );
	}
}
