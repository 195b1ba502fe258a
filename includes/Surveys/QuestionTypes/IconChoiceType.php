<?php
/**
 * icon-choice: one pick among options that are a label and an icon {name, style}; the question
 * sets the icons' colour and size. New questions start with two empty options (spec 1).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class IconChoiceType extends ChoiceType {

	public const KEY = 'icon-choice';

	public const DEFAULT_ICON_COLOR = '#1579EF';

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Icon Choice', 'userfeedback' );
	}

	public function advanced(): bool {
		return true;
	}

	public function default_config(): array {
		return array( 'options' => array( self::option( '' ), self::option( '' ) ) );
	}

	public function default_settings(): array {
		return array_merge(
			parent::default_settings(),
			array(
				'icon_color' => self::DEFAULT_ICON_COLOR,
				'icon_size'  => 'medium',
			)
		);
	}

	/**
	 * @return array{label:string,icon:null}
	 */
	public static function option( string $label ): array {
		return array(
			'label' => $label,
			'icon'  => null,
		);
	}

	public function shape_option( $option ) {
		$icon = is_array( $option ) && is_array( $option['icon'] ?? null ) ? $option['icon'] : null;
		return array(
			'label' => self::label_of( $option ),
			'icon'  => null === $icon ? null : array(
				'name'  => (string) ( $icon['name'] ?? '' ),
				'style' => (string) ( $icon['style'] ?? '' ),
			),
		);
	}

	/**
	 * The results draw each option's icon in the question's icon colour, as visitors see it.
	 *
	 * @param array<string,mixed> $question The question.
	 * @return array<string,array<string,mixed>>
	 */
	public function result_options( array $question ): array {
		$color = (string) ( $question['settings']['icon_color'] ?? '' );
		$color = '' !== $color ? $color : self::DEFAULT_ICON_COLOR;
		return array_map(
			static fn( array $option ): array => $option + array( 'icon_color' => null === $option['icon'] ? null : $color ),
			parent::result_options( $question )
		);
	}

	protected function result_option( string $label, $option ): array {
		$name = is_array( $option ) && is_array( $option['icon'] ?? null ) ? (string) ( $option['icon']['name'] ?? '' ) : '';
		return array(
			'value' => $label,
			'label' => $label,
			'icon'  => '' === $name ? null : $name,
		);
	}
}
