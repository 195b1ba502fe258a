<?php
/**
 * Stands for wp_die() in the export tests: its message and HTTP status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Exports;

final class WpDie extends \RuntimeException {

	public function __construct( string $message, public readonly int $status ) {
		parent::__construct( $message );
	}
}
