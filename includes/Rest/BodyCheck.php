<?php
/**
 * The one judge of a request body, for every write route of userfeedback/v1, public and admin alike
 * (Controller::route() runs it before the callback). Route args judge only the keys they know and let
 * the others through; this judges the body as a whole against the endpoint's object schema:
 *
 * - a size cap (413), before anything else is looked at;
 * - an object, or nothing;
 * - readonly keys (what a GET answers and a client sends back) are dropped unjudged;
 * - every other key must be a property, with one message for an unknown key on every route;
 * - required properties, then each value against its property, with a sentence per wrong field
 *   (FieldErrors: its label and the rule in words) in data.fields by dot path and in data.params
 *   by the key sent (the shapes the admin and the widget read);
 * - the values answered are sanitised by their property's schema.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

final class BodyCheck {

	/**
	 * The cap of a body unless the endpoint says otherwise: far more than any visitor or settings
	 * write needs, far less than what would let one request fill the memory or the disk.
	 */
	public const MAX_BYTES = 64 * 1024;

	public const TOO_LARGE = 'userfeedback_body_too_large';

	/**
	 * The body of a request judged against an endpoint's body schema.
	 *
	 * @param array<string,mixed> $schema    An object schema: properties, each with 'required' where it must be sent.
	 * @param int                 $max_bytes Most bytes the body may have.
	 * @param array<string,mixed> $labels    The fields' labels (FieldErrors), for the sentences of a refusal.
	 * @return array<string,mixed> The known, writable keys, valid and sanitised.
	 * @throws ApiException 413 for a body over the cap, 400 for anything else wrong.
	 */
	public static function request( WP_REST_Request $request, array $schema, int $max_bytes = self::MAX_BYTES, array $labels = array() ): array {
		if ( self::size( $request ) > $max_bytes ) {
			throw self::too_large( (int) $max_bytes );
		}
		return self::fields( self::sent( $request ), $schema, $labels );
	}

	/**
	 * The 413 of a body over the cap.
	 */
	private static function too_large( int $max_bytes ): ApiException {
		$message = sprintf(
			/* translators: %s: a size such as 64 KB. */
			esc_html__( 'The request is too large: at most %s may be sent.', 'userfeedback' ),
			esc_html( (string) size_format( $max_bytes ) )
		);
		return new ApiException( self::TOO_LARGE, $message, 413, array( 'max_bytes' => $max_bytes ) );
	}

	/**
	 * A body judged against an object schema (see the class comment).
	 *
	 * @param mixed               $body   The decoded body.
	 * @param array<string,mixed> $schema An object schema.
	 * @param array<string,mixed> $labels The fields' labels (FieldErrors).
	 * @return array<string,mixed> The known, writable keys, valid and sanitised.
	 * @throws ApiException 400: not an object, or data.fields with a sentence per wrong field (data.params per key sent).
	 */
	public static function fields( $body, array $schema, array $labels = array() ): array {
		if ( null === $body || array() === $body ) {
			$body = array();
		} elseif ( ! is_array( $body ) || array_is_list( $body ) ) {
			throw ApiException::invalid( esc_html__( 'The request body must be a JSON object.', 'userfeedback' ) );
		}
		$properties = (array) ( $schema['properties'] ?? array() );
		$words      = new FieldErrors( $labels );
		$errors     = array();
		$judged     = array();
		foreach ( $body as $key => $value ) {
			$key = (string) $key;
			if ( ! isset( $properties[ $key ] ) ) {
				$errors[ $key ] = self::unknown( $key );
			}
		}
		foreach ( $properties as $key => $property ) {
			if ( ! empty( $property['readonly'] ) ) {
				continue;
			}
			if ( ! array_key_exists( $key, $body ) ) {
				if ( true === ( $property['required'] ?? null ) ) {
					$errors[ $key ] = $words->required( $key );
				}
				continue;
			}
			$wrong = $words->of( $body[ $key ], $property, $key );
			if ( $wrong ) {
				$errors += $wrong;
				continue;
			}
			$judged[ $key ] = rest_sanitize_value_from_schema( $body[ $key ], $property, $key );
		}
		if ( $errors ) {
			throw ApiException::fields( array_map( 'esc_html', $errors ) );
		}
		return $judged;
	}

	/**
	 * The one message for a key a body may not have.
	 */
	public static function unknown( string $key ): string {
		/* translators: %s: a key of the request body. */
		return sprintf( __( '"%s" is not a field of this request.', 'userfeedback' ), $key );
	}

	/**
	 * What was sent: the JSON body, or form fields.
	 *
	 * @return mixed
	 */
	private static function sent( WP_REST_Request $request ) {
		$json = $request->get_json_params();
		if ( null !== $json ) {
			return $json;
		}
		$form = $request->get_body_params();
		if ( ! $form && '' !== trim( (string) $request->get_body() ) ) {
			// A body that is neither JSON (with its content type) nor form fields.
			throw ApiException::invalid( esc_html__( 'The request body must be a JSON object.', 'userfeedback' ) );
		}
		return $form;
	}

	/**
	 * Bytes of the body as sent; form fields set without a raw body (internal requests) are measured
	 * as JSON.
	 */
	private static function size( WP_REST_Request $request ): int {
		$raw = (string) $request->get_body();
		return '' !== $raw ? strlen( $raw ) : strlen( (string) wp_json_encode( $request->get_body_params() ) );
	}
}
