<?php
/**
 * Puts the visitor loader on front-end pages, only when a survey is live, with one inline config that is
 * the same for every visitor of a URL (safe for full-page caches).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class WidgetLoader {

	public const HANDLE = 'userfeedback-widget';

	public function __construct(
		private readonly VisitorSurveys $surveys,
		private readonly SettingsRepository $settings,
	) {}

	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	public function enqueue(): void {
		if ( is_admin() || is_feed() || is_embed() || is_robots() || wp_is_json_request() ) {
			return;
		}
		$surveys = $this->surveys->live();
		if ( ! $surveys || ! is_readable( USERFEEDBACK_DIR . 'build/widget/loader.js' ) ) {
			return;
		}

		wp_register_script(
			self::HANDLE,
			plugins_url( 'build/widget/loader.js', USERFEEDBACK_FILE ),
			array(),
			USERFEEDBACK_VERSION . '-' . (string) filemtime( USERFEEDBACK_DIR . 'build/widget/loader.js' ),
			array(
				'in_footer' => true,
				'strategy'  => 'defer',
			)
		);
		// A "before" inline script keeps the defer strategy (an "after" one would make the loader blocking).
		wp_add_inline_script( self::HANDLE, 'window.userfeedbackConfig=' . wp_json_encode( $this->config( $surveys ), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
		wp_enqueue_script( self::HANDLE );
	}

	/**
	 * @param array<int,array<string,mixed>> $surveys Visitor view of the live surveys.
	 * @return array<string,mixed>
	 */
	public function config( array $surveys ): array {
		$settings = $this->settings->all();
		return array(
			'version'    => USERFEEDBACK_VERSION,
			'rest_url'   => esc_url_raw( rest_url( 'userfeedback/v1/' ) ),
			'assets_url' => plugins_url( 'build/widget/', USERFEEDBACK_FILE ),
			'surveys'    => array_map( fn( array $survey ): array => self::with_site_theming( $survey, $settings ), $surveys ),
			'context'    => $this->page_context(),
			'strings'    => array(
				'skip'             => '' !== $settings['skip_text'] ? $settings['skip_text'] : __( 'Skip', 'userfeedback' ),
				'next'             => '' !== $settings['next_text'] ? $settings['next_text'] : __( 'Next', 'userfeedback' ),
				'close'            => __( 'Close', 'userfeedback' ),
				'minimize'         => __( 'Minimize', 'userfeedback' ),
				'submit'           => __( 'Submit', 'userfeedback' ),
				'not_likely'       => __( 'Not Likely', 'userfeedback' ),
				'extremely_likely' => __( 'Extremely Likely', 'userfeedback' ),
				'thank_you'        => __( 'Thanks for your feedback!', 'userfeedback' ),
				'comments'         => __( 'Comments', 'userfeedback' ),
				'first_name'       => __( 'First name', 'userfeedback' ),
				'email'            => __( 'Email', 'userfeedback' ),
				/* translators: %d: number of characters the visitor may still type. */
				'characters_left'  => __( '%d characters left', 'userfeedback' ),
			),
		);
	}

	/**
	 * The site's widget settings (Settings > Widget) are each survey's defaults: a survey's own theming
	 * wins where it sets a value.
	 *
	 * @param array<string,mixed> $survey   Visitor view of a survey.
	 * @param array<string,mixed> $settings Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function with_site_theming( array $survey, array $settings ): array {
		$own      = (array) $survey['settings'];
		$defaults = array(
			'color_scheme'        => $settings['widget_theme'],
			'widget_color'        => $settings['widget_color'],
			'text_color'          => $settings['widget_text_color'],
			'button_color'        => $settings['widget_button_color'],
			'widget_toggle_text'  => $settings['widget_toggle_text'],
			'widget_toggle_icon'  => $settings['widget_toggle_icon'],
			'widget_toggle_color' => $settings['widget_toggle_color'],
			'font'                => $settings['widget_font'],
			'position'            => $settings['widget_position'],
			'show_logo'           => (bool) $settings['widget_show_logo'],
			'logo_type'           => $settings['logo_type'],
			'custom_logo'         => $settings['widget_custom_logo'],
			'start_minimized'     => (bool) $settings['widget_start_minimized'],
			'skip_text'           => $settings['skip_text'],
			'next_text'           => $settings['next_text'],
		);
		$own['theming']     = array_merge( $defaults, array_filter( (array) ( $own['theming'] ?? array() ), static fn( $value ): bool => null !== $value && '' !== $value ) );
		$survey['settings'] = $own;
		return $survey;
	}

	/**
	 * What targeting needs to know about the page: the same for every visitor of the URL. The logged-in
	 * part is printed only for logged-in users, whose pages full-page caches do not serve.
	 *
	 * @return array<string,mixed>
	 */
	public function page_context(): array {
		$object     = get_queried_object();
		$taxonomies = array();
		$post_id    = 0;
		$post_type  = '';
		if ( $object instanceof \WP_Post ) {
			$post_id   = $object->ID;
			$post_type = $object->post_type;
			foreach ( get_object_taxonomies( $object->post_type ) as $taxonomy ) {
				$terms = get_the_terms( $object, $taxonomy );
				if ( is_array( $terms ) ) {
					$taxonomies[ $taxonomy ] = array_map( static fn( \WP_Term $term ): int => $term->term_id, $terms );
				}
			}
		} elseif ( $object instanceof \WP_Term ) {
			$taxonomies[ $object->taxonomy ] = array( $object->term_id );
		}

		$logged_in = null;
		if ( is_user_logged_in() ) {
			$logged_in = array( 'roles' => array_values( (array) wp_get_current_user()->roles ) );
		}

		return array(
			'post_id'    => $post_id,
			'post_type'  => $post_type,
			'page_type'  => self::page_type(),
			'taxonomies' => (object) $taxonomies,
			'logged_in'  => $logged_in,
		);
	}

	private static function page_type(): string {
		return match ( true ) {
			is_front_page() => 'front_page',
			is_home()       => 'blog',
			is_404()        => '404',
			is_search()     => 'search',
			is_page()       => 'page',
			is_singular()   => 'single',
			is_category(), is_tag(), is_tax() => 'taxonomy',
			is_author()     => 'author',
			is_date()       => 'date',
			is_archive()    => 'archive',
			default         => 'other',
		};
	}
}
