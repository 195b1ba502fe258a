<?php
/**
 * The parameters of an export, checked: survey_id, report (general | question), question_id,
 * format (csv | xlsx), from and to (site-local days, inclusive; all time by default), status
 * (publish: completed responses, the default | partial: responses not completed), and the responses
 * list's filter: filter[status] (all | publish | partial | trash, as the list; it wins over status)
 * and filter[conditions] (the same JSON text, judged by Responses\ResponseFilter), so that an export
 * holds exactly the rows the list shows.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\ExceptionText;
use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\ResponseFilter;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ExportRequest {

	public const REPORTS = array( 'general', 'question' );

	public const FORMATS = array( 'csv', 'xlsx' );

	/** Which responses an export holds: the completed ones by default, or the partial ones. */
	public const STATUSES = array( 'publish', 'partial' );

	public const EARLIEST = '2005-01-01';

	/**
	 * @param array<string,mixed>      $survey   The survey (SurveyRepository::find()).
	 * @param array<string,mixed>|null $question The question of a question report.
	 * @param string                   $from_utc Inclusive lower bound, Y-m-d H:i:s UTC.
	 * @param string                   $to_utc   Exclusive upper bound, Y-m-d H:i:s UTC.
	 */
	private function __construct(
		public readonly array $survey,
		public readonly string $report,
		public readonly ?array $question,
		public readonly string $format,
		public readonly string $from_utc,
		public readonly string $to_utc,
		public readonly string $status = 'publish',
		public readonly ?ResponseFilter $filter = null,
	) {}

	/**
	 * @param array<string,mixed> $params The query ($_GET, unslashed).
	 * @throws ExportError 400 or 404 with a message for the admin.
	 */
	public static function from_params( array $params, SurveyRepository $surveys ): self {
		$format = is_string( $params['format'] ?? null ) ? strtolower( $params['format'] ) : '';
		if ( ! in_array( $format, self::FORMATS, true ) ) {
			throw new ExportError( esc_html__( 'Choose the format of the export: CSV or XLSX.', 'userfeedback' ), 400 );
		}
		$survey_id = self::positive_int( $params['survey_id'] ?? null );
		$survey    = $survey_id ? $surveys->find( $survey_id ) : null;
		if ( null === $survey ) {
			throw new ExportError( esc_html__( 'The survey to export does not exist.', 'userfeedback' ), 404 );
		}
		$report = $params['report'] ?? 'general';
		if ( ! is_string( $report ) || ! in_array( $report, self::REPORTS, true ) ) {
			throw new ExportError( esc_html__( 'The report must be "general" or "question".', 'userfeedback' ), 400 );
		}
		$question = null;
		if ( 'question' === $report ) {
			$question_id = self::positive_int( $params['question_id'] ?? null );
			foreach ( (array) $survey['questions'] as $candidate ) {
				if ( is_array( $candidate ) && $question_id && (int) ( $candidate['id'] ?? 0 ) === $question_id ) {
					$question = $candidate;
				}
			}
			if ( null === $question ) {
				throw new ExportError( esc_html__( 'The question to export is not a question of this survey.', 'userfeedback' ), 400 );
			}
		}
		$status = $params['status'] ?? 'publish';
		if ( '' === $status ) {
			$status = 'publish';
		}
		if ( ! is_string( $status ) || ! in_array( $status, self::STATUSES, true ) ) {
			throw new ExportError( esc_html__( 'The status must be "publish" (completed responses) or "partial" (responses not completed).', 'userfeedback' ), 400 );
		}
		$list = $params['filter'] ?? array();
		if ( '' === $list ) {
			$list = array();
		}
		if ( ! is_array( $list ) ) {
			throw new ExportError( esc_html__( 'filter must hold filter[status] and filter[conditions], as the responses list sends them.', 'userfeedback' ), 400 );
		}
		if ( isset( $list['status'] ) && '' !== $list['status'] ) {
			if ( ! is_string( $list['status'] ) || ! in_array( $list['status'], AdminResponseService::FILTERS, true ) ) {
				/* translators: %s: the statuses, comma-separated. */
				throw new ExportError( sprintf( esc_html__( 'filter[status] must be one of %s.', 'userfeedback' ), esc_html( implode( ', ', AdminResponseService::FILTERS ) ) ), 400 );
			}
			$status = 'all' === $list['status'] ? 'publish' : $list['status'];
		}
		try {
			$filter = ResponseFilter::from_request( $survey, $list['conditions'] ?? null );
		} catch ( ApiException $e ) {
			throw new ExportError( esc_html( ExceptionText::plain( $e ) ), 400 );
		}
		[ $from_utc, $to_utc ] = self::range( $params['from'] ?? null, $params['to'] ?? null );
		return new self( $survey, $report, $question, $format, $from_utc, $to_utc, $status, $filter );
	}

	/**
	 * A file name that is safe everywhere: survey-12-responses-2026-11-21.csv,
	 * survey-12-question-3-2026-11-21.xlsx (the date is today's, site time); partial- before what
	 * an export of partial responses holds (trash- before one of trashed responses).
	 */
	public function filename(): string {
		$what = 'question' === $this->report ? 'question-' . (int) $this->question['id'] : 'responses';
		$what = 'publish' === $this->status ? $what : $this->status . '-' . $what;
		return sprintf( 'survey-%d-%s-%s.%s', (int) $this->survey['id'], $what, wp_date( 'Y-m-d' ), $this->format );
	}

	/**
	 * Site-local days to UTC bounds: [from 00:00, the day after to 00:00).
	 *
	 * @param mixed $from Y-m-d or empty.
	 * @param mixed $to   Y-m-d or empty.
	 * @return array{string,string}
	 * @throws ExportError 400 for a bad day or range.
	 */
	public static function range( $from, $to ): array {
		$zone  = wp_timezone();
		$today = wp_date( 'Y-m-d' );
		$from  = self::day( $from, 'from' ) ?? self::EARLIEST;
		$to    = self::day( $to, 'to' ) ?? $today;
		if ( $from < self::EARLIEST || $to > $today ) {
			/* translators: 1: the earliest day (2005-01-01). */
			throw new ExportError( sprintf( esc_html__( 'Dates must lie between %1$s and today.', 'userfeedback' ), esc_html( self::EARLIEST ) ), 400 );
		}
		if ( $from > $to ) {
			throw new ExportError( esc_html__( 'The start of the range must not be after its end.', 'userfeedback' ), 400 );
		}
		$utc   = new \DateTimeZone( 'UTC' );
		$start = ( new \DateTimeImmutable( $from . ' 00:00:00', $zone ) )->setTimezone( $utc );
		$end   = ( new \DateTimeImmutable( $to . ' 00:00:00', $zone ) )->modify( '+1 day' )->setTimezone( $utc );
		return array( $start->format( 'Y-m-d H:i:s' ), $end->format( 'Y-m-d H:i:s' ) );
	}

	/**
	 * @param mixed $value A Y-m-d day, or empty.
	 * @throws ExportError 400 for anything else.
	 */
	private static function day( $value, string $name ): ?string {
		if ( null === $value || '' === $value ) {
			return null;
		}
		if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			/* translators: %s: the parameter (from or to). */
			throw new ExportError( sprintf( esc_html__( '"%s" must be a day written as YYYY-MM-DD.', 'userfeedback' ), esc_html( $name ) ), 400 );
		}
		return $value;
	}

	/**
	 * @param mixed $value A positive integer as text.
	 */
	public static function positive_int( $value ): int {
		if ( is_int( $value ) ) {
			return max( 0, $value );
		}
		return is_string( $value ) && preg_match( '/^[1-9]\d{0,18}$/', $value ) ? (int) $value : 0;
	}
}
