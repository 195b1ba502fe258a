<?php
/**
 * A webhook URL the guard refuses, with the sentence that says why.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

defined( 'ABSPATH' ) || exit;

final class UrlRefused extends \RuntimeException {}
