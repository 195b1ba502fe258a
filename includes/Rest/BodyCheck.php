<?php
/**
 * A request body judged key by key against an object schema, with a message per field. Route args
 * judge only the keys they know and let the others through; this refuses unknown keys too.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

defined( 'ABSPATH' ) || exit;

final class BodyCheck {

	/**
	 * @param mixed                   $body     The decoded body.
	 * @param array<string,mixed>     $schema   An object schema: properties, each with 'required' where it must be sent.
	 * @param callable(string):string $unknown  The message for a key that is not a property.
	 * @return array<string,mixed> The body, when every key is known and valid.
	 * @throws ApiException 400: not an object, or data.params with a message per wrong field.
	 */
	public static function fields( $body, array $schema, callable $unknown ): array {
		if ( ! is_array( $body ) || ( $body && array_is_list( $body ) ) ) {
			throw ApiException::invalid( __( 'The request body must be a JSON object.', 'userfeedback' ) );
		}
		$properties = (array) ( $schema['properties'] ?? array() );
		$errors     = array();
		foreach ( array_diff( array_map( 'strval', array_keys( $body ) ), array_keys( $properties ) ) as $key ) {
			$errors[ $key ] = $unknown( $key );
		}
		foreach ( $properties as $key => $property ) {
			if ( ! array_key_exists( $key, $body ) ) {
				if ( ! empty( $property['required'] ) ) {
					/* translators: %s: a field of the request. */
					$errors[ $key ] = sprintf( __( '%s is required.', 'userfeedback' ), $key );
				}
				continue;
			}
			$valid = rest_validate_value_from_schema( $body[ $key ], $property, $key );
			if ( is_wp_error( $valid ) ) {
				$errors[ $key ] = $valid->get_error_message();
			}
		}
		if ( $errors ) {
			throw ApiException::invalid( implode( ' ', $errors ), $errors );
		}
		return $body;
	}
}
