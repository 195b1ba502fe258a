<?php
/**
 * Puts the visitor loader on front-end pages that may show a survey (any survey is published, or an
 * inline survey asks for it), with one inline config that is the same for every visitor of a URL (safe
 * for full-page caches).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Surveys\FeaturePolicy;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class WidgetLoader {

	public const HANDLE = 'userfeedback-widget';

	private const LOADER = 'build/widget/loader.js';

	/** Queues window.userfeedback() calls until the loader's API takes them (the same stub a site may paste). */
	public const API_STUB = 'window.userfeedback=window.userfeedback||function(){(window.userfeedback.q=window.userfeedback.q||[]).push(arguments)};';

	/** The keys of settings.behavior the loader reads (timing, triggers, schedule, sampling, cooldown). */
	public const TARGET_BEHAVIOR = array( 'timing', 'timing_delay', 'event_name', 'click_selector', 'display_length', 'run_time', 'expire_at', 'remember_dismissal', 'sample_percent', 'ignore_cooldown' );

	/**
	 * @param VisitorSurveys     $surveys      The published surveys.
	 * @param SettingsRepository $settings     Plugin settings.
	 * @param \Closure           $entitlements Returns the site's Entitlements.
	 */
	public function __construct(
		private readonly VisitorSurveys $surveys,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
	) {}

	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * On wp_enqueue_scripts: the loader goes on every front-end page while a survey is published, since
	 * targeting runs in the browser.
	 */
	public function enqueue(): void {
		if ( is_feed() || is_embed() || is_robots() ) {
			return;
		}
		if ( $this->surveys->live() ) {
			$this->ensure();
		}
	}

	/**
	 * Puts the loader and its config on the page, once however often it is called: on
	 * wp_enqueue_scripts, and by every shortcode or block that renders an inline survey, which may run
	 * before it (block themes render the template before wp_head) or after it (classic themes render
	 * the content after wp_head; the loader is a footer script, so enqueueing then still prints it).
	 *
	 * @return bool Whether the loader is on the page.
	 */
	public function ensure(): bool {
		if ( is_admin() || wp_is_serving_rest_request() || wp_is_json_request() || ! is_readable( USERFEEDBACK_DIR . self::LOADER ) ) {
			return false;
		}
		if ( ! wp_script_is( self::HANDLE, 'registered' ) ) {
			wp_register_script(
				self::HANDLE,
				plugins_url( self::LOADER, USERFEEDBACK_FILE ),
				array(),
				USERFEEDBACK_VERSION . '-' . (string) filemtime( USERFEEDBACK_DIR . self::LOADER ),
				array(
					'in_footer' => true,
					'strategy'  => 'async',
				)
			);
		}
		if ( ! wp_scripts()->get_data( self::HANDLE, 'before' ) ) {
			// A "before" inline script keeps the async strategy (an "after" one would make the loader blocking).
			// The JavaScript API's stub first (widget/src/api.ts): calls the page makes before the loader runs wait in its queue.
			wp_add_inline_script( self::HANDLE, self::API_STUB . 'window.userfeedbackConfig=' . wp_json_encode( $this->config( $this->surveys->live() ), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ) . ';', 'before' );
		}
		wp_enqueue_script( self::HANDLE );
		return true;
	}

	/**
	 * @param array<int,array<string,mixed>> $surveys Visitor view of the published surveys.
	 * @return array<string,mixed> WidgetConfig (widget/src/types.ts).
	 */
	public function config( array $surveys ): array {
		$settings = $this->settings->all();
		return array(
			'version'    => USERFEEDBACK_VERSION,
			'rest_url'   => esc_url_raw( rest_url( 'userfeedback/v1/' ) ),
			// A logged-in visitor's writes carry it (cookie auth), so that responses record the user; guests get null.
			'rest_nonce' => is_user_logged_in() ? wp_create_nonce( 'wp_rest' ) : null,
			'assets_url' => plugins_url( 'build/widget/', USERFEEDBACK_FILE ),
			// Only what targeting and triggers need (SurveyTarget); the rest is the body route's (body()).
			'surveys'    => array_map( fn( array $survey ): array => $this->target( $survey ), $surveys ),
			'context'    => $this->page_context(),
			'features'   => $this->features(),
			// The site's frequency settings (Settings > Widget), applied by the loader.
			'cooldown'   => array(
				'days'         => (int) $settings['cooldown_days'],
				'one_per_page' => (bool) $settings['one_survey_per_page'],
			),
		);
	}

	/**
	 * A survey as the inline config carries it (SurveyTarget in widget/src/types.ts): what targeting,
	 * triggers and the schedule need, and the version `v` of its body. No questions, title, look,
	 * thank-you, icons or tokens: those come with the UI from the body route (body()).
	 *
	 * @param array<string,mixed> $survey An entry of VisitorSurveys::live().
	 * @return array<string,mixed>
	 */
	public function target( array $survey ): array {
		$settings = (array) $survey['settings'];
		$behavior = is_array( $settings['behavior'] ?? null ) ? $settings['behavior'] : array();
		$target   = array(
			'id'          => (int) $survey['id'],
			'cookie_name' => (string) $survey['cookie_name'],
			'publish_at'  => $survey['publish_at'] ?? null,
		);
		if ( array_key_exists( 'end_at', $survey ) ) {
			$target['end_at'] = $survey['end_at'];
		}
		if ( isset( $survey['needs_pro'] ) ) {
			$target['needs_pro'] = $survey['needs_pro'];
		}
		$target['v']        = $this->version( $survey );
		$target['settings'] = array(
			'behavior' => (object) array_intersect_key( $behavior, array_flip( self::TARGET_BEHAVIOR ) ),
		);
		foreach ( array( 'targeting', 'geo_targeting' ) as $key ) {
			if ( isset( $settings[ $key ] ) ) {
				$target['settings'][ $key ] = $settings[ $key ];
			}
		}
		return $target;
	}

	/**
	 * What GET surveys/{id}/widget answers (SurveyBody in widget/src/types.ts): the survey as the UI
	 * shows it (the site's look resolved, the icons its options use, its tokens) and the strings, types
	 * and limits the UI needs. The same for every visitor, so caches may keep it.
	 *
	 * @param array<string,mixed> $survey An entry of VisitorSurveys::live().
	 * @return array<string,mixed>
	 */
	public function body( array $survey ): array {
		$settings            = $this->settings->all();
		$resolved            = VisitorTheming::resolve( (array) $survey['settings'], $settings, $this->entitlements() );
		$resolved['theming'] = VisitorTheming::for_widget( Fonts::with_url( $resolved['theming'], Fonts::external( $settings ) ) );
		// Targeting is the loader's (the inline config has it): the UI never reads it.
		unset( $resolved['targeting'], $resolved['geo_targeting'] );
		$survey['settings'] = (object) $resolved;
		// Only the icons this survey's options use travel with it (Icons, the one place).
		$icons = Icons::for_questions( (array) $survey['questions'] );
		if ( array() !== $icons ) {
			$survey['icons'] = $icons;
		}
		return array(
			'survey'         => $survey,
			'strings'        => $this->strings( $settings ),
			// Per type: input limit, auto-advance, gating, scale (QuestionTypes::widget_config()).
			'question_types' => \UserFeedback\Surveys\QuestionTypes\QuestionTypes::widget_config(),
			'limits'         => array(
				'comment_max' => \UserFeedback\Surveys\QuestionTypes\QuestionType::COMMENT_MAX,
				'name_max'    => \UserFeedback\Surveys\QuestionTypes\EmailType::NAME_MAX,
				// Hidden field values are cut to this before they are sent (the server refuses longer ones).
				'field_max'   => \UserFeedback\Responses\HiddenFields::VALUE_MAX,
			),
		);
	}

	/**
	 * The version of a survey's body: a short hash of what body() answers, so it changes whenever the
	 * survey, the site's widget settings, the entitlements, the locale's strings or the plugin change.
	 * Kept in the object cache under a key made of all of those (and the surveys' last change), so a
	 * page costs one cache read with a persistent cache; without one, each survey's body is made once
	 * a request.
	 *
	 * @param array<string,mixed> $survey An entry of VisitorSurveys::live().
	 */
	public function version( array $survey ): string {
		$key      = $this->versions_key();
		$versions = wp_cache_get( $key, SurveyRepository::CACHE_GROUP );
		$versions = is_array( $versions ) ? $versions : array();
		$id       = (int) $survey['id'];
		if ( ! isset( $versions[ $id ] ) ) {
			$versions[ $id ] = self::hash( $this->body( $survey ) );
			wp_cache_set( $key, $versions, SurveyRepository::CACHE_GROUP, DAY_IN_SECONDS );
		}
		return $versions[ $id ];
	}

	/**
	 * @param array<string,mixed> $body What body() answered.
	 */
	public static function hash( array $body ): string {
		return substr( md5( (string) wp_json_encode( $body ) ), 0, 10 );
	}

	private function versions_key(): string {
		return 'visitor_versions:' . wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP ) . ':' . md5(
			(string) wp_json_encode(
				array(
					USERFEEDBACK_VERSION,
					determine_locale(),
					Icons::version(),
					$this->settings->all(),
					$this->entitlements()->to_array(),
				)
			)
		);
	}

	/**
	 * What the site may use, as the widget needs it (WidgetConfig.features): the widget's rows of the
	 * feature-policy table that saves strip by, so the two never disagree. The same for every visitor.
	 *
	 * @return array<string,bool>
	 */
	public function features(): array {
		$entitlements = $this->entitlements();
		$features     = array();
		foreach ( FeaturePolicy::widget_keys() as $feature ) {
			$features[ $feature ] = $entitlements->can( FeaturePolicy::entitlement( $feature ) );
		}
		return $features;
	}

	/**
	 * The widget's strings, translated here so that no i18n runtime ships to visitors.
	 *
	 * @param array<string,mixed>|null $settings Plugin settings (read when null).
	 * @return array<string,string>
	 */
	public function strings( ?array $settings = null ): array {
		$settings ??= $this->settings->all();
		return array(
			'skip'             => '' !== SettingsSchema::custom_label( 'skip_text', $settings['skip_text'] ) ? (string) $settings['skip_text'] : __( 'Skip', 'userfeedback' ),
			'next'             => '' !== SettingsSchema::custom_label( 'next_text', $settings['next_text'] ) ? (string) $settings['next_text'] : __( 'Next', 'userfeedback' ),
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
			'sending'          => __( 'Sending…', 'userfeedback' ),
			'send_refused'     => __( 'Your answers could not be sent.', 'userfeedback' ),
			'send_failed'      => __( 'Your answers could not be sent. Check your connection and try again.', 'userfeedback' ),
			/* translators: %d: number of seconds the server asked the visitor to wait. */
			'retry_in'         => __( 'You can try again in %d seconds.', 'userfeedback' ),
			'retry'            => __( 'Retry', 'userfeedback' ),
			/* translators: %s: the title of a survey question. */
			'change_answer'    => __( 'Change your answer to “%s”', 'userfeedback' ),
			/* translators: 1: number of stars of a rating button, 2: the most stars (a star button's name: "4 of 5 stars"). */
			'star_label'       => __( '%1$d of %2$d stars', 'userfeedback' ),
			/* translators: %s: the survey's title. A link first in the page's tab order while a survey is open. */
			'skip_to_survey'   => __( 'Skip to survey: %s', 'userfeedback' ),
			/* translators: %s: the survey's title. Read out by screen readers when a survey opens on the page. */
			'survey_opened'    => __( 'A survey is open: %s. Use the “Skip to survey” link at the start of the page to go to it.', 'userfeedback' ),
			'back'             => __( 'Back', 'userfeedback' ),
			/* translators: 1: number of the question shown, 2: how many questions the visitor is shown ("Question 2 of 5"). */
			'progress'         => __( 'Question %1$d of %2$d', 'userfeedback' ),
		);
	}

	/**
	 * The theming a survey gets on this site when it sets nothing itself (the block editor's preview
	 * lays a branded survey's own theming over it).
	 *
	 * @return array<string,mixed>
	 */
	public function default_theming(): array {
		$settings = $this->settings->all();
		return Fonts::with_url( VisitorTheming::resolve( array(), $settings, $this->entitlements() )['theming'], Fonts::external( $settings ) );
	}

	private function entitlements(): Entitlements {
		return ( $this->entitlements )();
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
