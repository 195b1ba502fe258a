<?php
/**
 * Why an export cannot run: a message for the admin and the HTTP status of the error page.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

final class ExportError extends \RuntimeException {

	public function __construct( string $message, public readonly int $status = 400 ) {
		parent::__construct( $message );
	}
}
