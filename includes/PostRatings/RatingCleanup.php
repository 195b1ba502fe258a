<?php
/**
 * A post deleted for good takes its votes with it, so the results never count ratings of a post that
 * no longer exists and the table does not keep rows nobody can reach. Trashing keeps them: a restored
 * post comes back with its ratings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

defined( 'ABSPATH' ) || exit;

final class RatingCleanup {

	public function __construct( private readonly RatingRepository $ratings ) {}

	public function register(): void {
		add_action( 'deleted_post', array( $this, 'deleted_post' ) );
	}

	/**
	 * @param int|string $post_id The deleted post's id.
	 */
	public function deleted_post( $post_id ): void {
		try {
			$this->ratings->delete_post( (int) $post_id );
		} catch ( \RuntimeException $e ) {
			// The post is gone either way; its votes stay until it is deleted again or the data is removed.
			\UserFeedback\Log::error( \UserFeedback\ExceptionText::plain( $e ) );
		}
	}
}
