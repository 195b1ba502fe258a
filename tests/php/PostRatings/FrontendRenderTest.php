<?php
/**
 * The post-rating widget's markup (the contract's): figures, texts, icons, summary, style variables,
 * escaping and the schema.org AggregateRating.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\Frontend\RatingDisplay;
use UserFeedback\PostRatings\Frontend\RatingMarkup;
use UserFeedback\PostRatings\RatingSettingsSchema;
use UserFeedback\PostRatings\RatingTokens;

final class FrontendRenderTest extends FrontendRatingCase {

	/**
	 * The widget of the post the page shows, through the shortcode (any display mode).
	 */
	private function widget_of( int $id ): string {
		$this->visit( $id );
		$html = do_shortcode( '[' . RatingDisplay::SHORTCODE . ']' );
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		return $html;
	}

	private static function text( string $html ): string {
		return trim( (string) preg_replace( '/\s+/', ' ', wp_strip_all_tags( $html ) ) );
	}

	public function test_a_rated_post_gets_the_contract_markup(): void {
		$id = self::make_post();
		self::votes( $id, array( 4, 5, 5 ) );
		$html = $this->widget_of( $id );

		$root = new \WP_HTML_Tag_Processor( $html );
		$this->assertTrue( $root->next_tag( 'div' ) );
		$this->assertSame( 'userfeedback-post-rating', $root->get_attribute( 'class' ) );
		$this->assertSame( RatingTokens::issue( $id ), $root->get_attribute( 'data-token' ) );
		$this->assertSame( esc_url_raw( rest_url( 'userfeedback/v1/' ) ), $root->get_attribute( 'data-rest' ) );
		$this->assertStringContainsString( 'userfeedback/v1/', (string) $root->get_attribute( 'data-rest' ) );
		$this->assertSame( 'Your rating could not be saved. Please try again.', $root->get_attribute( 'data-error' ) );
		$this->assertSame( '--userfeedback-pr-icon:#1579EF;--userfeedback-pr-bg:#FFFFFF;--userfeedback-pr-text:#23282D;', $root->get_attribute( 'style' ) );

		$this->assertStringContainsString( '<p class="userfeedback-post-rating__question" id="userfeedback-post-rating-' . $id . '">How would you rate this post?</p>', $html );
		$this->assertStringContainsString( '<div class="userfeedback-post-rating__icons" role="group" aria-labelledby="userfeedback-post-rating-' . $id . '">', $html );
		$this->assertStringContainsString( '<p class="userfeedback-post-rating__instruction">Click on a star to rate it!</p>', $html );
		$this->assertStringContainsString( '<p class="userfeedback-post-rating__thanks" role="status" hidden>Thank you for rating this post!</p>', $html );

		$buttons = new \WP_HTML_Tag_Processor( $html );
		$ratings = array();
		$filled  = 0;
		while ( $buttons->next_tag( 'button' ) ) {
			$this->assertSame( 'button', $buttons->get_attribute( 'type' ) );
			$this->assertTrue( $buttons->has_class( 'userfeedback-post-rating__icon' ) );
			$rating    = (int) $buttons->get_attribute( 'data-rating' );
			$ratings[] = $rating;
			$this->assertSame( "Rate $rating out of 5", $buttons->get_attribute( 'aria-label' ) );
			$filled += $buttons->has_class( 'is-filled' ) ? 1 : 0;
		}
		$this->assertSame( array( 1, 2, 3, 4, 5 ), $ratings );
		$this->assertSame( 5, $filled, 'The rounded average, 4.67 -> 5.' );
		$star = RatingSettingsSchema::icon( 'star' );
		$this->assertSame( 5, substr_count( $html, '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' . $star['path'] . '" fill="currentColor"/></svg>' ) );

		$this->assertStringContainsString( '<span class="userfeedback-post-rating__average">Average rating <strong data-average>4.7</strong>/5.</span> <span class="userfeedback-post-rating__count">Vote count: <strong data-count>3</strong></span>', $html );
		$this->assertStringNotContainsString( 'userfeedback-post-rating__none', $html );
		$this->assertStringNotContainsString( 'userfeedback-post-rating__logo', $html );
		$this->assertStringNotContainsString( 'application/ld+json', $html, 'Structured data is off by default.' );
		$this->assertStringEndsWith( 'Average rating 4.7/5. Vote count: 3', self::text( $html ) );
	}

	public function test_filled_icons_follow_the_rounded_average(): void {
		$id = self::make_post();
		self::votes( $id, array( 2, 3 ) ); // 2.5 rounds to 3.
		$this->assertSame( 3, substr_count( $this->widget_of( $id ), 'is-filled' ) );
		$this->assertSame( '2.5', RatingMarkup::format_average( 2.5 ) );
		$this->assertSame( '5', RatingMarkup::format_average( 5.0 ) );
		$this->assertSame( '4.3', RatingMarkup::format_average( 4.25 ) );
		$this->assertSame( '3', RatingMarkup::format_average( 3.04 ) );
	}

	public function test_without_votes_the_figures_are_hidden_and_no_votes_yet_shows(): void {
		self::settings( array( 'use_review_schema' => 'yes' ) );
		$html = $this->widget_of( self::make_post() );
		$this->assertStringContainsString( '<span class="userfeedback-post-rating__average" hidden>Average rating <strong data-average>0</strong>/5.</span>', $html );
		$this->assertStringContainsString( '<span class="userfeedback-post-rating__count" hidden>Vote count: <strong data-count>0</strong></span>', $html );
		$this->assertStringContainsString( '<span class="userfeedback-post-rating__none">No votes yet.</span>', $html );
		$this->assertStringNotContainsString( 'is-filled', $html );
		$this->assertStringNotContainsString( 'application/ld+json', $html, 'No AggregateRating without a rating.' );
	}

	public function test_the_summary_shows_what_the_settings_ask_for(): void {
		$id = self::make_post();
		self::votes( $id, array( 3 ) );

		self::settings( array( 'show_rating' => 'no' ) );
		$html = $this->widget_of( $id );
		$this->assertStringNotContainsString( '__average', $html );
		$this->assertStringContainsString( '<p class="userfeedback-post-rating__summary" aria-live="polite"><span class="userfeedback-post-rating__count">Vote count: <strong data-count>1</strong></span></p>', $html );

		self::settings( array( 'show_vote_count' => 'no' ) );
		$html = $this->widget_of( $id );
		$this->assertStringNotContainsString( '__count', $html );
		$this->assertStringContainsString( 'Average rating <strong data-average>3</strong>/5.', $html );

		self::settings(
			array(
				'show_vote_count' => 'no',
				'show_rating'     => 'no',
				'show_uf_logo'    => 'yes',
			)
		);
		$html = $this->widget_of( $id );
		$this->assertStringNotContainsString( '__summary', $html );
		$this->assertStringContainsString( '<a class="userfeedback-post-rating__logo" href="https://www.userfeedback.com/" rel="noopener">Powered by UserFeedback</a>', $html );
	}

	public function test_icon_colours_and_font_come_from_the_settings(): void {
		self::settings(
			array(
				'icon_id'          => 'heart',
				'icon_color'       => '#ff0000',
				'background_color' => '#111111',
				'text_color'       => '#eeeeee',
				'font'             => 'Open Sans',
			)
		);
		$html  = $this->widget_of( self::make_post() );
		$root  = new \WP_HTML_Tag_Processor( $html );
		$root->next_tag( 'div' );
		$this->assertSame( "--userfeedback-pr-icon:#ff0000;--userfeedback-pr-bg:#111111;--userfeedback-pr-text:#eeeeee;font-family:'Open Sans',sans-serif;", $root->get_attribute( 'style' ) );
		$this->assertSame( 5, substr_count( $html, 'd="' . RatingSettingsSchema::icon( 'heart' )['path'] . '"' ) );
	}

	public function test_style_values_that_are_not_colours_or_font_names_never_reach_the_css(): void {
		$style = RatingMarkup::style(
			array(
				'icon_color'       => 'red;background:url(//evil.test/x)',
				'background_color' => '#12345',
				'text_color'       => array( '#000000' ),
				'font'             => "Arial';}body{display:none",
			)
		);
		$this->assertSame( '--userfeedback-pr-icon:#1579EF;--userfeedback-pr-bg:#FFFFFF;--userfeedback-pr-text:#23282D;', $style );
	}

	public function test_texts_with_html_are_escaped(): void {
		self::settings(
			array(
				'rating_question'            => '<script>alert(1)</script>Rate "this" & that',
				'rating_instruction_message' => '<img src=x onerror=alert(2)>Click',
				'thank_you_message'          => '</p><b>Thanks</b>',
				'font'                       => "x'></div><script>alert(3)</script>",
				'icon_color'                 => '"><script>alert(4)</script>',
			)
		);
		$html = $this->widget_of( self::make_post() );
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringNotContainsString( '<img', $html );
		$this->assertStringNotContainsString( '<b>', $html );
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;Rate &quot;this&quot; &amp; that', $html );
		$this->assertStringContainsString( '&lt;img src=x onerror=alert(2)&gt;Click', $html );
		$this->assertStringContainsString( '&lt;/p&gt;&lt;b&gt;Thanks&lt;/b&gt;', $html );
		$root = new \WP_HTML_Tag_Processor( $html );
		$root->next_tag( 'div' );
		$this->assertStringNotContainsString( 'font-family', (string) $root->get_attribute( 'style' ), 'A font the schema refuses falls back to the theme’s.' );
		$this->assertStringContainsString( '--userfeedback-pr-icon:#1579EF;', (string) $root->get_attribute( 'style' ) );
	}

	public function test_structured_data_with_the_setting_and_votes(): void {
		self::settings( array( 'use_review_schema' => 'yes' ) );
		$id = self::make_post( 'Tom & Jerry’s "best" post' );
		self::votes( $id, array( 5, 4, 4 ) );
		$html = $this->widget_of( $id );

		$this->assertSame( 1, preg_match( '#<script type="application/ld\+json">(.*?)</script></div>$#s', $html, $match ) );
		$this->assertStringNotContainsString( '<', $match[1], 'JSON_HEX_TAG: nothing in it can close the script element.' );
		$data = json_decode( $match[1], true );
		$this->assertSame(
			array(
				'@context'     => 'https://schema.org',
				'@type'        => 'AggregateRating',
				'ratingValue'  => 4.33,
				'ratingCount'  => 3,
				'bestRating'   => 5,
				'worstRating'  => 1,
				'itemReviewed' => array(
					'@type' => 'CreativeWork',
					'name'  => 'Tom & Jerry’s “best” post', // As the theme shows the title (texturized), as text.
					'url'   => get_permalink( $id ),
				),
			),
			$data
		);

		add_filter(
			RatingMarkup::SCHEMA_TYPE_FILTER,
			function ( string $type, \WP_Post $post ) use ( $id ): string {
				$this->assertSame( 'CreativeWork', $type );
				$this->assertSame( $id, $post->ID );
				return 'BlogPosting';
			},
			10,
			2
		);
		$html = $this->widget_of( $id );
		preg_match( '#<script type="application/ld\+json">(.*?)</script>#s', $html, $match );
		$this->assertSame( 'BlogPosting', json_decode( $match[1], true )['itemReviewed']['@type'] );
	}

	public function test_no_structured_data_without_the_setting(): void {
		$id = self::make_post();
		self::votes( $id, array( 5 ) );
		self::settings( array( 'use_review_schema' => 'no' ) );
		$this->assertStringNotContainsString( 'ld+json', $this->widget_of( $id ) );
	}

	public function test_markup_for_a_titled_script_is_escaped_in_structured_data(): void {
		self::settings( array( 'use_review_schema' => 'yes' ) );
		$id = self::make_post( 'Title' );
		// Straight into the table, past kses: a title an administrator with unfiltered_html could write.
		$GLOBALS['wpdb']->update( $GLOBALS['wpdb']->posts, array( 'post_title' => 'A </script><script>alert(1)</script> title' ), array( 'ID' => $id ) );
		clean_post_cache( $id );
		self::votes( $id, array( 3 ) );
		$html = $this->widget_of( $id );
		$this->assertSame( 1, substr_count( $html, '<script' ), 'Only the JSON-LD element itself.' );
		preg_match( '#<script type="application/ld\+json">(.*?)</script>#s', $html, $match );
		$this->assertSame( 'A  title', json_decode( $match[1], true )['itemReviewed']['name'] );
	}
}
