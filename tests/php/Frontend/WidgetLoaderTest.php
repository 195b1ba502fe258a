<?php
/**
 * The visitor loader is enqueued, async, on front-end pages while a survey is published (scheduled
 * ones included: the loader waits for them in the browser), with a config that is the same for every
 * visitor of a URL.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Plugin;
use UserFeedback\Surveys\FeaturePolicy;

final class WidgetLoaderTest extends FrontendTestCase {

	public function test_nothing_is_enqueued_without_a_published_survey(): void {
		$this->add_survey( 'draft' );
		$this->add_survey( 'trash' );
		$this->add_survey( 'publish', null, array( 'questions' => array() ) ); // Nobody could ever see it.
		$this->front_page();
		$this->assertFalse( self::loader_enqueued() );
		$this->assertSame( '', self::printed_footer_scripts() );
	}

	public function test_a_published_survey_enqueues_the_async_loader_with_its_config(): void {
		$id = $this->add_survey( 'publish' );
		$this->front_page();
		$this->assertTrue( self::loader_enqueued() );

		$script = wp_scripts()->registered[ WidgetLoader::HANDLE ];
		$this->assertStringEndsWith( '/build/widget/loader.js', $script->src );
		$this->assertSame( 'async', $script->extra['strategy'] ?? null );
		$this->assertSame( 1, $script->extra['group'] ?? null, 'In the footer.' );

		$config = $this->page_config();
		$this->assertSame( array( $id ), array_column( $config['surveys'], 'id' ) );
		$this->assertSame( 'userfeedback-survey-' . $id, $config['surveys'][0]['cookie_name'] );
		$this->assertNull( $config['surveys'][0]['publish_at'] );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{10}$/', $config['surveys'][0]['v'] );
		$this->assertStringEndsWith( '/wp-json/userfeedback/v1/', $config['rest_url'] );
		$this->assertStringEndsWith( '/build/widget/', $config['assets_url'] );
		$this->assertStringNotContainsString( 'secret-owner', self::inline_config(), 'Notification addresses never reach visitors.' );

		// The rest comes with the UI, from the body route.
		$body = $this->survey_body( $id, $config['surveys'][0]['v'] );
		$this->assertSame( SurveyTokens::issue( $id, 'submission' ), $body['survey']['nonces']['submission'] );
		$this->assertSame( 'Not Likely', $body['strings']['not_likely'] );
		$this->assertStringNotContainsString( 'secret-owner', (string) wp_json_encode( $body ), 'Notification addresses never reach visitors.' );

		// The printed tag really is async (the page's DOMContentLoaded never waits for it).
		$html = self::printed_footer_scripts();
		$this->assertMatchesRegularExpression( '#<script[^>]+src="[^"]+/build/widget/loader\.js[^"]*"[^>]*async#', $html );
	}

	public function test_scheduled_surveys_are_in_the_config_and_drafts_and_trash_are_not(): void {
		$draft     = $this->add_survey( 'draft' );
		$scheduled = $this->add_survey( 'publish', '2031-05-04 03:02:01' );
		$trash     = $this->add_survey( 'trash' );
		$live      = $this->add_survey( 'publish', '2020-01-01 00:00:00' );
		$this->front_page();

		$this->assertTrue( self::loader_enqueued(), 'A scheduled survey alone would be enough: the HTML outlives its start.' );
		$surveys = array_column( $this->page_config()['surveys'], null, 'id' );
		$this->assertSame( array( $scheduled, $live ), array_keys( $surveys ) );
		$this->assertSame( '2031-05-04T03:02:01Z', $surveys[ $scheduled ]['publish_at'], 'UTC, RFC 3339: the loader waits for it.' );
		$this->assertSame( '2020-01-01T00:00:00Z', $surveys[ $live ]['publish_at'] );
		$this->assertArrayNotHasKey( $draft, $surveys );
		$this->assertArrayNotHasKey( $trash, $surveys );
	}

	public function test_the_list_is_cached_until_a_survey_changes(): void {
		global $wpdb;
		$visitor = new VisitorSurveys( Plugin::instance()->surveys );
		$first   = $this->add_survey( 'publish', self::in_an_hour() );
		$this->assertSame( array( $first ), array_column( $visitor->live(), 'id' ) );

		// Not through the repository: the cached list is still the answer.
		$wpdb->update( \UserFeedback\Database\Schema::table( 'surveys' ), array( 'title' => 'Changed behind its back' ), array( 'id' => $first ) );
		$this->assertSame( 'A publish survey', $visitor->live()[0]['title'] );

		// Any write through the repository is seen at once.
		$second = $this->add_survey( 'publish' );
		$this->assertSame( array( $first, $second ), array_column( $visitor->live(), 'id' ) );
		$this->assertSame( 'Changed behind its back', $visitor->live()[0]['title'] );
		Plugin::instance()->surveys->set_status( $first, 'draft' );
		$this->assertSame( array( $second ), array_column( $visitor->live(), 'id' ) );
		$this->assertNull( $visitor->find( $first ) );
		$this->assertSame( $second, $visitor->find( $second )['id'] ?? null );
	}

	/**
	 * @return array<string,array{0:string,1:?string,2:string[],3:string[]}>
	 */
	public static function tiers(): array {
		$all = \UserFeedback\Licensing\Entitlements::ADDONS;
		return array(
			'lite'                       => array( 'lite', null, array(), array() ),
			'lite with addons installed' => array( 'lite', null, $all, array() ),
			'pro without a licence'      => array( 'pro', null, $all, array() ),
			'plus, no addons'            => array( 'pro', 'plus', array(), array() ),
			'plus, every addon'          => array( 'pro', 'plus', $all, array( 'advanced_question_types', 'question_settings', 'page_targeting', 'behavior', 'thank_you_redirect', 'branding', 'geo_targeting' ) ),
			'pro, targeting only'        => array( 'pro', 'pro', array( 'targeting' ), array( 'device_targeting', 'page_targeting' ) ),
			'elite, every addon'         => array( 'pro', 'elite', $all, FeaturePolicy::widget_keys() ),
		);
	}

	/**
	 * @dataProvider tiers
	 * @param string[] $addons  Active addons.
	 * @param string[] $allowed Features expected on.
	 */
	public function test_features_follow_the_entitlements( string $edition, ?string $type, array $addons, array $allowed ): void {
		$this->set_entitlements( $edition, $type, $addons );
		$this->add_survey( 'publish' );
		$this->front_page();
		$features = $this->page_config()['features'];

		$this->assertSame( FeaturePolicy::widget_keys(), array_keys( $features ), 'Exactly the keys of WidgetConfig.features.' );
		$expected = array();
		foreach ( FeaturePolicy::widget_keys() as $feature ) {
			$expected[ $feature ] = in_array( $feature, $allowed, true );
		}
		$this->assertSame( $expected, $features );
	}

	public function test_the_logged_in_context_is_only_printed_for_logged_in_users(): void {
		$this->add_survey( 'publish' );
		$this->front_page();
		$anonymous = $this->page_config();
		$this->assertArrayHasKey( 'logged_in', $anonymous['context'] );
		$this->assertNull( $anonymous['context']['logged_in'], 'Nothing per-visitor for anonymous pages.' );
		$this->assertStringNotContainsString( 'roles', self::inline_config() );

		$this->as_user( 'editor' );
		$this->front_page();
		$this->assertStringContainsString( '"logged_in":{"roles":["editor"]}', self::inline_config() );
		$editor = $this->page_config();

		// And the wp_rest nonce their writes send (responses record the user); anonymous pages have none.
		$this->assertNull( $anonymous['rest_nonce'] );
		$this->assertSame( 1, wp_verify_nonce( (string) $editor['rest_nonce'], 'wp_rest' ) );

		// Apart from these parts, logged-in users get what everybody gets.
		unset( $anonymous['context']['logged_in'], $editor['context']['logged_in'], $anonymous['rest_nonce'], $editor['rest_nonce'] );
		$this->assertSame( $anonymous, $editor );
	}

	public function test_the_page_context_is_the_same_for_every_visitor_of_a_post(): void {
		$this->add_survey( 'publish' );
		$category = wp_insert_term( 'Widgets ' . wp_generate_password( 6, false ), 'category' );
		$post     = wp_insert_post(
			array(
				'post_title'    => 'Hello',
				'post_status'   => 'publish',
				'post_category' => array( $category['term_id'] ),
			)
		);
		$this->front_page( get_permalink( $post ) );
		$context = $this->page_config()['context'];
		$this->assertSame( $post, $context['post_id'] );
		$this->assertSame( 'post', $context['post_type'] );
		$this->assertSame( 'single', $context['page_type'] );
		$this->assertSame( array( $category['term_id'] ), $context['taxonomies']['category'] );
	}

	public function test_tokens_are_per_survey_and_per_action(): void {
		$this->assertTrue( SurveyTokens::verify( 5, 'impression', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 6, 'impression', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 5, 'submission', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 5, 'other', SurveyTokens::issue( 5, 'other' ) ) );
	}
}
