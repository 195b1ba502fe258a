<?php
/**
 * The body of a delivery. JSON format:
 *
 *   { id (delivery id), event, created_at, survey: { id, title },
 *     response: { id, submitted_at, page_url, device, status },
 *     answers: [ { question_id, question, type, value, extra } ], fields: { name: value } }
 *
 * Answers and hidden fields are read as the admin and the email read them (ResponseFormatter,
 * HiddenFields). Slack format: an incoming-webhook message, { text, blocks } with the answers as
 * readable lines.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Responses\ResponseFormatter;

defined( 'ABSPATH' ) || exit;

final class Payload {

	/** Characters of one answer in a Slack message, at most (a section's text is limited to 3000). */
	private const SLACK_VALUE_MAX = 300;

	/**
	 * The JSON payload of a completed response.
	 *
	 * @param array<string,mixed>                                                           $delivery A deliveries row.
	 * @param array<string,mixed>                                                           $survey   The survey (SurveyRepository::find()).
	 * @param array{row:array<string,mixed>,answers:array<int,array<string,mixed>>} $response WebhookRepository::response().
	 * @return array<string,mixed>
	 */
	public static function response( array $delivery, array $survey, array $response ): array {
		$row       = $response['row'];
		$titles    = array();
		$questions = ResponseFormatter::survey( $survey )['questions'];
		foreach ( $questions as $question ) {
			$titles[ $question['id'] ] = $question;
		}
		$answers = array();
		foreach ( ResponseFormatter::answers( $response['answers'], AdminResponseService::types( $survey ) ) as $answer ) {
			$question  = $titles[ $answer['question_id'] ] ?? null;
			$answers[] = array(
				'question_id' => (int) $answer['question_id'],
				'question'    => (string) ( $question['title'] ?? '' ),
				'type'        => (string) ( $question['type'] ?? '' ),
				'value'       => $answer['value'],
				'extra'       => $answer['extra'],
			);
		}
		return array(
			'id'         => (int) $delivery['id'],
			'event'      => (string) $delivery['event'],
			'created_at' => ResponseFormatter::moment( (string) $delivery['created_at'] ),
			'survey'     => array(
				'id'    => (int) $survey['id'],
				'title' => (string) ( $survey['title'] ?? '' ),
			),
			'response'   => array(
				'id'           => (int) $row['id'],
				'submitted_at' => ResponseFormatter::moment( (string) $row['submitted_at'] ),
				'page_url'     => ResponseFormatter::http_url( (string) $row['page_url'] ),
				'device'       => (string) $row['device'],
				'status'       => 'publish' === $row['status'] ? 'completed' : (string) $row['status'],
			),
			'answers'    => $answers,
			'fields'     => HiddenFields::as_object( HiddenFields::for_response( (int) $row['id'] ) ),
		);
	}

	/**
	 * The payload of a test delivery: the same shape, with sample values, so that a receiver can be
	 * built against it.
	 *
	 * @param array<string,mixed>      $delivery A deliveries row.
	 * @param array<string,mixed>|null $survey   The webhook's survey, null for every survey.
	 * @return array<string,mixed>
	 */
	public static function test( array $delivery, ?array $survey ): array {
		$moment = ResponseFormatter::moment( (string) $delivery['created_at'] );
		return array(
			'id'         => (int) $delivery['id'],
			'event'      => 'test',
			'created_at' => $moment,
			'survey'     => array(
				'id'    => null === $survey ? 0 : (int) $survey['id'],
				'title' => null === $survey ? __( 'Test survey', 'userfeedback' ) : (string) ( $survey['title'] ?? '' ),
			),
			'response'   => array(
				'id'           => 0,
				'submitted_at' => $moment,
				'page_url'     => home_url( '/' ),
				'device'       => 'desktop',
				'status'       => 'completed',
			),
			'answers'    => array(
				array(
					'question_id' => 1,
					'question'    => __( 'How likely are you to recommend us to a friend?', 'userfeedback' ),
					'type'        => 'nps',
					'value'       => '9',
					'extra'       => null,
				),
			),
			'fields'     => new \stdClass(),
		);
	}

	/**
	 * A Slack incoming-webhook message made from a JSON payload.
	 *
	 * @param array<string,mixed> $payload self::response() or self::test().
	 * @return array<string,mixed>
	 */
	public static function slack( array $payload ): array {
		$title = (string) $payload['survey']['title'];
		$text  = 'test' === $payload['event']
			/* translators: %s: survey title. */
			? sprintf( __( 'Test message from UserFeedback: new response to %s', 'userfeedback' ), $title )
			/* translators: %s: survey title. */
			: sprintf( __( 'New response to %s', 'userfeedback' ), $title );
		$lines = array();
		foreach ( $payload['answers'] as $answer ) {
			$lines[] = '*' . self::escape( (string) $answer['question'] ) . "*\n" . self::escape( self::words( $answer['value'], $answer['extra'] ) );
		}
		$blocks = array(
			array(
				'type' => 'header',
				'text' => array(
					'type' => 'plain_text',
					'text' => mb_substr( $text, 0, 150 ),
				),
			),
		);
		// Slack takes at most 50 blocks; a section's text is at most 3000 characters.
		foreach ( array_slice( $lines, 0, 45 ) as $line ) {
			$blocks[] = array(
				'type' => 'section',
				'text' => array(
					'type' => 'mrkdwn',
					'text' => mb_substr( $line, 0, 2900 ),
				),
			);
		}
		$context = array();
		if ( '' !== (string) $payload['response']['page_url'] ) {
			/* translators: %s: page address. */
			$context[] = sprintf( __( 'Page: %s', 'userfeedback' ), self::escape( (string) $payload['response']['page_url'] ) );
		}
		if ( '' !== (string) $payload['response']['device'] ) {
			/* translators: %s: desktop, tablet or mobile. */
			$context[] = sprintf( __( 'Device: %s', 'userfeedback' ), self::escape( (string) $payload['response']['device'] ) );
		}
		foreach ( (array) $payload['fields'] as $name => $value ) {
			$context[] = self::escape( $name . ': ' . (string) $value );
		}
		if ( $context ) {
			$blocks[] = array(
				'type'     => 'context',
				'elements' => array(
					array(
						'type' => 'mrkdwn',
						'text' => mb_substr( implode( ' · ', $context ), 0, 2900 ),
					),
				),
			);
		}
		return array(
			'text'   => $text,
			'blocks' => $blocks,
		);
	}

	/**
	 * An answer in words: a list joined with commas, an empty one as a dash, a comment after it.
	 *
	 * @param mixed $value The answer's value.
	 * @param mixed $extra Its extra (comments, name).
	 */
	private static function words( $value, $extra ): string {
		$text = is_array( $value ) ? implode( ', ', array_map( 'strval', $value ) ) : (string) $value;
		$text = '' === trim( $text ) ? '—' : $text;
		foreach ( is_array( $extra ) ? $extra : array() as $key => $more ) {
			if ( is_scalar( $more ) && '' !== (string) $more ) {
				$text .= "\n_" . $key . ':_ ' . $more;
			}
		}
		return mb_strlen( $text ) > self::SLACK_VALUE_MAX ? mb_substr( $text, 0, self::SLACK_VALUE_MAX ) . '…' : $text;
	}

	/**
	 * Slack's three control characters of mrkdwn.
	 */
	private static function escape( string $text ): string {
		return str_replace( array( '&', '<', '>' ), array( '&amp;', '&lt;', '&gt;' ), $text );
	}
}
