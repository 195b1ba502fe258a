<?php
/**
 * The userfeedback/survey block: its metadata, its server render (the shortcode's renderer with the
 * block wrapper's attributes), and its editor script, which only the block editors load.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\SurveyBlock;
use UserFeedback\Frontend\WidgetLoader;

final class SurveyBlockTest extends FrontendTestCase {

	protected function tearDown(): void {
		wp_dequeue_script( SurveyBlock::EDITOR_HANDLE );
		wp_deregister_script( SurveyBlock::EDITOR_HANDLE );
		parent::tearDown();
	}

	private static function block( array $attributes ): string {
		return do_blocks( '<!-- wp:userfeedback/survey ' . ( $attributes ? wp_json_encode( $attributes ) . ' ' : '' ) . '/-->' );
	}

	public function test_the_block_is_registered_with_its_metadata(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( SurveyBlock::NAME );
		$this->assertInstanceOf( \WP_Block_Type::class, $type );
		$this->assertSame( 3, $type->api_version );
		$this->assertSame( 'UserFeedback Survey', $type->title );
		$this->assertSame( 'widgets', $type->category );
		$this->assertSame( 'feedback', $type->icon );
		$this->assertContains( 'survey', $type->keywords );
		$this->assertNotEmpty( $type->description );
		$this->assertSame(
			array(
				'type'    => 'number',
				'default' => 0,
			),
			$type->attributes['surveyId']
		);
		$this->assertSame( array( 'wide', 'full' ), $type->supports['align'] );
		$this->assertTrue( $type->supports['spacing']['margin'] );
		$this->assertFalse( $type->supports['html'] );
		$this->assertTrue( $type->is_dynamic() );
		$this->assertSame( array(), $type->editor_script_handles, 'The editor script is enqueued by enqueue_block_editor_assets, not registered on every request.' );

		$metadata = wp_json_file_decode( USERFEEDBACK_DIR . 'blocks/survey/block.json', array( 'associative' => true ) );
		$this->assertSame( 'userfeedback', $metadata['textdomain'] );
	}

	public function test_the_block_renders_what_the_shortcode_renders_inside_its_wrapper(): void {
		$id = $this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );

		$block     = self::block( array( 'surveyId' => $id ) );
		$shortcode = do_shortcode( "[userfeedback id=\"$id\"]" );
		$this->assertSame( '<div class="userfeedback-inline wp-block-userfeedback-survey" data-survey-id="' . $id . '"></div>', $block );
		$this->assertSame( $shortcode, str_replace( ' wp-block-userfeedback-survey', '', $block ), 'The same placeholder, plus the block class.' );
		$this->assertTrue( self::loader_enqueued() );

		// Called outside a block render (no wrapper attributes to add), it is exactly the shortcode's.
		$this->assertSame( $shortcode, \WP_Block_Type_Registry::get_instance()->get_registered( SurveyBlock::NAME )->render( array( 'surveyId' => $id ) ) );
	}

	public function test_alignment_and_spacing_go_on_the_placeholder(): void {
		$id   = $this->add_survey( 'publish', self::in_an_hour() );
		$this->go_to_front_end( home_url( '/' ) );
		$html = self::block(
			array(
				'surveyId' => $id,
				'align'    => 'wide',
				'style'    => array( 'spacing' => array( 'margin' => array( 'top' => '24px' ) ) ),
			)
		);
		$processor = new \WP_HTML_Tag_Processor( $html );
		$this->assertTrue( $processor->next_tag( 'div' ) );
		$this->assertTrue( $processor->has_class( 'userfeedback-inline' ) );
		$this->assertTrue( $processor->has_class( 'alignwide' ) );
		$this->assertSame( (string) $id, $processor->get_attribute( 'data-survey-id' ) );
		$this->assertStringContainsString( 'margin-top:24px', (string) $processor->get_attribute( 'style' ) );
	}

	public function test_attributes_are_escaped(): void {
		$id   = $this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );
		$html = self::block(
			array(
				'surveyId'  => $id,
				'className' => 'x" onmouseover="alert(1)',
			)
		);
		$this->assertStringNotContainsString( '" onmouseover', $html );
		$processor = new \WP_HTML_Tag_Processor( $html );
		$this->assertTrue( $processor->next_tag( 'div' ) );
		$this->assertNull( $processor->get_attribute( 'onmouseover' ) );
		$this->assertSame( (string) $id, $processor->get_attribute( 'data-survey-id' ) );

		$this->assertSame( '', self::block( array( 'surveyId' => '"><script>alert(1)</script>' ) ) );
		$this->as_user( 'administrator' );
		$note = self::block( array( 'surveyId' => '"><script>alert(1)</script>' ) );
		$this->assertStringContainsString( 'no valid survey id', $note );
		$this->assertStringNotContainsString( '<script', $note );
	}

	public function test_without_a_published_survey_visitors_get_nothing_and_editors_a_note(): void {
		$draft = $this->add_survey( 'draft' );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( '', self::block( array( 'surveyId' => $draft ) ) );
		$this->assertSame( '', self::block( array() ), 'A block whose survey was never chosen.' );
		$this->assertFalse( self::loader_enqueued() );

		$this->as_user( 'editor' );
		$this->assertSame( '', self::block( array( 'surveyId' => $draft ) ), 'Editors of posts are not editors of surveys.' );
		$this->as_user( 'administrator' );
		$this->assertStringContainsString( 'this survey is not published', self::block( array( 'surveyId' => $draft ) ) );
		$this->assertStringContainsString( 'no valid survey id', self::block( array() ) );
	}

	public function test_the_editor_script_loads_in_the_block_editors_only(): void {
		$this->add_survey( 'publish' );
		$this->front_page();
		$this->assertFalse( wp_script_is( SurveyBlock::EDITOR_HANDLE, 'registered' ), 'Visitors never get it.' );
		$this->assertTrue( self::loader_enqueued() );

		if ( ! is_readable( USERFEEDBACK_DIR . 'build/admin/block.asset.php' ) ) {
			$this->markTestSkipped( 'The admin bundles are not built (npm run build:admin).' );
		}
		$this->as_user( 'administrator' );
		$GLOBALS['wp_scripts'] = null;
		do_action( 'enqueue_block_editor_assets' );
		$this->assertTrue( wp_script_is( SurveyBlock::EDITOR_HANDLE, 'enqueued' ) );
		$script = wp_scripts()->registered[ SurveyBlock::EDITOR_HANDLE ];
		$this->assertStringEndsWith( '/build/admin/block.js', $script->src );
		foreach ( array( 'wp-blocks', 'wp-block-editor', 'wp-components', 'wp-api-fetch', 'wp-i18n' ) as $dependency ) {
			$this->assertContains( $dependency, $script->deps );
		}
		$this->assertFalse( wp_script_is( WidgetLoader::HANDLE, 'enqueued' ), 'The editor previews with its own copy of the UI.' );

		$inline = implode( '', (array) wp_scripts()->get_data( SurveyBlock::EDITOR_HANDLE, 'before' ) );
		$this->assertStringStartsWith( 'window.userfeedbackBlockConfig=', $inline );
		$config = json_decode( substr( $inline, strlen( 'window.userfeedbackBlockConfig=' ), -1 ), true );
		$this->assertTrue( $config['canEdit'] );
		$this->assertStringEndsWith( 'admin.php?page=userfeedback_surveys#/new', $config['newSurveyUrl'] );
		$this->assertSame( \UserFeedback\Surveys\FeaturePolicy::widget_keys(), array_keys( $config['features'] ) );
		$this->assertSame( 'Not Likely', $config['strings']['not_likely'] );
		$this->assertSame( '#ffffff', $config['theming']['widget_color'] );
	}

	public function test_the_editor_config_says_who_may_pick_surveys(): void {
		$block = new SurveyBlock(
			new \UserFeedback\Frontend\InlineSurvey( $this->visitor_surveys(), $this->loader(), \UserFeedback\Plugin::instance()->surveys ),
			$this->loader()
		);
		$this->as_user( 'author' );
		$this->assertFalse( $block->editor_config()['canEdit'] );
		$this->as_user( 'administrator' );
		$this->assertTrue( $block->editor_config()['canEdit'] );
	}

	private function visitor_surveys(): \UserFeedback\Frontend\VisitorSurveys {
		return new \UserFeedback\Frontend\VisitorSurveys( \UserFeedback\Plugin::instance()->surveys );
	}

	private function loader(): WidgetLoader {
		return new WidgetLoader( $this->visitor_surveys(), \UserFeedback\Plugin::instance()->settings, static fn() => \UserFeedback\Plugin::instance()->entitlements() );
	}
}
