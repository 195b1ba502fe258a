<?php
/**
 * What one question type is, stated once: how the builder offers it, how the widget behaves on it,
 * how an answer to it is judged, stored, counted and written. One small final subclass per type;
 * QuestionTypes lists them. Every PHP place that used to switch on a type asks its descriptor.
 *
 * The defaults below fit a type without options, scale or limit; a subclass says what differs.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

abstract class QuestionType {

	/** The most options any choice type takes (spec 1, section 9). */
	public const MAX_OPTIONS = 5;

	/** The longest comment a visitor may write in a question's comment box. */
	public const COMMENT_MAX = 1000;

	/** Key stored in the question's `type`. */
	abstract public function key(): string;

	/** Name shown in the builder (translated). */
	abstract public function label(): string;

	/**
	 * Comparators a condition on an answer of this type may use (spec 1, section 5). Never empty:
	 * every type may be the subject of a condition.
	 *
	 * @return string[]
	 */
	abstract public function comparators(): array;

	/**
	 * The stored value of an answer as sent: null for a skipped question (an empty text counts as
	 * skipped).
	 *
	 * @param array<string,mixed> $question The question (id, config).
	 * @param mixed               $value    What was sent (not null).
	 * @return string|int|string[]|null
	 * @throws InvalidAnswer When the value does not fit the question.
	 */
	abstract public function validate( array $question, $value );

	/**
	 * Fewest and most options, or null for a type without options.
	 *
	 * @return array{min:int,max:int}|null
	 */
	public function options(): ?array {
		return null;
	}

	/** Whether the question-types addon is needed (spec 1, section 6). */
	public function advanced(): bool {
		return false;
	}

	/**
	 * The config of a new question of this type.
	 *
	 * @return array<string,mixed>
	 */
	public function default_config(): array {
		return array();
	}

	/**
	 * The config of a question of this type from what was sent (schema-valid): the keys of
	 * default_config() only, each in its default's type; a key not sent keeps its default.
	 *
	 * @param array<string,mixed> $sent The config as sent or stored.
	 * @return array<string,mixed>
	 */
	public function shape_config( array $sent ): array {
		$config = $this->default_config();
		foreach ( $config as $key => $default ) {
			if ( isset( $sent[ $key ] ) ) {
				$config[ $key ] = match ( true ) {
					is_bool( $default )   => (bool) $sent[ $key ],
					is_int( $default )    => (int) $sent[ $key ],
					is_string( $default ) => (string) $sent[ $key ],
					default               => $sent[ $key ],
				};
			}
		}
		return $config;
	}

	/**
	 * The settings of a new question of this type.
	 *
	 * @return array<string,mixed>
	 */
	public function default_settings(): array {
		return array(
			'required'    => false,
			'randomize'   => false,
			'comment_box' => false,
		);
	}

	/** The longest answer in characters, or null when the type takes no typed text. */
	public function max_length(): ?int {
		return null;
	}

	/** Whether the widget moves on as soon as an answer is picked (without a comment box). */
	public function auto_advance(): bool {
		return false;
	}

	/**
	 * The numeric scale of a rating type, or null.
	 *
	 * @return array{min:int,max:int}|null
	 */
	public function scale(): ?array {
		return null;
	}

	/** Whether an answer is a list of picks rather than one value. */
	public function multiple(): bool {
		return false;
	}

	/** Whether the question can never be skipped, whatever its settings (NPS). */
	public function always_required(): bool {
		return false;
	}

	/**
	 * Whether a later question's display logic or the email logic may depend on an answer of this
	 * type (spec 1: radio, checkbox, star rating and NPS questions).
	 */
	public function logic_subject(): bool {
		return false;
	}

	/** Whether the builder offers "randomize" (the choice types: spec 1, section 5). */
	public function offers_randomize(): bool {
		return null !== $this->options();
	}

	/** Whether the builder offers a comment box (every type but the ones answered in words). */
	public function offers_comment_box(): bool {
		return true;
	}

	/**
	 * Whether an answer to this question carries a name (extra.name).
	 *
	 * @param array<string,mixed> $question The question.
	 */
	public function takes_name( array $question ): bool { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.Found -- the default; a type that takes a name reads the question.
		return false;
	}

	/**
	 * An option in this type's form (a plain label, or an object with the label). Types without
	 * options keep the label.
	 *
	 * @param mixed $option String or object option.
	 * @return string|array<string,mixed>
	 */
	public function shape_option( $option ) {
		return self::label_of( $option );
	}

	/**
	 * Whether results count answers per value (options, scale points); the other types list answers.
	 */
	public function counts_values(): bool {
		return null !== $this->options() || null !== $this->scale();
	}

	/**
	 * The values an answer counts for in results (a pick, a score; each distinct pick of a list).
	 * Empty for a type that does not count values.
	 *
	 * @param mixed $value The value as validated, or as stored (a list as its JSON).
	 * @return string[]
	 */
	public function counted_values( $value ): array {
		if ( ! $this->counts_values() ) {
			return array();
		}
		return array( is_scalar( $value ) ? (string) $value : (string) wp_json_encode( $value ) );
	}

	/**
	 * What results count answers against, in order, keyed by value: OptionCount without its count
	 * (value, label, and for some types an image or icon).
	 *
	 * @param array<string,mixed> $question The question.
	 * @return array<string,array<string,mixed>>
	 */
	public function result_options( array $question ): array {
		$scale = $this->scale();
		if ( null !== $scale ) {
			$options = array();
			foreach ( range( $scale['min'], $scale['max'] ) as $n ) {
				$options[ (string) $n ] = array(
					'value' => (string) $n,
					'label' => (string) $n,
				);
			}
			return $options;
		}
		$options = array();
		foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
			$label = is_array( $option ) ? (string) ( $option['label'] ?? '' ) : (string) $option;
			if ( ! array_key_exists( $label, $options ) ) {
				$options[ $label ] = $this->result_option( $label, $option );
			}
		}
		return $options;
	}

	/**
	 * What results add to a question's stats from its counts per value (the stars' average, the
	 * NPS); empty for most types.
	 *
	 * @param array<string,int> $counts Value => count, in the order of result_options().
	 * @return array<string,mixed>
	 */
	public function summary( array $counts ): array { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.Found -- the default of the types without one; NPS and stars read the counts.
		return array();
	}

	/** Whether the AI summary reads the answers themselves (free text); comments are read for all. */
	public function in_digest(): bool {
		return false;
	}

	/**
	 * A stored value as the admin reads it.
	 *
	 * @return string|string[]|null
	 */
	public function decode( ?string $stored ) {
		return $stored;
	}

	/**
	 * An answer as one line of text (exports, emails).
	 *
	 * @param string|string[]|int|null $value The answer's value (decode()d).
	 */
	public function answer_text( $value ): string {
		return self::join( $value );
	}

	/**
	 * A value as text: picks joined by commas.
	 *
	 * @param string|string[]|int|null $value A value.
	 */
	public static function join( $value ): string {
		return is_array( $value ) ? implode( ', ', array_map( 'strval', $value ) ) : (string) $value;
	}

	/**
	 * The entry of the admin boot config's question_types (admin-app/src/shared/types).
	 *
	 * @return array<string,mixed>
	 */
	final public function admin_config(): array {
		return array(
			'key'              => $this->key(),
			'label'            => $this->label(),
			'options'          => $this->options(),
			'advanced'         => $this->advanced(),
			'comparators'      => array_values( $this->comparators() ),
			'default_config'   => (object) $this->default_config(),
			'default_settings' => (object) $this->default_settings(),
			'max_length'       => $this->max_length(),
			'auto_advance'     => $this->auto_advance(),
			'scale'            => $this->scale(),
			'multiple'         => $this->multiple(),
			'required'         => $this->always_required(),
			'randomize'        => $this->offers_randomize(),
			'comment_box'      => $this->offers_comment_box(),
			'logic_subject'    => $this->logic_subject(),
		);
	}

	/**
	 * The entry of the widget config's question_types: only what the widget needs.
	 *
	 * @return array{max_length:int|null,auto_advance:bool,advanced:bool,scale:array{min:int,max:int}|null,required:bool}
	 */
	final public function widget_config(): array {
		return array(
			'max_length'   => $this->max_length(),
			'auto_advance' => $this->auto_advance(),
			'advanced'     => $this->advanced(),
			'scale'        => $this->scale(),
			'required'     => $this->always_required(),
		);
	}

	/**
	 * One entry of result_options() for a configured option.
	 *
	 * @param mixed $option The option as stored.
	 * @return array<string,mixed>
	 */
	protected function result_option( string $label, $option ): array { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundAfterLastUsed -- the default; a type whose options carry more than a label reads the option.
		return array(
			'value' => $label,
			'label' => $label,
		);
	}

	/**
	 * The label of an option of any form, trimmed.
	 *
	 * @param mixed $option Option.
	 */
	public static function label_of( $option ): string {
		return trim( is_array( $option ) ? (string) ( $option['label'] ?? '' ) : (string) $option );
	}

	/**
	 * Option labels as configured: plain strings or {label, ...}.
	 *
	 * @param array<string,mixed> $question The question.
	 * @return string[]
	 */
	protected static function labels( array $question ): array {
		$labels = array();
		foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
			if ( is_string( $option ) ) {
				$labels[] = $option;
			} elseif ( is_array( $option ) && is_string( $option['label'] ?? null ) ) {
				$labels[] = $option['label'];
			}
		}
		return $labels;
	}

	/**
	 * @param mixed $value What was sent.
	 * @throws InvalidAnswer When it is not text in UTF-8.
	 */
	public static function text( $value, int $id ): string {
		if ( ! is_string( $value ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			/* translators: %d: question id. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d must be text.', 'userfeedback' ), (int) $id ) );
		}
		return $value;
	}

	/**
	 * @throws InvalidAnswer When the text is longer than $max characters.
	 */
	protected static function check_length( string $text, int $max, int $id ): void {
		if ( mb_strlen( $text, 'UTF-8' ) > $max ) {
			/* translators: 1: question id, 2: maximum number of characters. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %1$d must be at most %2$d characters long.', 'userfeedback' ), (int) $id, (int) $max ) );
		}
	}
}
