<?php
/**
 * Bulk actions of the surveys list, applied survey by survey: every id must exist, be in a state the
 * action applies to and be allowed for the current user; a publish must pass validation.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class SurveyBulk {

	public const ACTIONS = array( 'publish', 'draft', 'trash', 'restore', 'delete' );

	public function __construct(
		private readonly SurveyRepository $repository,
		private readonly SurveyReader $reader,
	) {}

	/**
	 * @param int[] $ids Survey ids.
	 * @return array{done:int[],failed:array<int,array{id:int,message:string}>}
	 * @throws ApiException 400 for an unknown action.
	 */
	public function apply( string $action, array $ids ): array {
		if ( ! in_array( $action, self::ACTIONS, true ) ) {
			throw ApiException::invalid( esc_html__( 'Unknown bulk action.', 'userfeedback' ) );
		}
		$result = array(
			'done'   => array(),
			'failed' => array(),
		);
		foreach ( array_values( array_unique( array_map( 'intval', $ids ) ) ) as $id ) {
			$message = $this->one( $action, $id );
			if ( null === $message ) {
				$result['done'][] = $id;
			} else {
				$result['failed'][] = array(
					'id'      => $id,
					'message' => $message,
				);
			}
		}
		return $result;
	}

	/**
	 * @return string|null Why the action was not applied, or null when it was.
	 */
	private function one( string $action, int $id ): ?string {
		$survey = $this->repository->find( $id );
		if ( ! $survey ) {
			return __( 'Survey not found.', 'userfeedback' );
		}
		$in_trash = 'trash' === $survey['status'];
		if ( in_array( $action, array( 'trash', 'delete' ), true ) && ! current_user_can( Capabilities::DELETE_SURVEYS, $id ) ) {
			return __( 'Sorry, you are not allowed to delete surveys.', 'userfeedback' );
		}
		if ( in_array( $action, array( 'publish', 'draft' ), true ) && $in_trash ) {
			return __( 'The survey is in the trash; restore it first.', 'userfeedback' );
		}
		if ( in_array( $action, array( 'restore', 'delete' ), true ) && ! $in_trash ) {
			return __( 'Only surveys in the trash can be restored or deleted permanently.', 'userfeedback' );
		}
		switch ( $action ) {
			case 'publish':
				if ( SurveyRules::publish_errors( $this->reader->complete( $survey ) ) ) {
					return SurveyRules::publish_blocked_message();
				}
				$this->repository->set_status( $id, 'publish' );
				break;
			case 'draft':
			case 'restore':
				$this->repository->set_status( $id, 'draft' );
				break;
			case 'trash':
				$this->repository->set_status( $id, 'trash' );
				break;
			case 'delete':
				try {
					$this->repository->delete_with_children( $id );
				} catch ( \RuntimeException $e ) {
					\UserFeedback\Log::error( \UserFeedback\ExceptionText::plain( $e ) );
					return __( 'The survey could not be deleted; nothing was changed. Please try again.', 'userfeedback' );
				}
				break;
		}
		return null;
	}
}
