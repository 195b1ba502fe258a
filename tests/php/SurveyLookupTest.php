<?php
/**
 * The builder's look-ups: GET search (pages and posts for redirect targets) and GET logic-type (the
 * choices of the page-rule selectors).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

final class SurveyLookupTest extends SurveyTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
	}

	/**
	 * @param array<string,mixed> $query Query.
	 * @return array{0:int,1:mixed,2:array<string,string>}
	 */
	private function get( string $path, array $query ): array {
		$response = $this->rest( 'GET', self::NS . $path, $query );
		return array( $response->get_status(), self::data( $response ), $response->get_headers() );
	}

	private static function post( string $title, string $type = 'page', string $status = 'publish' ): int {
		return (int) wp_insert_post(
			array(
				'post_title'  => $title,
				'post_type'   => $type,
				'post_status' => $status,
			)
		);
	}

	public function test_search_finds_published_pages_and_posts_by_title(): void {
		$page  = self::post( 'Thank You Zebra' );
		$post  = self::post( 'Zebra news', 'post' );
		self::post( 'Zebra draft', 'page', 'draft' );
		self::post( 'Zebra private', 'page', 'private' );
		$body  = self::post( 'Elsewhere', 'page' );
		wp_update_post( array( 'ID' => $body, 'post_content' => 'zebra in the body only' ) );

		[ $status, $found, $headers ] = $this->get( '/search', array( 'title' => 'zebra' ) );
		$this->assertSame( 200, $status );
		$this->assertEqualsCanonicalizing( array( $page, $post ), array_column( $found, 'id' ) );
		$this->assertSame( array( 'id', 'title' ), array_keys( $found[0] ) );
		$this->assertContains( 'Thank You Zebra', array_column( $found, 'title' ) );
		$this->assertSame( '2', $headers['X-WP-Total'] );
	}

	public function test_search_is_paged_ten_at_a_time(): void {
		for ( $i = 1; $i <= 12; $i++ ) {
			self::post( "Quokka $i" );
		}
		[ , $first, $headers ] = $this->get( '/search', array( 'title' => 'Quokka' ) );
		[ , $second ]          = $this->get( '/search', array( 'title' => 'Quokka', 'page' => 2 ) );
		$this->assertCount( 10, $first );
		$this->assertCount( 2, $second );
		$this->assertSame( '12', $headers['X-WP-Total'] );
		$this->assertSame( '2', $headers['X-WP-TotalPages'] );
		$this->assertSame( array(), array_intersect( array_column( $first, 'id' ), array_column( $second, 'id' ) ) );
	}

	public function test_search_with_no_match_is_an_empty_list(): void {
		[ $status, $found ] = $this->get( '/search', array( 'title' => 'no-such-title-anywhere' ) );
		$this->assertSame( 200, $status );
		$this->assertSame( array(), $found );
	}

	public function test_logged_in_choices(): void {
		[ , $options ] = $this->get( '/logic-type', array( 'logic_type' => 'user_logged_in' ) );
		$this->assertSame( array( array( 'id' => 'logged_in', 'label' => 'Logged in' ), array( 'id' => 'logged_out', 'label' => 'Logged out' ) ), $options );
		[ , $options ] = $this->get( '/logic-type', array( 'logic_type' => 'user_logged_in', 'search' => 'out' ) );
		$this->assertSame( array( 'logged_out' ), array_column( $options, 'id' ) );
	}

	public function test_roles_of_the_site(): void {
		[ , $options ] = $this->get( '/logic-type', array( 'logic_type' => 'wp_user_roles' ) );
		$this->assertSame( array_keys( wp_roles()->get_names() ), array_column( $options, 'id' ) );
		$this->assertContains( array( 'id' => 'editor', 'label' => 'Editor' ), $options );
		[ , $options ] = $this->get( '/logic-type', array( 'logic_type' => 'wp_user_roles', 'search' => 'subSCR' ) );
		$this->assertSame( array( 'subscriber' ), array_column( $options, 'id' ) );
	}

	public function test_page_types_are_the_widget_context_keys(): void {
		[ , $options ] = $this->get( '/logic-type', array( 'logic_type' => 'wp_page_type' ) );
		$this->assertSame( array( 'front_page', 'blog', 'single', 'page', 'archive', 'search', '404', 'taxonomy', 'author', 'date' ), array_column( $options, 'id' ) );

		// Every key the widget's page context can report (apart from "other") is offered.
		$source = (string) file_get_contents( dirname( __DIR__, 2 ) . '/includes/Frontend/WidgetLoader.php' );
		preg_match_all( "/=>\s*'([a-z0-9_]+)',/", substr( $source, (int) strpos( $source, 'function page_type' ) ), $keys );
		$this->assertEqualsCanonicalizing( array_diff( $keys[1], array( 'other' ) ), array_column( $options, 'id' ) );
	}

	public function test_public_post_types_and_taxonomies(): void {
		register_post_type( 'uf_hidden', array( 'public' => false ) );
		[ , $types ] = $this->get( '/logic-type', array( 'logic_type' => 'post_type' ) );
		$ids         = array_column( $types, 'id' );
		$this->assertContains( 'post', $ids );
		$this->assertContains( 'page', $ids );
		$this->assertNotContains( 'uf_hidden', $ids );
		$this->assertContains( array( 'id' => 'page', 'label' => 'Page' ), $types );
		unregister_post_type( 'uf_hidden' );

		[ , $taxonomies ] = $this->get( '/logic-type', array( 'logic_type' => 'taxonomy', 'search' => 'cat' ) );
		$this->assertSame( array( array( 'id' => 'category', 'label' => 'Category' ) ), $taxonomies );
	}

	public function test_terms_are_searched_and_labelled_with_their_taxonomy(): void {
		$news = wp_insert_term( 'Walrus News', 'category' );
		$tag  = wp_insert_term( 'walrus', 'post_tag' );
		wp_insert_term( 'Other', 'category' );
		[ , $terms ] = $this->get( '/logic-type', array( 'logic_type' => 'taxonomy_term', 'search' => 'walrus' ) );
		$this->assertEqualsCanonicalizing(
			array(
				array( 'id' => $news['term_id'], 'label' => 'Category: Walrus News' ),
				array( 'id' => $tag['term_id'], 'label' => 'Tag: walrus' ),
			),
			$terms
		);
	}

	public function test_an_unknown_or_missing_logic_type_is_refused(): void {
		$this->assertSame( 400, $this->get( '/logic-type', array( 'logic_type' => 'planet' ) )[0] );
		$this->assertSame( 400, $this->get( '/logic-type', array() )[0] );
	}
}
