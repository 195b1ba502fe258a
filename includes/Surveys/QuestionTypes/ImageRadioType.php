<?php
/**
 * image-radio: one pick among options that are a label and an image. New questions start with two
 * empty options (spec 1).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class ImageRadioType extends ChoiceType {

	public const KEY = 'image-radio';

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Image Choice', 'userfeedback' );
	}

	public function advanced(): bool {
		return true;
	}

	public function default_config(): array {
		return array( 'options' => array( self::option( '' ), self::option( '' ) ) );
	}

	/**
	 * @return array{label:string,image:null}
	 */
	public static function option( string $label ): array {
		return array(
			'label' => $label,
			'image' => null,
		);
	}

	public function shape_option( $option ) {
		$image = is_array( $option ) && is_array( $option['image'] ?? null ) ? $option['image'] : null;
		return array(
			'label' => self::label_of( $option ),
			'image' => null === $image ? null : array(
				'id'  => isset( $image['id'] ) ? (int) $image['id'] : null,
				'url' => self::http_url( $image['url'] ?? '' ),
			),
		);
	}

	protected function result_option( string $label, $option ): array {
		$url = is_array( $option ) && is_array( $option['image'] ?? null ) ? (string) ( $option['image']['url'] ?? '' ) : '';
		return array(
			'value' => $label,
			'label' => $label,
			'image' => '' === $url ? null : $url,
		);
	}

	/**
	 * @param mixed $url Validated (http or https, or empty) URL.
	 */
	private static function http_url( $url ): string {
		$url = trim( (string) $url );
		return '' === $url ? '' : esc_url_raw( $url, array( 'http', 'https' ) );
	}
}
