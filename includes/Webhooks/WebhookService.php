<?php
/**
 * The rules of the webhook routes: the webhooks feature gate, what a webhook may be (a URL the guard
 * accepts, a survey that exists or 0 for every survey, json or slack), its secret (made here, shown
 * when it is created and on request, never in a list), a test sent now, the log and a retry now.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\ExceptionText;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Responses\FeatureGate;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class WebhookService {

	public const FORMATS = array( 'json', 'slack' );

	/** Deliveries the log route answers. */
	public const LOG_SIZE = 50;

	/** Webhooks a site may have. */
	public const MAX_WEBHOOKS = 50;

	/**
	 * @param \Closure():Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly WebhookRepository $webhooks,
		private readonly SurveyRepository $surveys,
		private readonly Delivery $delivery,
		private readonly \Closure $entitlements,
		private readonly UrlGuard $guard = new UrlGuard(),
	) {}

	/**
	 * @throws ApiException 403 with the upgrade message while the feature is locked.
	 */
	public function require_feature(): void {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		$refusal      = FeatureGate::refusal( $entitlements, 'webhooks' );
		if ( null !== $refusal ) {
			throw $refusal;
		}
	}

	/**
	 * @return array<int,array<string,mixed>>
	 */
	public function list(): array {
		$all    = $this->webhooks->all();
		$latest = $this->webhooks->latest( array_column( $all, 'id' ) );
		return array_map( fn( array $webhook ) => $this->shape( $webhook, $latest[ $webhook['id'] ] ?? null ), $all );
	}

	/**
	 * @param array<string,mixed> $body url, survey_id?, format?, active?.
	 * @return array<string,mixed> The webhook with its secret.
	 */
	public function create( array $body ): array {
		if ( count( $this->webhooks->all() ) >= self::MAX_WEBHOOKS ) {
			/* translators: %d: a number of webhooks. */
			throw ApiException::invalid( sprintf( esc_html__( 'A site may have at most %d webhooks.', 'userfeedback' ), (int) self::MAX_WEBHOOKS ) );
		}
		$fields = $this->judge(
			$body + array(
				'url'       => '',
				'survey_id' => 0,
				'format'    => 'json',
				'active'    => true,
			)
		);
		$secret = Signer::secret();
		$id     = $this->webhooks->insert( $fields + array( 'secret' => $secret ), self::now() );
		return $this->one( $id ) + array( 'secret' => $secret );
	}

	/**
	 * @param array<string,mixed> $body Some of url, survey_id, format, active.
	 * @return array<string,mixed>
	 */
	public function update( int $id, array $body ): array {
		$this->find( $id );
		$this->webhooks->update( $id, $this->judge( $body ), self::now() );
		return $this->one( $id );
	}

	/**
	 * @return array{deleted:bool,id:int}
	 */
	public function delete( int $id ): array {
		$this->find( $id );
		$this->webhooks->delete( $id );
		return array(
			'deleted' => true,
			'id'      => $id,
		);
	}

	/**
	 * @return array{id:int,secret:string}
	 */
	public function secret( int $id ): array {
		return array(
			'id'     => $id,
			'secret' => (string) $this->find( $id )['secret'],
		);
	}

	/**
	 * Sends a test delivery now and answers how it went.
	 *
	 * @return array<string,mixed> { delivered, code, error, duration_ms, delivery }
	 */
	public function test( int $id ): array {
		$this->find( $id );
		$delivery_id = $this->webhooks->add_delivery( $id, 0, 'test', self::now() );
		return $this->attempt( $delivery_id );
	}

	/**
	 * @return array<int,array<string,mixed>> The latest deliveries, newest first.
	 */
	public function deliveries( int $id ): array {
		$this->find( $id );
		return array_map( array( self::class, 'delivery_shape' ), $this->webhooks->log( $id, self::LOG_SIZE ) );
	}

	/**
	 * Makes another attempt of a failed or given-up delivery now.
	 *
	 * @return array<string,mixed> As test().
	 */
	public function retry( int $id, int $delivery_id ): array {
		$this->find( $id );
		$delivery = $this->webhooks->delivery( $delivery_id );
		if ( null === $delivery || $delivery['webhook_id'] !== $id ) {
			throw ApiException::not_found( esc_html__( 'This delivery does not exist.', 'userfeedback' ) );
		}
		if ( ! in_array( $delivery['status'], array( 'failed', 'gave_up' ), true ) ) {
			throw ApiException::invalid( esc_html__( 'Only a failed delivery can be sent again.', 'userfeedback' ) );
		}
		return $this->attempt( $delivery_id );
	}

	/**
	 * @return array<string,mixed>
	 */
	private function attempt( int $delivery_id ): array {
		$outcome  = $this->delivery->attempt( (array) $this->webhooks->delivery( $delivery_id ) );
		$delivery = self::delivery_shape( (array) $this->webhooks->delivery( $delivery_id ) );
		return array(
			'delivered'   => 'delivered' === $outcome['status'],
			'code'        => $outcome['code'],
			'error'       => $outcome['error'],
			'duration_ms' => $outcome['duration_ms'],
			'delivery'    => $delivery,
		);
	}

	/**
	 * The fields of a write, judged: the URL by the guard, the survey by its existence.
	 *
	 * @param array<string,mixed> $body Sent keys (types already checked by the schema).
	 * @return array<string,mixed>
	 * @throws ApiException 400 naming the field.
	 */
	private function judge( array $body ): array {
		$fields = array();
		if ( array_key_exists( 'url', $body ) ) {
			try {
				$fields['url'] = $this->guard->check( (string) $body['url'] )['url'];
			} catch ( UrlRefused $e ) {
				throw ApiException::fields( array( 'url' => esc_html( ExceptionText::plain( $e ) ) ) );
			}
		}
		if ( array_key_exists( 'survey_id', $body ) ) {
			$survey_id = (int) $body['survey_id'];
			if ( $survey_id < 0 || ( $survey_id > 0 && null === $this->surveys->find( $survey_id ) ) ) {
				/* translators: %d: a survey id. */
				throw ApiException::fields( array( 'survey_id' => sprintf( esc_html__( 'Survey %d does not exist: choose a survey, or all surveys.', 'userfeedback' ), (int) $survey_id ) ) );
			}
			$fields['survey_id'] = $survey_id;
		}
		if ( array_key_exists( 'format', $body ) ) {
			if ( ! in_array( $body['format'], self::FORMATS, true ) ) {
				throw ApiException::fields( array( 'format' => esc_html__( 'Format must be json or slack.', 'userfeedback' ) ) );
			}
			$fields['format'] = (string) $body['format'];
		}
		if ( array_key_exists( 'active', $body ) ) {
			$fields['active'] = (bool) $body['active'];
		}
		return $fields;
	}

	/**
	 * @return array<string,mixed> The stored webhook, with its secret.
	 * @throws ApiException 404.
	 */
	private function find( int $id ): array {
		$webhook = $this->webhooks->find( $id );
		if ( null === $webhook ) {
			throw ApiException::not_found( esc_html__( 'This webhook does not exist.', 'userfeedback' ) );
		}
		return $webhook;
	}

	/**
	 * @return array<string,mixed>
	 */
	private function one( int $id ): array {
		$webhook = $this->find( $id );
		return $this->shape( $webhook, $this->webhooks->latest( array( $id ) )[ $id ] ?? null );
	}

	/**
	 * A webhook as the routes answer it (never its secret).
	 *
	 * @param array<string,mixed>      $webhook A webhooks row.
	 * @param array<string,mixed>|null $latest  Its latest delivery.
	 * @return array<string,mixed>
	 */
	private function shape( array $webhook, ?array $latest ): array {
		$title = null;
		if ( $webhook['survey_id'] > 0 ) {
			$survey = $this->surveys->find( (int) $webhook['survey_id'] );
			$title  = null === $survey ? __( '(deleted survey)', 'userfeedback' ) : (string) ( $survey['title'] ?? '' );
		}
		return array(
			'id'            => (int) $webhook['id'],
			'url'           => (string) $webhook['url'],
			'survey_id'     => (int) $webhook['survey_id'],
			'survey_title'  => $title,
			'format'        => (string) $webhook['format'],
			'active'        => (bool) $webhook['active'],
			'created_at'    => ResponseFormatter::moment( (string) $webhook['created_at'] ),
			'updated_at'    => ResponseFormatter::moment( (string) $webhook['updated_at'] ),
			'last_delivery' => null === $latest ? null : self::delivery_shape( $latest ),
		);
	}

	/**
	 * @param array<string,mixed> $row A deliveries row.
	 * @return array<string,mixed>
	 */
	public static function delivery_shape( array $row ): array {
		return array(
			'id'           => (int) $row['id'],
			'event'        => (string) $row['event'],
			'response_id'  => (int) $row['response_id'],
			'status'       => (string) $row['status'],
			'attempts'     => (int) $row['attempts'],
			'code'         => (int) $row['last_code'],
			'error'        => (string) $row['last_error'],
			'duration_ms'  => (int) $row['duration_ms'],
			'created_at'   => ResponseFormatter::moment( (string) $row['created_at'] ),
			'attempted_at' => ResponseFormatter::nullable_moment( $row['attempted_at'] ),
			'next_at'      => 'failed' === $row['status'] ? ResponseFormatter::nullable_moment( $row['next_at'] ) : null,
			'delivered_at' => ResponseFormatter::nullable_moment( $row['delivered_at'] ),
		);
	}

	private static function now(): string {
		return gmdate( 'Y-m-d H:i:s' );
	}
}
