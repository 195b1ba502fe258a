<?php
/**
 * The question-type registry: every type the plugin knows, in the order the builder's Add Question
 * menu lists them. A new type is one QuestionType subclass in this folder and one line in TYPES
 * (and, outside PHP, a widget component, a builder editor and a results card: see README).
 *
 * The admin apps receive admin_config() in their boot config and the visitor widget receives
 * widget_config() in its config, so that no list or limit is stated a second time in TypeScript.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class QuestionTypes {

	/** The descriptors, in builder order. */
	private const TYPES = array(
		RadioButtonType::class,
		CheckboxType::class,
		TextType::class,
		LongTextType::class,
		EmailType::class,
		StarRatingType::class,
		NpsType::class,
		ImageRadioType::class,
		IconChoiceType::class,
	);

	/** @var array<string,QuestionType>|null */
	private static ?array $all = null;

	/**
	 * Key => descriptor, in builder order.
	 *
	 * @return array<string,QuestionType>
	 */
	public static function all(): array {
		if ( null === self::$all ) {
			self::$all = array();
			foreach ( self::TYPES as $class ) {
				$type                      = new $class();
				self::$all[ $type->key() ] = $type;
			}
		}
		return self::$all;
	}

	/**
	 * The descriptor of a type, or null for a key that is not one.
	 *
	 * @param mixed $key A question's type, as stored or sent.
	 */
	public static function get( $key ): ?QuestionType {
		return is_string( $key ) ? ( self::all()[ $key ] ?? null ) : null;
	}

	/**
	 * @return string[]
	 */
	public static function keys(): array {
		return array_keys( self::all() );
	}

	/**
	 * Types whose questions have options.
	 *
	 * @return string[]
	 */
	public static function with_options(): array {
		return self::keys_where( static fn( QuestionType $type ): bool => null !== $type->options() );
	}

	/**
	 * Types that need the question-types addon.
	 *
	 * @return string[]
	 */
	public static function advanced(): array {
		return self::keys_where( static fn( QuestionType $type ): bool => $type->advanced() );
	}

	/**
	 * The admin boot config's question_types: one entry per type, in builder order.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public static function admin_config(): array {
		return array_values( array_map( static fn( QuestionType $type ): array => $type->admin_config(), self::all() ) );
	}

	/**
	 * The widget config's question_types: type => what the widget needs of it (printed on every
	 * front-end page, so kept small).
	 *
	 * @return array<string,array<string,mixed>>
	 */
	public static function widget_config(): array {
		return array_map( static fn( QuestionType $type ): array => $type->widget_config(), self::all() );
	}

	/**
	 * An answer as one line of text (exports, emails), as its type writes it; the value as it is
	 * (picks joined by commas) for a type that is not known (a question deleted, a row of an older
	 * version).
	 *
	 * @param mixed                    $type  The question's type.
	 * @param string|string[]|int|null $value The answer's value.
	 */
	public static function answer_text( $type, $value ): string {
		$descriptor = self::get( $type );
		return null === $descriptor ? QuestionType::join( $value ) : $descriptor->answer_text( $value );
	}

	/**
	 * @param callable(QuestionType):bool $test Filter.
	 * @return string[]
	 */
	private static function keys_where( callable $test ): array {
		return array_keys( array_filter( self::all(), $test ) );
	}
}
