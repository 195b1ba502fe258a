<?php
/**
 * [userfeedback id="N"]: the placeholder the loader fills, the loader on the page (once), and nothing
 * for visitors when the survey is not published.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\InlineSurvey;
use UserFeedback\Frontend\WidgetLoader;

final class SurveyShortcodeTest extends FrontendTestCase {

	private static function placeholder( int $id ): string {
		return '<div class="userfeedback-inline" data-survey-id="' . $id . '"></div>';
	}

	public function test_a_published_survey_prints_the_placeholder_and_the_loader(): void {
		$id = $this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );

		$this->assertSame( self::placeholder( $id ), do_shortcode( '[userfeedback id="' . $id . '"]' ) );
		$this->assertSame( self::placeholder( $id ), do_shortcode( "[userfeedback id=$id]" ) );
		$this->assertSame( self::placeholder( $id ), do_shortcode( "[userfeedback ID=' $id ']" ), 'Attribute names are case-insensitive; spaces around the id are forgiven.' );
		$this->assertTrue( self::loader_enqueued() );
		$this->assertContains( $id, array_column( $this->page_config()['surveys'], 'id' ), 'The survey itself is in the config.' );
	}

	public function test_a_scheduled_survey_prints_the_placeholder_as_the_loader_waits_for_it(): void {
		$id = $this->add_survey( 'publish', self::in_an_hour() );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( self::placeholder( $id ), do_shortcode( "[userfeedback id=\"$id\"]" ) );
		$this->assertTrue( self::loader_enqueued() );
	}

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function unpublished(): array {
		return array(
			'draft' => array( 'draft' ),
			'trash' => array( 'trash' ),
		);
	}

	/**
	 * @dataProvider unpublished
	 */
	public function test_an_unpublished_survey_prints_nothing_for_visitors_and_a_note_for_editors( string $status ): void {
		$id = $this->add_survey( $status );
		$this->go_to_front_end( home_url( '/' ) );

		$this->assertSame( '', do_shortcode( "[userfeedback id=\"$id\"]" ), 'Anonymous visitors (cacheable pages) get nothing.' );
		$this->as_user( 'subscriber' );
		$this->assertSame( '', do_shortcode( "[userfeedback id=\"$id\"]" ), 'Nor do logged-in users who cannot edit surveys.' );

		$this->as_user( 'administrator' );
		$html = do_shortcode( "[userfeedback id=\"$id\"]" );
		$this->assertStringContainsString( 'class="userfeedback-inline-note"', $html );
		$this->assertStringContainsString( 'this survey is not published', $html );
		$this->assertStringNotContainsString( 'data-survey-id', $html );
		$this->assertFalse( self::loader_enqueued(), 'Nothing to load for it.' );
	}

	public function test_an_unknown_id_prints_nothing_for_visitors_and_says_so_to_editors(): void {
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( '', do_shortcode( '[userfeedback id="987654"]' ) );
		$this->as_user( 'administrator' );
		$this->assertStringContainsString( 'there is no survey with the id 987654', do_shortcode( '[userfeedback id="987654"]' ) );
		$this->assertFalse( self::loader_enqueued() );
	}

	public function test_a_published_survey_without_questions_is_explained_to_editors(): void {
		$id = $this->add_survey( 'publish', null, array( 'questions' => array() ) );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( '', do_shortcode( "[userfeedback id=\"$id\"]" ) );
		$this->as_user( 'administrator' );
		$this->assertStringContainsString( 'has no questions', do_shortcode( "[userfeedback id=\"$id\"]" ) );
	}

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function malformed(): array {
		return array(
			'no attributes'  => array( '[userfeedback]' ),
			'empty id'       => array( '[userfeedback id=""]' ),
			'zero'           => array( '[userfeedback id="0"]' ),
			'negative'       => array( '[userfeedback id="-3"]' ),
			'decimal'        => array( '[userfeedback id="1.5"]' ),
			'trailing text'  => array( '[userfeedback id="12abc"]' ),
			'hex'            => array( '[userfeedback id="0x1A"]' ),
			'too long'       => array( '[userfeedback id="99999999999999999999999"]' ),
			'other name'     => array( '[userfeedback survey="12"]' ),
			'markup'         => array( '[userfeedback id=\'"><script>alert(1)</script>\']' ),
			'encoded markup' => array( '[userfeedback id="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"]' ),
		);
	}

	/**
	 * @dataProvider malformed
	 */
	public function test_malformed_attributes_print_nothing_for_visitors_and_an_escaped_note_for_editors( string $shortcode ): void {
		$this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( '', do_shortcode( $shortcode ) );

		$this->as_user( 'administrator' );
		$html = do_shortcode( $shortcode );
		$this->assertStringContainsString( 'no valid survey id', $html );
		$this->assertStringContainsString( '[userfeedback id=&quot;12&quot;]', $html, 'The example is escaped text.' );
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringNotContainsString( '<img', $html );
		$this->assertStringNotContainsString( 'data-survey-id', $html );
	}

	public function test_the_id_parser(): void {
		$this->assertSame( 7, InlineSurvey::parse_id( 7 ) );
		$this->assertSame( 7, InlineSurvey::parse_id( 7.0 ) );
		$this->assertSame( 7, InlineSurvey::parse_id( ' 7 ' ) );
		foreach ( array( 0, -7, 7.5, '7.0', '', null, true, array( 7 ), '+7', '7 8' ) as $bad ) {
			$this->assertNull( InlineSurvey::parse_id( $bad ), var_export( $bad, true ) );
		}
	}

	public function test_the_shortcode_brings_the_loader_to_a_page_that_would_not_have_it(): void {
		// The loader stays off embeds (a post shown in an iframe on another site) on its own; a survey
		// inside the embedded post brings it, and the embed template prints footer scripts.
		$id   = $this->add_survey( 'publish' );
		$post = wp_insert_post(
			array(
				'post_title'   => 'Embedded',
				'post_status'  => 'publish',
				'post_content' => "[userfeedback id=\"$id\"]",
			)
		);
		$this->go_to_front_end( get_post_embed_url( $post ) );
		$this->assertTrue( is_embed() );
		do_action( 'wp_enqueue_scripts' );
		$this->assertFalse( self::loader_enqueued(), 'Not on its own.' );

		$this->assertSame( self::placeholder( $id ), do_shortcode( get_post( $post )->post_content ) );
		$this->assertTrue( self::loader_enqueued() );
		$this->assertSame( array( $id ), array_column( $this->page_config()['surveys'], 'id' ) );
	}

	public function test_the_loader_is_printed_once_with_several_shortcodes(): void {
		$first  = $this->add_survey( 'publish' );
		$second = $this->add_survey( 'publish', self::in_an_hour() );
		$this->go_to_front_end( home_url( '/' ) );

		// Content first (block themes), then wp_enqueue_scripts, then more content (classic themes).
		$html  = do_shortcode( "[userfeedback id=\"$first\"] text [userfeedback id=\"$second\"]" );
		$html .= do_shortcode( "[userfeedback id=\"$first\"]" );
		do_action( 'wp_enqueue_scripts' );
		$html .= apply_filters( 'widget_text_content', "[userfeedback id=\"$second\"]" );

		$this->assertSame( 2, substr_count( $html, 'data-survey-id="' . $first . '"' ) );
		$this->assertSame( 2, substr_count( $html, 'data-survey-id="' . $second . '"' ), 'Text widgets run the shortcode too.' );

		$printed = self::printed_footer_scripts();
		$this->assertSame( 1, substr_count( $printed, 'window.userfeedbackConfig=' ) );
		$this->assertSame( 1, preg_match_all( '#<script[^>]+build/widget/loader\.js#', $printed ) );
		$this->assertCount( 1, array_filter( (array) wp_scripts()->get_data( WidgetLoader::HANDLE, 'before' ) ) );
	}

	public function test_the_loader_is_not_enqueued_in_rest_requests(): void {
		$id = $this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );
		$_SERVER['HTTP_ACCEPT'] = 'application/json';
		try {
			$this->assertSame( self::placeholder( $id ), do_shortcode( "[userfeedback id=\"$id\"]" ), 'The content is the same (e.g. content.rendered).' );
			$this->assertFalse( self::loader_enqueued() );
		} finally {
			unset( $_SERVER['HTTP_ACCEPT'] );
		}
	}

	public function test_the_shortcode_the_surveys_list_offers_is_this_one(): void {
		$id = $this->add_survey( 'publish' );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertSame( self::placeholder( $id ), do_shortcode( \UserFeedback\Surveys\SurveyReader::shortcode( $id ) ) );
	}
}
