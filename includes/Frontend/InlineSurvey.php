<?php
/**
 * The one renderer of inline surveys, shared by the [userfeedback id="N"] shortcode and the
 * userfeedback/survey block: a placeholder the loader fills in the browser
 * (<div class="userfeedback-inline" data-survey-id="N"></div>), and the loader itself on the page.
 *
 * The markup is the same for every visitor of a URL. A survey that is not published renders nothing,
 * except for people who can edit surveys, who get a short note; their pages are never served from
 * full-page caches, which only keep pages of logged-out visitors.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Access\Capabilities;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class InlineSurvey {

	public const CSS_CLASS = 'userfeedback-inline';

	public function __construct(
		private readonly VisitorSurveys $surveys,
		private readonly WidgetLoader $loader,
		private readonly SurveyRepository $repository,
	) {}

	/**
	 * @param mixed         $raw_id  The survey id as the author wrote it (shortcode attribute, block attribute).
	 * @param \Closure|null $wrapper Turns the placeholder's attributes (class, data-survey-id) into an
	 *                               escaped attribute string; the block adds its wrapper's classes and styles.
	 * @return string HTML.
	 */
	public function render( $raw_id, ?\Closure $wrapper = null ): string {
		$id = self::parse_id( $raw_id );
		if ( null === $id ) {
			return $this->note( __( 'UserFeedback: no valid survey id. Use the number from the surveys list, e.g. [userfeedback id="12"], or choose a survey in the block settings.', 'userfeedback' ) );
		}
		if ( null === $this->surveys->find( $id ) ) {
			return $this->note( fn(): string => $this->unpublished_message( $id ) );
		}

		$this->loader->ensure();
		$attributes = array(
			'class'          => self::CSS_CLASS,
			'data-survey-id' => (string) $id,
		);
		$html       = $wrapper ? (string) $wrapper( $attributes ) : '';
		return '<div ' . ( '' !== $html ? $html : self::attributes( $attributes ) ) . '></div>';
	}

	/**
	 * A positive whole number, from an int, a whole float (JSON numbers) or a string of digits; null otherwise.
	 *
	 * @param mixed $raw Input.
	 */
	public static function parse_id( $raw ): ?int {
		if ( is_float( $raw ) && floor( $raw ) === $raw && $raw < PHP_INT_MAX ) {
			$raw = (int) $raw;
		}
		if ( is_string( $raw ) ) {
			$raw = trim( $raw );
			if ( '' === $raw || strlen( $raw ) > 18 || ! ctype_digit( $raw ) ) {
				return null;
			}
			$raw = (int) $raw;
		}
		return is_int( $raw ) && $raw > 0 ? $raw : null;
	}

	/**
	 * @param array<string,string> $attributes Name => value.
	 */
	public static function attributes( array $attributes ): string {
		$html = array();
		foreach ( $attributes as $name => $value ) {
			$html[] = sprintf( '%s="%s"', esc_attr( $name ), esc_attr( $value ) );
		}
		return implode( ' ', $html );
	}

	private function unpublished_message( int $id ): string {
		$survey = $this->repository->find( $id );
		if ( ! $survey ) {
			/* translators: %d: survey id. */
			return sprintf( __( 'UserFeedback: there is no survey with the id %d.', 'userfeedback' ), $id );
		}
		if ( 'publish' === $survey['status'] ) {
			return __( 'UserFeedback: this survey has no questions, so visitors see nothing here.', 'userfeedback' );
		}
		return __( 'UserFeedback: this survey is not published. Visitors see nothing here.', 'userfeedback' );
	}

	/**
	 * A note for people who can edit surveys; nothing for anyone else.
	 *
	 * @param string|\Closure $message The message, or a function that finds it (only asked for editors).
	 */
	private function note( $message ): string {
		if ( ! current_user_can( Capabilities::CREATE_EDIT_SURVEYS ) ) {
			return '';
		}
		if ( $message instanceof \Closure ) {
			$message = $message();
		}
		return sprintf(
			'<p class="userfeedback-inline-note" style="padding:0.5em 1em;border-left:4px solid #dba617;background:#fcf9e8;color:#1e1e1e;font-size:0.875em">%s</p>',
			esc_html( (string) $message )
		);
	}
}
