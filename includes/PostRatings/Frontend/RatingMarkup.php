<?php
/**
 * The visitor markup of the post-rating widget (the contract's markup: widget/src/post-rating hydrates
 * it, the admin preview mirrors it) and its schema.org AggregateRating.
 *
 * Everything in it is the same for every visitor of the post: the settings, the post's all-time
 * summary and the post's token. Whether this visitor already voted is known only to their browser.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings\Frontend;

use UserFeedback\PostRatings\RatingSettingsSchema;
use UserFeedback\PostRatings\RatingTokens;

defined( 'ABSPATH' ) || exit;

final class RatingMarkup {

	public const CSS_CLASS = 'userfeedback-post-rating';

	/**
	 * Filters the schema.org type of the rated item in the widget's structured data.
	 */
	public const SCHEMA_TYPE_FILTER = 'userfeedback_post_rating_schema_type';

	/**
	 * @param \WP_Post                     $post     A ratable post.
	 * @param array<string,mixed>          $settings The post-ratings settings (RatingSettingsRepository::all()).
	 * @param array{count:int,average:float} $summary  The post's votes (RatingRepository::summary()).
	 * @param \Closure|null                $wrapper  Turns the root's attributes into an escaped attribute
	 *                                               string (the block adds its wrapper's classes and styles).
	 * @return string HTML.
	 */
	public function html( \WP_Post $post, array $settings, array $summary, ?\Closure $wrapper = null ): string {
		$id         = (int) $post->ID;
		$count      = max( 0, (int) $summary['count'] );
		$average    = $count > 0 ? (float) $summary['average'] : 0.0;
		$filled     = (int) round( $average );
		$label_id   = self::CSS_CLASS . '-' . $id;
		$attributes = array(
			'class'        => self::CSS_CLASS,
			'data-post-id' => (string) $id,
			'data-token'   => RatingTokens::issue( $id ),
			'data-rest'    => esc_url_raw( rest_url( 'userfeedback/v1/' ) ),
			'data-error'   => __( 'Your rating could not be saved. Please try again.', 'userfeedback' ),
			'style'        => self::style( $settings ),
		);
		$root       = $wrapper ? (string) $wrapper( $attributes ) : '';

		$html  = '<div ' . ( '' !== $root ? $root : self::attributes( $attributes ) ) . '>';
		$html .= sprintf( '<p class="%1$s__question" id="%2$s">%3$s</p>', self::CSS_CLASS, esc_attr( $label_id ), esc_html( (string) $settings['rating_question'] ) );
		$html .= sprintf( '<div class="%1$s__icons" role="group" aria-labelledby="%2$s">', self::CSS_CLASS, esc_attr( $label_id ) );
		$icon  = RatingSettingsSchema::icon( (string) $settings['icon_id'] );
		for ( $rating = 1; $rating <= RatingSettingsSchema::MAX_RATING; $rating++ ) {
			$html .= sprintf(
				'<button type="button" class="%1$s__icon%2$s" data-rating="%3$d" aria-label="%4$s"><svg viewBox="%5$s" aria-hidden="true" focusable="false"><path d="%6$s" fill="currentColor"/></svg></button>',
				self::CSS_CLASS,
				$rating <= $filled ? ' is-filled' : '',
				$rating,
				/* translators: 1: a rating from 1 to 5, 2: the highest rating (5). */
				esc_attr( sprintf( __( 'Rate %1$d out of %2$d', 'userfeedback' ), $rating, RatingSettingsSchema::MAX_RATING ) ),
				esc_attr( $icon['viewBox'] ),
				esc_attr( $icon['path'] )
			);
		}
		$html .= '</div>';
		$html .= sprintf( '<p class="%1$s__instruction">%2$s</p>', self::CSS_CLASS, esc_html( (string) $settings['rating_instruction_message'] ) );
		$html .= sprintf( '<p class="%1$s__thanks" role="status" hidden>%2$s</p>', self::CSS_CLASS, esc_html( (string) $settings['thank_you_message'] ) );
		$html .= $this->summary( $settings, $count, $average );
		if ( 'yes' === $settings['show_uf_logo'] ) {
			$html .= sprintf( '<a class="%1$s__logo" href="https://www.userfeedback.com/" rel="noopener">%2$s</a>', self::CSS_CLASS, esc_html__( 'Powered by UserFeedback', 'userfeedback' ) );
		}
		if ( 'yes' === $settings['use_review_schema'] && $count > 0 ) {
			$html .= '<script type="application/ld+json">' . wp_json_encode( $this->schema( $post, $count, $average ), JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . '</script>';
		}
		return $html . '</div>';
	}

	/**
	 * The schema.org AggregateRating of the post (search engines' review snippets).
	 *
	 * @return array<string,mixed>
	 */
	public function schema( \WP_Post $post, int $count, float $average ): array {
		/**
		 * Filters the schema.org type of the rated post in the widget's AggregateRating.
		 *
		 * @param string   $type Default CreativeWork (Article, BlogPosting, Recipe... are its subtypes).
		 * @param \WP_Post $post The rated post.
		 */
		$type = apply_filters( self::SCHEMA_TYPE_FILTER, 'CreativeWork', $post ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- SCHEMA_TYPE_FILTER is 'userfeedback_post_rating_schema_type'.
		$type = is_string( $type ) && '' !== $type ? $type : 'CreativeWork';
		return array(
			'@context'     => 'https://schema.org',
			'@type'        => 'AggregateRating',
			'ratingValue'  => round( $average, 2 ),
			'ratingCount'  => $count,
			'bestRating'   => RatingSettingsSchema::MAX_RATING,
			'worstRating'  => 1,
			'itemReviewed' => array(
				'@type' => $type,
				'name'  => html_entity_decode( wp_strip_all_tags( get_the_title( $post ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
				'url'   => (string) get_permalink( $post ),
			),
		);
	}

	/**
	 * An average as the widget shows it: at most one decimal, no trailing .0 (5 -> "5", 4.25 -> "4.3").
	 * widget/src/post-rating/post-rating.ts formats the route's answer the same way.
	 */
	public static function format_average( float $average ): string {
		return rtrim( rtrim( number_format( $average, 1, '.', '' ), '0' ), '.' );
	}

	/**
	 * The colours (custom properties the stylesheet reads) and, when one is set, the font.
	 *
	 * @param array<string,mixed> $settings Post-ratings settings.
	 */
	public static function style( array $settings ): string {
		$defaults = RatingSettingsSchema::defaults();
		$style    = sprintf(
			'--userfeedback-pr-icon:%s;--userfeedback-pr-bg:%s;--userfeedback-pr-text:%s;',
			self::color( $settings['icon_color'] ?? '', $defaults['icon_color'] ),
			self::color( $settings['background_color'] ?? '', $defaults['background_color'] ),
			self::color( $settings['text_color'] ?? '', $defaults['text_color'] )
		);
		$font     = (string) ( $settings['font'] ?? '' );
		// The schema allows letters, digits and spaces only; checked again since this lands in CSS.
		if ( '' !== $font && preg_match( '/^[A-Za-z0-9 ]{1,100}$/', $font ) ) {
			// "inherit" cannot be part of a font list (it would void the declaration), so the fallback
			// when the font is not installed is the generic family.
			$style .= "font-family:'" . trim( $font ) . "',sans-serif;";
		}
		return $style;
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

	/**
	 * @param array<string,mixed> $settings Post-ratings settings.
	 */
	private function summary( array $settings, int $count, float $average ): string {
		$show_rating = 'yes' === $settings['show_rating'];
		$show_count  = 'yes' === $settings['show_vote_count'];
		if ( ! $show_rating && ! $show_count ) {
			return '';
		}
		$hidden = 0 === $count ? ' hidden' : '';
		$html   = sprintf( '<p class="%s__summary" aria-live="polite">', self::CSS_CLASS );
		if ( $show_rating ) {
			$html .= sprintf(
				'<span class="%1$s__average"%2$s>%3$s</span>',
				self::CSS_CLASS,
				$hidden,
				/* translators: %s: the average rating, e.g. 4.5 (out of 5). */
				sprintf( esc_html__( 'Average rating %s/5.', 'userfeedback' ), '<strong data-average>' . esc_html( self::format_average( $average ) ) . '</strong>' )
			);
		}
		if ( $show_count ) {
			$html .= ( $show_rating ? ' ' : '' ) . sprintf(
				'<span class="%1$s__count"%2$s>%3$s</span>',
				self::CSS_CLASS,
				$hidden,
				/* translators: %s: how many visitors rated the post. */
				sprintf( esc_html__( 'Vote count: %s', 'userfeedback' ), '<strong data-count>' . esc_html( (string) $count ) . '</strong>' )
			);
		}
		if ( 0 === $count ) {
			$html .= sprintf( '<span class="%1$s__none">%2$s</span>', self::CSS_CLASS, esc_html__( 'No votes yet.', 'userfeedback' ) );
		}
		return $html . '</p>';
	}

	private static function color( mixed $value, string $fallback ): string {
		$color = is_string( $value ) ? sanitize_hex_color( $value ) : null;
		return is_string( $color ) && '' !== $color ? $color : $fallback;
	}
}
