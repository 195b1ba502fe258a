<?php
/**
 * Small builders of JSON schema, so that the schema of a route's answer reads like the TypeScript
 * type it mirrors. Only keywords WordPress's REST validator knows are used.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

defined( 'ABSPATH' ) || exit;

final class Shape {

	/**
	 * The top of a route's schema: what OPTIONS and ?context=help publish.
	 *
	 * @param array<string,array<string,mixed>> $properties Properties.
	 * @return array<string,mixed>
	 */
	public static function resource( string $title, array $properties, string $description = '' ): array {
		return array(
			'$schema'     => 'http://json-schema.org/draft-04/schema#',
			'title'       => $title,
			'description' => $description,
		) + self::object( $properties );
	}

	/**
	 * @param array<string,array<string,mixed>> $properties Properties.
	 * @return array<string,mixed>
	 */
	public static function object( array $properties, string $description = '' ): array {
		return self::described(
			array(
				'type'       => 'object',
				'properties' => $properties,
			),
			$description
		);
	}

	/**
	 * @param array<string,mixed> $items Schema of an item.
	 * @return array<string,mixed>
	 */
	public static function list( array $items, string $description = '' ): array {
		return self::described(
			array(
				'type'  => 'array',
				'items' => $items,
			),
			$description
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function string( string $description = '' ): array {
		return self::described( array( 'type' => 'string' ), $description );
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function integer( string $description = '' ): array {
		return self::described( array( 'type' => 'integer' ), $description );
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function number( string $description = '' ): array {
		return self::described( array( 'type' => 'number' ), $description );
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function boolean( string $description = '' ): array {
		return self::described( array( 'type' => 'boolean' ), $description );
	}

	/**
	 * @param array<int,string|int> $values Allowed values.
	 * @return array<string,mixed>
	 */
	public static function enum( array $values, string $description = '' ): array {
		return self::described(
			array(
				'type' => is_int( reset( $values ) ) ? 'integer' : 'string',
				'enum' => array_values( $values ),
			),
			$description
		);
	}

	/**
	 * The same schema, or null.
	 *
	 * @param array<string,mixed> $schema A schema with a type.
	 * @return array<string,mixed>
	 */
	public static function nullable( array $schema ): array {
		$schema['type'] = array_values( array_unique( array_merge( (array) $schema['type'], array( 'null' ) ) ) );
		if ( isset( $schema['enum'] ) ) {
			$schema['enum'][] = null;
		}
		return $schema;
	}

	/**
	 * page, pages, per_page, total of a list.
	 *
	 * @return array<string,mixed>
	 */
	public static function pagination(): array {
		return self::object(
			array(
				'page'     => self::integer( '1-based page.' ),
				'pages'    => self::integer( 'Number of pages, at least 1.' ),
				'per_page' => self::integer( 'Items per page.' ),
				'total'    => self::integer( 'Items in all pages.' ),
			),
			'Where the page is in the list.'
		);
	}

	/**
	 * An object schema of a write's body: no key but these (BodyCheck refuses the others).
	 *
	 * @param array<string,array<string,mixed>> $properties Properties; 'required' => true where a key must be sent.
	 * @return array<string,mixed>
	 */
	public static function body( string $title, array $properties = array() ): array {
		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => $title,
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => $properties,
		);
	}

	/**
	 * @param array<string,mixed> $schema Schema.
	 * @return array<string,mixed>
	 */
	private static function described( array $schema, string $description ): array {
		if ( '' !== $description ) {
			$schema['description'] = $description;
		}
		return $schema;
	}
}
