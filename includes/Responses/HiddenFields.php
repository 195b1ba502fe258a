<?php
/**
 * Hidden fields (issue 18 item 5): a survey's named values taken from the visitor's page (a URL query
 * parameter, a cookie, or the JavaScript API's attributes) and stored with the response. The one place
 * of their rules (name pattern, key pattern, sources, how many, how long a value) and of their rows in
 * the response_fields table: the survey schema, the visitor route's schema, the widget's limits, the
 * builder's checks (boot config hidden_fields), the admin's answers and the exports all read them here.
 *
 * A value is stored once per response: the first write that carries a listed name stores it, later
 * writes never change it (the primary key is response_id, name). Names the survey does not list are
 * ignored, so that a page cached before a field was removed never loses the visitor's answer.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- response_fields: written once inside the visitor's write transaction, which must see the database; read by the admin's response view and the exports, which stream up to a million rows in chunks and must not fill the object cache with them.

final class HiddenFields {

	/** Most hidden fields a survey has. */
	public const MAX = 10;

	/** Most characters a stored value has (the column is varchar(200)). */
	public const VALUE_MAX = 200;

	/** Most characters of a name (the column is varchar(40)). */
	public const NAME_MAX = 40;

	/** A field's name: lower-case letters, digits and underscores, starting with a letter. */
	public const NAME_PATTERN = '^[a-z][a-z0-9_]{0,' . ( self::NAME_MAX - 1 ) . '}$';

	/** Most characters of the query parameter, cookie or attribute name a field reads. */
	public const KEY_MAX = 64;

	/** The query parameter, cookie or attribute a field reads. */
	public const KEY_PATTERN = '^[A-Za-z0-9_.\[\]-]{1,' . self::KEY_MAX . '}$';

	/** Where a value comes from: a URL query parameter, a cookie, the JavaScript API's attributes. */
	public const SOURCES = array( 'query', 'cookie', 'attribute' );

	/** Short name of the table (Schema::TABLES). */
	public const TABLE = 'response_fields';

	/** Response ids per statement of the batch reader. */
	public const CHUNK = 500;

	/**
	 * The schema of settings.hidden_fields (SurveySettingsSchema). Unique names are a rule of
	 * duplicate_errors(), which JSON schema cannot say of one key of the items.
	 *
	 * @return array<string,mixed>
	 */
	public static function settings_schema(): array {
		return array(
			'type'        => 'array',
			'maxItems'    => self::MAX,
			'description' => sprintf( 'Values taken from the visitor\'s page and stored with each response (at most %d, names unique).', self::MAX ),
			'items'       => array(
				'type'                 => 'object',
				'additionalProperties' => false,
				'required'             => array( 'name', 'source', 'key' ),
				'description'          => 'A hidden field.',
				'properties'           => array(
					'name'   => array(
						'type'        => 'string',
						'pattern'     => self::NAME_PATTERN,
						'description' => 'The field\'s name (lower-case letters, digits and _, starting with a letter; at most 40).',
					),
					'source' => array(
						'type'        => 'string',
						'enum'        => self::SOURCES,
						'description' => 'query: a URL query parameter; cookie: a cookie; attribute: userfeedback(\'attributes\', {...}).',
					),
					'key'    => array(
						'type'        => 'string',
						'pattern'     => self::KEY_PATTERN,
						'description' => 'The query parameter, cookie or attribute name.',
					),
				),
			),
		);
	}

	/**
	 * The schema of `fields` in a visitor's response write (ResponseSchema::submission()).
	 *
	 * @return array<string,mixed>
	 */
	public static function wire_schema(): array {
		return array(
			'description'          => sprintf( 'Hidden field values by name (at most %1$d, each at most %2$d characters). Names the survey does not list are ignored.', self::MAX, self::VALUE_MAX ),
			'type'                 => 'object',
			'maxProperties'        => self::MAX,
			'additionalProperties' => false,
			'patternProperties'    => array(
				self::NAME_PATTERN => array(
					'type'      => 'string',
					'maxLength' => self::VALUE_MAX,
				),
			),
		);
	}

	/**
	 * The rules as the builder reads them (boot config hidden_fields).
	 *
	 * @return array{max:int,value_max:int,name_max:int,name_pattern:string,key_max:int,key_pattern:string,sources:string[]}
	 */
	public static function client_rules(): array {
		return array(
			'max'          => self::MAX,
			'value_max'    => self::VALUE_MAX,
			'name_max'     => self::NAME_MAX,
			'name_pattern' => self::NAME_PATTERN,
			'key_max'      => self::KEY_MAX,
			'key_pattern'  => self::KEY_PATTERN,
			'sources'      => self::SOURCES,
		);
	}

	/**
	 * A stored or sent list in its complete shape: items that are not objects with a valid name, source
	 * and key are dropped (a row written by something else), as are repeated names after the first.
	 *
	 * @param mixed $fields The list.
	 * @return array<int,array{name:string,source:string,key:string}>
	 */
	public static function shape( $fields ): array {
		$shaped = array();
		$seen   = array();
		foreach ( is_array( $fields ) ? $fields : array() as $item ) {
			if ( ! is_array( $item ) ) {
				continue;
			}
			$name   = is_string( $item['name'] ?? null ) ? $item['name'] : '';
			$source = is_string( $item['source'] ?? null ) ? $item['source'] : '';
			$key    = is_string( $item['key'] ?? null ) ? $item['key'] : '';
			if ( ! self::valid_name( $name ) || isset( $seen[ $name ] ) || ! in_array( $source, self::SOURCES, true ) || ! preg_match( '/' . self::KEY_PATTERN . '/', $key ) ) {
				continue;
			}
			$seen[ $name ] = true;
			$shaped[]      = array(
				'name'   => $name,
				'source' => $source,
				'key'    => $key,
			);
			if ( count( $shaped ) >= self::MAX ) {
				break;
			}
		}
		return $shaped;
	}

	public static function valid_name( string $name ): bool {
		return 1 === preg_match( '/' . self::NAME_PATTERN . '/', $name );
	}

	/**
	 * Field errors of repeated names in a sent list, keyed as SurveyService keys its rule errors
	 * (settings[hidden_fields][2][name]: the second and later uses of a name).
	 *
	 * @param mixed $fields settings.hidden_fields as sent (schema-valid).
	 * @return array<string,string> Field => message.
	 */
	public static function duplicate_errors( $fields ): array {
		$errors = array();
		$seen   = array();
		foreach ( array_values( is_array( $fields ) ? $fields : array() ) as $i => $item ) {
			$name = is_array( $item ) && is_string( $item['name'] ?? null ) ? $item['name'] : '';
			if ( '' === $name ) {
				continue;
			}
			if ( isset( $seen[ $name ] ) ) {
				$errors[ "settings[hidden_fields][$i][name]" ] = sprintf(
					/* translators: %s: a hidden field's name. */
					__( 'Another hidden field is already named "%s": each name must be unique in the survey.', 'userfeedback' ),
					$name
				);
			}
			$seen[ $name ] = true;
		}
		return $errors;
	}

	/**
	 * The names a survey lists, in its order.
	 *
	 * @param array<string,mixed> $survey A survey (settings.hidden_fields).
	 * @return string[]
	 */
	public static function names( array $survey ): array {
		return array_column( self::shape( $survey['settings']['hidden_fields'] ?? array() ), 'name' );
	}

	/**
	 * Of the values sent, those the survey lists (names and values as strings, values at most
	 * VALUE_MAX characters: the route's schema refused longer ones already).
	 *
	 * @param string[] $listed The survey's names.
	 * @param mixed    $sent   `fields` of the write body.
	 * @return array<string,string>
	 */
	public static function listed_values( array $listed, $sent ): array {
		$kept = array();
		if ( ! is_array( $sent ) ) {
			return $kept;
		}
		foreach ( $listed as $name ) {
			if ( isset( $sent[ $name ] ) && is_scalar( $sent[ $name ] ) ) {
				$kept[ $name ] = mb_substr( (string) $sent[ $name ], 0, self::VALUE_MAX, 'UTF-8' );
			}
		}
		return $kept;
	}

	/**
	 * Stores the values of a response, once: a name the response has a value of already keeps it.
	 * One statement; call it inside the response write's transaction.
	 *
	 * @param array<string,string> $values Name => value (listed_values()).
	 * @throws \RuntimeException When the statement fails.
	 */
	public static function store( int $response_id, int $survey_id, array $values ): void {
		global $wpdb;
		if ( ! $values || $response_id <= 0 ) {
			return;
		}
		$table = Schema::table( self::TABLE );
		$pdo   = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		if ( null !== $pdo ) {
			$params = array();
			foreach ( $values as $name => $value ) {
				array_push( $params, $response_id, $survey_id, (string) $name, $value );
			}
			try {
				$pdo->prepare(
					'INSERT INTO "' . $table . '" ("response_id", "survey_id", "name", "value") VALUES '
					. implode( ', ', array_fill( 0, count( $values ), '(?, ?, ?, ?)' ) )
					. ' ON CONFLICT ("response_id", "name") DO NOTHING'
				)->execute( $params );
			} catch ( \PDOException $e ) {
				throw new \RuntimeException( esc_html( 'Could not save the hidden fields: ' . ExceptionText::plain( $e ) ) );
			}
			return;
		}
		$args = array( $table );
		foreach ( $values as $name => $value ) {
			array_push( $args, $response_id, $survey_id, (string) $name, $value );
		}
		$pattern = 'INSERT INTO %i (response_id, survey_id, name, value) VALUES ' . implode( ', ', array_fill( 0, count( $values ), '(%d, %d, %s, %s)' ) )
			. ' ON DUPLICATE KEY UPDATE value = value';
		$sql     = $wpdb->prepare( $pattern, ...$args ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- $pattern is the constant statement above with one row of placeholders per value.
		if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			throw new \RuntimeException( esc_html( 'Could not save the hidden fields: ' . $wpdb->last_error ) );
		}
	}

	/**
	 * The stored values of one response.
	 *
	 * @return array<string,string> Name => value, by name.
	 */
	public static function for_response( int $response_id ): array {
		return self::for_responses( array( $response_id ) )[ $response_id ] ?? array();
	}

	/**
	 * The stored values of many responses: one statement per CHUNK ids on the primary key, never a
	 * query per response ($wpdb's copy of each result is freed: exports read a million through here).
	 *
	 * @param int[] $response_ids Response ids (repeats and non-positive ids are ignored).
	 * @return array<int,array<string,string>> Response id => name => value; responses without values are left out.
	 * @throws \RuntimeException When the database refuses the query.
	 */
	public static function for_responses( array $response_ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $response_ids ), static fn( int $id ): bool => $id > 0 ) ) );
		$by  = array();
		foreach ( array_chunk( $ids, self::CHUNK ) as $chunk ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT response_id, name, value FROM %i WHERE response_id IN (' . implode( ', ', array_fill( 0, count( $chunk ), '%d' ) ) . ') ORDER BY response_id, name',
					...array_merge( array( Schema::table( self::TABLE ) ), $chunk )
				),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the hidden fields: ' . $wpdb->last_error ) );
			}
			$wpdb->flush();
			foreach ( (array) $rows as $row ) {
				$by[ (int) $row['response_id'] ][ (string) $row['name'] ] = (string) $row['value'];
			}
		}
		return $by;
	}

	/**
	 * Values as the admin's REST answers carry them: a JSON object ({} when there are none).
	 *
	 * @param array<string,string> $values Name => value.
	 */
	public static function as_object( array $values ): \stdClass {
		return (object) $values;
	}
}
