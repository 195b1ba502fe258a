<?php
/**
 * A domain error that the REST layer turns into a WP_Error with a code, a message and a status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

use UserFeedback\ExceptionText;

defined( 'ABSPATH' ) || exit;

class ApiException extends \RuntimeException {

	/**
	 * @param string              $error_code Machine-readable code, e.g. userfeedback_invalid_settings.
	 * @param string              $message    Translated, human-readable message.
	 * @param int                 $status     HTTP status.
	 * @param array<string,mixed> $data       Extra data (e.g. params => field => message).
	 */
	public function __construct(
		public readonly string $error_code,
		string $message,
		public readonly int $status = 400,
		public readonly array $data = array(),
	) {
		parent::__construct( $message );
	}

	public static function forbidden( string $message ): self {
		return new self( 'userfeedback_forbidden', $message, 403 );
	}

	public static function not_found( string $message ): self {
		return new self( 'userfeedback_not_found', $message, 404 );
	}

	/**
	 * A refused write: 400 with data.params (field as sent => message) and data.fields (the same
	 * fields as dot paths, e.g. settings.behavior.timing_delay, each with its sentence), the shape the
	 * admin shows next to each field.
	 *
	 * @param string               $message A sentence naming the field(s).
	 * @param array<string,string> $params  Field => message; keys as the request named them (answers[2]) or dot paths.
	 * @param array<string,string> $fields  Dot path => sentence, when finer than $params; derived from $params otherwise.
	 */
	public static function invalid( string $message, array $params = array(), array $fields = array() ): self {
		if ( ! $fields ) {
			foreach ( $params as $key => $text ) {
				$fields[ FieldErrors::dot_path( (string) $key ) ] = (string) $text;
			}
		}
		return new self(
			'userfeedback_invalid_params',
			$message,
			400,
			$params || $fields ? array(
				'params' => $params,
				'fields' => $fields,
			) : array()
		);
	}

	/**
	 * A refused write from its fields alone: the message is their sentences, data.params groups them by
	 * the top-level key sent.
	 *
	 * @param array<string,string> $fields Dot path => sentence.
	 */
	public static function fields( array $fields ): self {
		$params = array();
		foreach ( $fields as $path => $sentence ) {
			$top            = explode( '.', (string) $path )[0];
			$params[ $top ] = isset( $params[ $top ] ) ? $params[ $top ] . ' ' . $sentence : $sentence;
		}
		return self::invalid( implode( ' ', array_unique( array_values( $fields ) ) ), $params, $fields );
	}

	/**
	 * The WP_Error the REST layer answers with. The message and the per-field sentences were escaped
	 * for HTML where they were thrown; JSON carries them as plain text (see ExceptionText).
	 */
	public function to_wp_error(): \WP_Error {
		$data = $this->data;
		foreach ( array( 'params', 'fields' ) as $key ) {
			if ( isset( $data[ $key ] ) && is_array( $data[ $key ] ) ) {
				$data[ $key ] = array_map(
					static fn( $text ) => is_string( $text ) ? ExceptionText::plain( $text ) : $text,
					$data[ $key ]
				);
			}
		}
		return new \WP_Error( $this->error_code, ExceptionText::plain( $this->getMessage() ), array_merge( $data, array( 'status' => $this->status ) ) );
	}
}
