<?php
/**
 * A domain error that the REST layer turns into a WP_Error with a code, a message and a status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

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
	 * @param array<string,string> $params Field => message.
	 */
	public static function invalid( string $message, array $params = array() ): self {
		return new self( 'userfeedback_invalid_params', $message, 400, $params ? array( 'params' => $params ) : array() );
	}

	public function to_wp_error(): \WP_Error {
		return new \WP_Error( $this->error_code, $this->getMessage(), array_merge( $this->data, array( 'status' => $this->status ) ) );
	}
}
