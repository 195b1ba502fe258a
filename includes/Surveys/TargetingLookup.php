<?php
/**
 * Choices the builder offers for redirect targets and page rules: pages and posts by title, and the
 * id/label lists of the page-rule selectors (logged in, roles, page types, post types, taxonomies, terms).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class TargetingLookup {

	public const LOGIC_TYPES = array( 'user_logged_in', 'wp_user_roles', 'wp_page_type', 'post_type', 'taxonomy', 'taxonomy_term' );
	public const PER_PAGE    = 10;
	private const MAX_TERMS  = 50;

	/**
	 * Published pages and posts whose title contains $title, newest first.
	 *
	 * @return array{items:array<int,array{id:int,title:string}>,total:int}
	 */
	public function search_posts( string $title, int $page ): array {
		$query = new \WP_Query(
			array(
				'post_type'              => array( 'page', 'post' ),
				'post_status'            => 'publish',
				's'                      => $title,
				'search_columns'         => array( 'post_title' ),
				'posts_per_page'         => self::PER_PAGE,
				'paged'                  => max( 1, $page ),
				'orderby'                => '' === $title ? 'date' : 'relevance',
				'order'                  => 'DESC',
				'ignore_sticky_posts'    => true,
				'no_found_rows'          => false,
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			)
		);
		$items = array();
		foreach ( $query->posts as $post ) {
			$items[] = array(
				'id'    => (int) $post->ID,
				'title' => '' !== $post->post_title ? html_entity_decode( $post->post_title, ENT_QUOTES, 'UTF-8' ) : __( '(no title)', 'userfeedback' ),
			);
		}
		return array(
			'items' => $items,
			'total' => (int) $query->found_posts,
		);
	}

	/**
	 * @return array<int,array{id:string|int,label:string}>
	 */
	public function options( string $logic_type, string $search ): array {
		if ( 'taxonomy_term' === $logic_type ) {
			return $this->terms( $search );
		}
		$options = match ( $logic_type ) {
			'user_logged_in' => array(
				'logged_in'  => __( 'Logged in', 'userfeedback' ),
				'logged_out' => __( 'Logged out', 'userfeedback' ),
			),
			'wp_user_roles'  => array_map( 'translate_user_role', wp_roles()->get_names() ),
			'wp_page_type'   => self::page_types(),
			'post_type'      => array_map( static fn( \WP_Post_Type $type ): string => (string) $type->labels->singular_name, get_post_types( array( 'public' => true ), 'objects' ) ),
			'taxonomy'       => array_map( static fn( \WP_Taxonomy $taxonomy ): string => (string) $taxonomy->labels->singular_name, get_taxonomies( array( 'public' => true ), 'objects' ) ),
			default          => array(),
		};
		$result = array();
		foreach ( $options as $id => $label ) {
			if ( '' === $search || false !== mb_stripos( $label, $search ) || false !== stripos( (string) $id, $search ) ) {
				$result[] = array(
					'id'    => (string) $id,
					'label' => $label,
				);
			}
		}
		return $result;
	}

	/**
	 * The page types the widget's page context knows (WidgetLoader::page_type()).
	 *
	 * @return array<string,string>
	 */
	public static function page_types(): array {
		return array(
			'front_page' => __( 'Front Page', 'userfeedback' ),
			'blog'       => __( 'Blog Page', 'userfeedback' ),
			'single'     => __( 'Single Post', 'userfeedback' ),
			'page'       => __( 'Page', 'userfeedback' ),
			'archive'    => __( 'Archive', 'userfeedback' ),
			'search'     => __( 'Search Results', 'userfeedback' ),
			'404'        => __( '404 Page', 'userfeedback' ),
			'taxonomy'   => __( 'Taxonomy Archive', 'userfeedback' ),
			'author'     => __( 'Author Archive', 'userfeedback' ),
			'date'       => __( 'Date Archive', 'userfeedback' ),
		);
	}

	/**
	 * Terms of the public taxonomies whose name matches, labelled "Taxonomy: Term".
	 *
	 * @return array<int,array{id:int,label:string}>
	 */
	private function terms( string $search ): array {
		$taxonomies = get_taxonomies( array( 'public' => true ), 'objects' );
		$terms      = get_terms(
			array(
				'taxonomy'               => array_keys( $taxonomies ),
				'hide_empty'             => false,
				'search'                 => $search,
				'number'                 => self::MAX_TERMS,
				'orderby'                => 'name',
				'update_term_meta_cache' => false,
			)
		);
		if ( ! is_array( $terms ) ) {
			return array();
		}
		return array_map(
			static fn( \WP_Term $term ): array => array(
				'id'    => (int) $term->term_id,
				'label' => sprintf(
					/* translators: 1: taxonomy name, 2: term name. */
					__( '%1$s: %2$s', 'userfeedback' ),
					$taxonomies[ $term->taxonomy ]->labels->singular_name,
					html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' )
				),
			),
			$terms
		);
	}
}
