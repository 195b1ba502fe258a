<?php
/**
 * The filters of a survey's responses (issue 19 item 1), stated once: which fields a survey offers
 * (`filterable`, the filter bar's fields, labels and options), how filter[conditions] is read and
 * judged against the survey, and the SQL each condition becomes. The list, the detail route and both
 * exports use this class, so what the admin sees is what they export.
 *
 * filter[conditions] is a JSON array (one query parameter of at most MAX_JSON characters, or a
 * PHP-style array) of at most MAX_CONDITIONS objects { field, operator, value }, all combined with
 * AND:
 * - date between [from, to]: site-local days, inclusive, '' for an open end;
 * - page_url contains text (1-200 characters), device isAny [desktop|tablet|mobile];
 * - question:<id> of a choice question: is / isNot (one option label; isNot also keeps the responses
 *   that skipped it) / isAny (labels); of a star rating: greaterThanOrEqual / lessThanOrEqual / is
 *   (1-5); of an NPS question: isAny [promoter|passive|detractor] (Results\Nps's groups);
 * - text:<id> (a text, long-text or email question) or text:any (every text answer and comment):
 *   contains (1-100 characters), through Database\AnswerSearch;
 * - field:<name> (a hidden field of the survey): is (0-200 characters; '' is a response without it).
 *
 * SQL: every value is a placeholder, every identifier a %i of Schema's tables or a constant column
 * of this file. Answers are matched with EXISTS on the answers' unique key (response_id,
 * question_id): one seek per candidate response; a hidden field's value likewise on the primary key
 * of response_fields, or, for a value the survey holds rarely, by the range of the survey_field key
 * that holds it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\Schema;
use UserFeedback\Database\TextSearch;
use UserFeedback\Database\Transaction;
use UserFeedback\Rest\ApiException;
use UserFeedback\Results\Nps;
use UserFeedback\Surveys\QuestionTypes\CheckboxType;
use UserFeedback\Surveys\QuestionTypes\EmailType;
use UserFeedback\Surveys\QuestionTypes\FreeTextType;
use UserFeedback\Surveys\QuestionTypes\NpsType;
use UserFeedback\Surveys\QuestionTypes\QuestionType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\QuestionTypes\StarRatingType;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- response_fields: is_rare() counts, up to RARE_ROWS + 1 index entries, how many responses hold a hidden field's value, to choose the shape of the filter's SQL; not cached, since the values change with every response and a stale count would only pick a slower plan.

final class ResponseFilter {

	/** Most conditions of one filter. */
	public const MAX_CONDITIONS = 10;

	/** Most characters of filter[conditions] sent as JSON text. */
	public const MAX_JSON = 4000;

	/** Most rows of a hidden field's value that a filter reads as a list of ids (condition_sql()). */
	public const RARE_ROWS = 2000;

	/** Longest page URL and hidden-field value searched. */
	public const TEXT_MAX = 200;

	public const DEVICES = array( 'desktop', 'tablet', 'mobile' );

	/** The NPS groups of a filter, each the stored values of Results\Nps's rule. */
	public const NPS_GROUPS = array(
		'promoter'  => Nps::PROMOTERS,
		'passive'   => Nps::PASSIVES,
		'detractor' => Nps::DETRACTORS,
	);

	/** Operators of each kind of field (DataViews' names). */
	public const OPERATORS = array(
		'date'        => array( 'between' ),
		'text'        => array( 'contains' ),
		'devices'     => array( 'isAny' ),
		'choice'      => array( 'is', 'isNot', 'isAny' ),
		'stars'       => array( 'greaterThanOrEqual', 'lessThanOrEqual', 'is' ),
		'nps'         => array( 'isAny' ),
		'text_answer' => array( 'contains' ),
		'hidden'      => array( 'is' ),
	);

	/**
	 * @param array<int,array<string,mixed>> $conditions Judged conditions: kind, field, operator, value (normalized), question (for answers).
	 */
	private function __construct( public readonly int $survey_id, public readonly array $conditions ) {}

	/**
	 * A filter with no condition.
	 */
	public static function none( int $survey_id ): self {
		return new self( $survey_id, array() );
	}

	/**
	 * Reads and judges filter[conditions] against the survey.
	 *
	 * @param array<string,mixed> $survey The survey (SurveyRepository::find()).
	 * @param mixed               $sent   filter[conditions] as sent: JSON text, a list, or nothing.
	 * @throws ApiException 400 rest_invalid_param naming the condition.
	 */
	public static function from_request( array $survey, $sent ): self {
		$survey_id = (int) ( $survey['id'] ?? 0 );
		if ( null === $sent || '' === $sent || array() === $sent ) {
			return self::none( $survey_id );
		}
		if ( is_string( $sent ) ) {
			if ( strlen( $sent ) > self::MAX_JSON ) {
				/* translators: %d: most characters. */
				throw self::refuse( sprintf( esc_html__( 'filter[conditions] must be at most %d characters of JSON.', 'userfeedback' ), (int) self::MAX_JSON ) );
			}
			$decoded = json_decode( $sent, true );
			if ( ! is_array( $decoded ) || ! array_is_list( $decoded ) ) {
				throw self::refuse( esc_html__( 'filter[conditions] must be a JSON array of conditions { field, operator, value }.', 'userfeedback' ) );
			}
			$sent = $decoded;
		}
		if ( ! is_array( $sent ) ) {
			throw self::refuse( esc_html__( 'filter[conditions] must be a JSON array of conditions { field, operator, value }.', 'userfeedback' ) );
		}
		$sent = array_values( $sent );
		if ( count( $sent ) > self::MAX_CONDITIONS ) {
			/* translators: %d: most conditions. */
			throw self::refuse( sprintf( esc_html__( 'A filter has at most %d conditions.', 'userfeedback' ), (int) self::MAX_CONDITIONS ) );
		}
		$fields     = self::fields( $survey );
		$conditions = array();
		foreach ( $sent as $i => $condition ) {
			$conditions[] = self::judge( $i + 1, $condition, $fields, $survey );
		}
		return new self( $survey_id, $conditions );
	}

	public function is_empty(): bool {
		return ! $this->conditions;
	}

	/**
	 * The site-local days [from, to] (null: open) of a filter whose one condition is a date range;
	 * null for a filter without conditions; false for any other filter.
	 *
	 * @return array{0:string|null,1:string|null}|null|false
	 */
	public function date_only() {
		if ( ! $this->conditions ) {
			return null;
		}
		if ( 1 !== count( $this->conditions ) || 'date' !== $this->conditions[0]['kind'] ) {
			return false;
		}
		return $this->conditions[0]['days'];
	}

	/**
	 * What the daily rollups can count of this filter, per day (AdminResponseRepository's anchors): for
	 * a filter of at most one date range and at most one answer condition whose values the rollups
	 * count one per response (a single-choice question's is / isNot / isAny, stars, NPS groups), the
	 * days [from, to] (null: open) and that condition (question null: none; negate: isNot, which also
	 * keeps the responses that skipped the question). Null for any other filter.
	 *
	 * The rollups count the stored value as it is (daily_answers.value is binary), so the SQL test of
	 * these conditions is a binary comparison too (condition_sql()): the rows the pages read are the
	 * rows the rollups counted.
	 *
	 * @return array{days:array{0:string|null,1:string|null},question_id:int|null,values:string[],negate:bool}|null
	 */
	public function rollup_terms(): ?array {
		$terms = array(
			'days'        => array( null, null ),
			'question_id' => null,
			'values'      => array(),
			'negate'      => false,
		);
		$dates = 0;
		foreach ( $this->conditions as $condition ) {
			if ( 'date' === $condition['kind'] && 0 === $dates++ ) {
				$terms['days'] = $condition['days'];
				continue;
			}
			if ( null === $terms['question_id'] && self::counted_by_rollups( $condition ) ) {
				$terms['question_id'] = (int) $condition['question_id'];
				$terms['values']      = array_values( array_map( 'strval', (array) $condition['value'] ) );
				$terms['negate']      = 'isNot' === $condition['operator'];
				continue;
			}
			return null;
		}
		return $terms;
	}

	/**
	 * Whether a judged condition is an answer condition whose values the daily rollups count one per
	 * response (not a checkbox: one answer holds several labels, and isAny of two would count twice).
	 *
	 * @param array<string,mixed> $condition A judged condition.
	 */
	private static function counted_by_rollups( array $condition ): bool {
		return in_array( $condition['kind'], array( 'stars', 'nps' ), true ) || ( 'choice' === $condition['kind'] && ! $condition['multiple'] );
	}

	/**
	 * The filter bar's fields of a survey, in the order it shows them.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array<int,array<string,mixed>> Filterable fields: field, label, kind, operators, elements (choice, devices, nps).
	 */
	public static function filterable( array $survey ): array {
		$list = array();
		foreach ( self::fields( $survey ) as $field => $def ) {
			$entry = array(
				'field'     => $field,
				'label'     => $def['label'],
				'kind'      => $def['kind'],
				'operators' => self::OPERATORS[ $def['kind'] ],
			);
			if ( isset( $def['elements'] ) ) {
				$entry['elements'] = $def['elements'];
			}
			$list[] = $entry;
		}
		return $list;
	}

	/**
	 * The conditions as SQL to AND to a query of the responses table aliased r: ' AND …' per condition.
	 *
	 * @return array{0:string,1:array<int,int|string>} SQL with placeholders, and their values.
	 */
	public function sql( string $alias = 'r' ): array {
		if ( ! preg_match( '/^[a-z]{1,2}$/', $alias ) ) {
			throw new \InvalidArgumentException( 'Bad alias.' );
		}
		$sql  = '';
		$args = array();
		foreach ( $this->conditions as $condition ) {
			[ $part, $values ] = $this->condition_sql( $condition, $alias );
			$sql              .= ' AND ' . $part;
			array_push( $args, ...$values );
		}
		return array( $sql, $args );
	}

	/**
	 * One condition as SQL.
	 *
	 * @param array<string,mixed> $condition A judged condition.
	 * @return array{0:string,1:array<int,int|string>}
	 */
	private function condition_sql( array $condition, string $r ): array {
		$value = $condition['value'];
		switch ( $condition['kind'] ) {
			case 'date':
				$parts = array();
				$args  = array();
				if ( null !== $value[0] ) {
					$parts[] = "$r.submitted_at >= %s";
					$args[]  = $value[0];
				}
				if ( null !== $value[1] ) {
					$parts[] = "$r.submitted_at < %s";
					$args[]  = $value[1];
				}
				return array( $parts ? '(' . implode( ' AND ', $parts ) . ')' : '1=1', $args );
			case 'text':
				return array( TextSearch::contains( "$r.page_url" ), array( $value ) );
			case 'devices':
				return array( "$r.device IN (" . self::placeholders( $value, '%s' ) . ')', $value );
			case 'hidden':
				if ( '' === $value ) {
					return array( "NOT EXISTS (SELECT 1 FROM %i f WHERE f.response_id = $r.id AND f.name = %s AND f.value <> '')", array( Schema::table( HiddenFields::TABLE ), $condition['name'] ) );
				}
				// A rare value: its rows, one range of survey_field (survey_id, name, value(100)), are fewer
				// than the responses a page would check one by one. A common one (more than RARE_ROWS rows):
				// the list's walk by date checks each response by the primary key (response_id, name), and
				// finds a page after a few rows, where the range would be read whole and sorted.
				if ( $this->is_rare( (string) $condition['name'], $value ) ) {
					return array( "$r.id IN (SELECT f.response_id FROM %i f WHERE f.survey_id = %d AND f.name = %s AND f.value = %s)", array( Schema::table( HiddenFields::TABLE ), $this->survey_id, $condition['name'], $value ) );
				}
				return array( "EXISTS (SELECT 1 FROM %i f WHERE f.response_id = $r.id AND f.name = %s AND f.value = %s)", array( Schema::table( HiddenFields::TABLE ), $condition['name'], $value ) );
			case 'text_answer':
				return AnswerSearch::response_condition_sql( $r, $this->survey_id, $condition['question_id'], $value );
		}
		// Answers of a question: choice, stars, nps.
		$question_id = (int) $condition['question_id'];
		$answers     = Schema::table( 'answers' );
		$exists      = "EXISTS (SELECT 1 FROM %i a WHERE a.response_id = $r.id AND a.question_id = %d AND ";
		if ( 'choice' === $condition['kind'] && $condition['multiple'] ) {
			// A checkbox answer is a JSON list of labels (or, in older rows, one label as it is).
			$labels = (array) $value;
			$tests  = array();
			$args   = array( $answers, $question_id );
			foreach ( $labels as $label ) {
				$tests[] = '(a.value = %s OR INSTR(a.value, %s) > 0)';
				$args[]  = $label;
				$args[]  = (string) wp_json_encode( $label );
			}
			$sql = $exists . '(' . implode( ' OR ', $tests ) . '))';
			return array( 'isNot' === $condition['operator'] ? 'NOT ' . $sql : $sql, $args );
		}
		$values = array_values( array_map( 'strval', (array) $value ) );
		// Byte for byte, as the rollups count values (rollup_terms()); SQLite compares so already.
		$column = Transaction::is_sqlite() ? 'a.value' : 'CAST(a.value AS BINARY)';
		$sql    = $exists . $column . ' IN (' . self::placeholders( $values, '%s' ) . '))';
		return array( 'isNot' === $condition['operator'] ? 'NOT ' . $sql : $sql, array_merge( array( $answers, $question_id ), $values ) );
	}

	/**
	 * Whether the survey holds at most RARE_ROWS values $value of the hidden field $name (one range
	 * of survey_field, read up to RARE_ROWS + 1 entries).
	 */
	private function is_rare( string $name, string $value ): bool {
		global $wpdb;
		/**
		 * Filters RARE_ROWS: up to how many responses with a hidden field's value a filter reads their
		 * ids first; above, it checks the responses of the list one by one.
		 *
		 * @param int $rows The limit.
		 */
		$rare = max( 0, (int) apply_filters( 'userfeedback_filter_rare_rows', self::RARE_ROWS ) );
		$rows = $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ( SELECT 1 FROM %i WHERE survey_id = %d AND name = %s AND value = %s LIMIT %d ) AS found', Schema::table( HiddenFields::TABLE ), $this->survey_id, $name, $value, $rare + 1 ) );
		return (int) $rows <= $rare;
	}

	/**
	 * @param array<int,mixed> $values Values.
	 */
	private static function placeholders( array $values, string $placeholder ): string {
		return implode( ',', array_fill( 0, count( $values ), $placeholder ) );
	}

	/**
	 * Field => its definition (label, kind, elements, question), in the filter bar's order.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array<string,array<string,mixed>>
	 */
	private static function fields( array $survey ): array {
		$fields = array(
			'date'     => array(
				'label' => __( 'Date', 'userfeedback' ),
				'kind'  => 'date',
			),
			'page_url' => array(
				'label' => __( 'Page URL', 'userfeedback' ),
				'kind'  => 'text',
			),
			'device'   => array(
				'label'    => __( 'Device', 'userfeedback' ),
				'kind'     => 'devices',
				'elements' => array(
					array(
						'value' => 'desktop',
						'label' => __( 'Desktop', 'userfeedback' ),
					),
					array(
						'value' => 'tablet',
						'label' => __( 'Tablet', 'userfeedback' ),
					),
					array(
						'value' => 'mobile',
						'label' => __( 'Mobile', 'userfeedback' ),
					),
				),
			),
			'text:any' => array(
				'label'       => __( 'Any text answer', 'userfeedback' ),
				'kind'        => 'text_answer',
				'question_id' => null,
			),
		);
		foreach ( (array) ( $survey['questions'] ?? array() ) as $question ) {
			if ( ! is_array( $question ) || ! isset( $question['id'] ) ) {
				continue;
			}
			$type  = QuestionTypes::get( $question['type'] ?? null );
			$id    = (int) $question['id'];
			$title = trim( wp_strip_all_tags( (string) ( $question['title'] ?? '' ) ) );
			/* translators: %d: question id. */
			$label = '' !== $title ? $title : sprintf( __( 'Question %d', 'userfeedback' ), $id );
			if ( null === $type ) {
				continue;
			}
			if ( $type instanceof FreeTextType || $type instanceof EmailType ) {
				$fields[ "text:$id" ] = array(
					'label'       => $label,
					'kind'        => 'text_answer',
					'question_id' => $id,
				);
			} elseif ( $type instanceof NpsType ) {
				$fields[ "question:$id" ] = array(
					'label'       => $label,
					'kind'        => 'nps',
					'question_id' => $id,
					'elements'    => array(
						array(
							'value' => 'promoter',
							'label' => __( 'Promoters (9-10)', 'userfeedback' ),
						),
						array(
							'value' => 'passive',
							'label' => __( 'Passives (7-8)', 'userfeedback' ),
						),
						array(
							'value' => 'detractor',
							'label' => __( 'Detractors (0-6)', 'userfeedback' ),
						),
					),
				);
			} elseif ( $type instanceof StarRatingType ) {
				$fields[ "question:$id" ] = array(
					'label'       => $label,
					'kind'        => 'stars',
					'question_id' => $id,
				);
			} elseif ( null !== $type->options() ) {
				$labels = array();
				foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
					$text = QuestionType::label_of( $option );
					if ( '' !== $text ) {
						$labels[ $text ] = array(
							'value' => $text,
							'label' => $text,
						);
					}
				}
				$fields[ "question:$id" ] = array(
					'label'       => $label,
					'kind'        => 'choice',
					'question_id' => $id,
					'multiple'    => $type instanceof CheckboxType,
					'elements'    => array_values( $labels ),
				);
			}
		}
		foreach ( HiddenFields::names( $survey ) as $name ) {
			$fields[ "field:$name" ] = array(
				/* translators: %s: the hidden field's name. */
				'label' => sprintf( __( 'Hidden field: %s', 'userfeedback' ), $name ),
				'kind'  => 'hidden',
				'name'  => $name,
			);
		}
		return $fields;
	}

	/**
	 * One condition, judged.
	 *
	 * @param int                                 $n         Its place (1-based), for the messages.
	 * @param mixed                               $condition As sent.
	 * @param array<string,array<string,mixed>>   $fields    The survey's fields.
	 * @param array<string,mixed>                 $survey    The survey.
	 * @return array<string,mixed>
	 * @throws ApiException 400.
	 */
	private static function judge( int $n, $condition, array $fields, array $survey ): array {
		/* translators: 1: the condition's place (1, 2, ...), 2: what is wrong with it. */
		$fail = static fn( string $why ): ApiException => self::refuse( sprintf( esc_html__( 'Condition %1$d: %2$s', 'userfeedback' ), $n, $why ) );
		if ( ! is_array( $condition ) || ! is_string( $condition['field'] ?? null ) || ! is_string( $condition['operator'] ?? null ) || ! array_key_exists( 'value', $condition ) ) {
			throw $fail( esc_html__( 'A condition is an object { field, operator, value }.', 'userfeedback' ) );
		}
		$field    = $condition['field'];
		$operator = $condition['operator'];
		$value    = $condition['value'];
		if ( ! isset( $fields[ $field ] ) ) {
			if ( preg_match( '/^question:(\d+)$/', $field, $m ) || preg_match( '/^text:(\d+)$/', $field, $m ) ) {
				$known = in_array( (int) $m[1], array_map( static fn( $q ): int => (int) ( is_array( $q ) ? ( $q['id'] ?? 0 ) : 0 ), (array) ( $survey['questions'] ?? array() ) ), true );
				throw $fail(
					$known
						/* translators: %s: the field as sent. */
						? sprintf( esc_html__( 'The question of "%s" cannot be filtered that way (question: for choice, star and NPS questions; text: for text questions).', 'userfeedback' ), esc_html( $field ) )
						/* translators: %s: the field as sent. */
						: sprintf( esc_html__( '"%s" is not a question of this survey.', 'userfeedback' ), esc_html( $field ) )
				);
			}
			/* translators: %s: the field as sent. */
			throw $fail( sprintf( esc_html__( 'Unknown field "%s".', 'userfeedback' ), esc_html( $field ) ) );
		}
		$def       = $fields[ $field ];
		$operators = self::OPERATORS[ $def['kind'] ];
		if ( ! in_array( $operator, $operators, true ) ) {
			/* translators: 1: the field's label, 2: the operators it takes. */
			throw $fail( sprintf( esc_html__( '%1$s takes the operator %2$s.', 'userfeedback' ), esc_html( $def['label'] ), esc_html( implode( ', ', $operators ) ) ) );
		}
		$judged = array(
			'field'       => $field,
			'kind'        => $def['kind'],
			'operator'    => $operator,
			'question_id' => $def['question_id'] ?? null,
			'multiple'    => $def['multiple'] ?? false,
			'name'        => $def['name'] ?? null,
		);
		switch ( $def['kind'] ) {
			case 'date':
				[ $judged['value'], $judged['days'] ] = self::date_range( $value, $fail );
				break;
			case 'text':
			case 'text_answer':
				$max = 'text' === $def['kind'] ? self::TEXT_MAX : AnswerSearch::MAX_LENGTH;
				if ( ! is_string( $value ) || '' === trim( $value ) || mb_strlen( $value ) > $max ) {
					/* translators: 1: the field's label, 2: most characters. */
					throw $fail( sprintf( esc_html__( '%1$s must be a text of 1 to %2$d characters.', 'userfeedback' ), esc_html( $def['label'] ), (int) $max ) );
				}
				$judged['value'] = $value;
				break;
			case 'hidden':
				if ( ! is_string( $value ) || mb_strlen( $value ) > HiddenFields::VALUE_MAX ) {
					/* translators: 1: the field's label, 2: most characters. */
					throw $fail( sprintf( esc_html__( '%1$s must be a text of at most %2$d characters.', 'userfeedback' ), esc_html( $def['label'] ), (int) HiddenFields::VALUE_MAX ) );
				}
				$judged['value'] = $value;
				break;
			case 'devices':
			case 'nps':
			case 'choice':
				$allowed = array_column( $def['elements'], 'value' );
				$list    = 'isAny' === $operator ? $value : array( $value );
				if ( ! is_array( $list ) || ! $list || ! array_is_list( $list ) || array_diff( array_map( static fn( $v ) => is_string( $v ) ? $v : null, $list ), $allowed ) || in_array( null, array_map( static fn( $v ) => is_string( $v ) ? $v : null, $list ), true ) ) {
					throw $fail(
						'isAny' === $operator
							/* translators: 1: the field's label, 2: its values. */
							? sprintf( esc_html__( '%1$s must be a list of one or more of %2$s.', 'userfeedback' ), esc_html( $def['label'] ), esc_html( implode( ', ', $allowed ) ) )
							/* translators: 1: the field's label, 2: its values. */
							: sprintf( esc_html__( '%1$s must be one of %2$s.', 'userfeedback' ), esc_html( $def['label'] ), esc_html( implode( ', ', $allowed ) ) )
					);
				}
				$list = array_values( array_unique( $list ) );
				if ( 'nps' === $def['kind'] ) {
					$values = array();
					foreach ( $list as $group ) {
						$values = array_merge( $values, self::NPS_GROUPS[ $group ] );
					}
					$judged['groups'] = $list;
					$list             = $values;
				}
				$judged['value'] = $list;
				break;
			case 'stars':
				$stars = is_int( $value ) || ( is_string( $value ) && preg_match( '/^[1-5]$/', $value ) ) ? (int) $value : 0;
				if ( $stars < 1 || $stars > 5 ) {
					/* translators: %s: the field's label. */
					throw $fail( sprintf( esc_html__( '%s must be a number of stars from 1 to 5.', 'userfeedback' ), esc_html( $def['label'] ) ) );
				}
				$range = match ( $operator ) {
					'greaterThanOrEqual' => range( $stars, 5 ),
					'lessThanOrEqual'    => range( 1, $stars ),
					default              => array( $stars ),
				};
				$judged['value'] = array_map( 'strval', $range );
				break;
		}
		return $judged;
	}

	/**
	 * [from, to] site-local days (inclusive, '' open) to UTC bounds [from 00:00, the day after to 00:00).
	 *
	 * @param mixed    $value As sent.
	 * @param \Closure $fail  Makes the error of an escaped message.
	 * @return array{0:array{0:string|null,1:string|null},1:array{0:string|null,1:string|null}} The UTC bounds, and the days.
	 */
	private static function date_range( $value, \Closure $fail ): array {
		$bad = static fn() => $fail( esc_html__( 'Date must be [from, to], each a day written as YYYY-MM-DD or empty, from not after to.', 'userfeedback' ) );
		if ( ! is_array( $value ) || 2 !== count( $value ) || ! array_is_list( $value ) ) {
			throw $bad();
		}
		$days = array();
		foreach ( $value as $day ) {
			if ( '' === $day || null === $day ) {
				$days[] = null;
				continue;
			}
			if ( ! is_string( $day ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $day, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
				throw $bad();
			}
			$days[] = $day;
		}
		if ( null !== $days[0] && null !== $days[1] && $days[0] > $days[1] ) {
			throw $bad();
		}
		$zone = wp_timezone();
		$utc  = new \DateTimeZone( 'UTC' );
		return array(
			array(
				null === $days[0] ? null : ( new \DateTimeImmutable( $days[0] . ' 00:00:00', $zone ) )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				null === $days[1] ? null : ( new \DateTimeImmutable( $days[1] . ' 00:00:00', $zone ) )->modify( '+1 day' )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
			),
			$days,
		);
	}

	/**
	 * The 400 of a refused filter.
	 */
	private static function refuse( string $message ): ApiException {
		return new ApiException(
			'rest_invalid_param',
			$message,
			400,
			array(
				'params' => array( 'filter' => $message ),
				'fields' => array( 'filter.conditions' => $message ),
			)
		);
	}
}
