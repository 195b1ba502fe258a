<?php
/**
 * [userfeedback id="N"]: a survey inside the content (posts, pages, text widgets, the Shortcode block).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

defined( 'ABSPATH' ) || exit;

final class SurveyShortcode {

	public const TAG = 'userfeedback';

	public function __construct( private readonly InlineSurvey $inline ) {}

	public function register(): void {
		add_action( 'init', array( $this, 'add' ) );
	}

	public function add(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/**
	 * @param array<string,string>|string $atts Attributes ('' when there are none).
	 */
	public function render( $atts ): string {
		$atts = shortcode_atts( array( 'id' => '' ), is_array( $atts ) ? $atts : array(), self::TAG );
		return $this->inline->render( $atts['id'] );
	}
}
