<?php
/**
 * Survey files: surveys exported as one versioned JSON document, and such a document imported as new
 * drafts (issue 18, item 8).
 *
 * The file: { format: 'userfeedback-survey', version: '1.0', exported_at (UTC, RFC 3339), source (the
 * site's URL), surveys: [ { title, type, template, questions, settings, notifications } ] }. Nothing in
 * it names the site's rows (no survey id, status, dates, cookie or shortcode), and it holds no
 * responses. Question ids stay: they are the survey's own, and the logic refers to questions by them;
 * an import gives the questions fresh ids and rewrites every reference (SurveyFileReferences).
 * Notification email addresses are left out: they are the site owner's (personal data, and who reads
 * the answers is decided on each site by those who may read them; see SurveyService::check_recipients()).
 * A file that carries them is refused with the path; an imported survey notifies the new site's
 * default recipients (its admin email), as a new survey does. Links to the site's content (a thank-you
 * page {id, label}, page rules on chosen posts or terms) travel as the survey stores them: on another
 * site the ids may name other content, and the builder shows their labels to check them by.
 *
 * An import judges every survey of the file before it writes anything, with the survey route's own
 * schema (Rest\BodyCheck over SurveySchema), and answers every problem with its path in the file
 * (surveys[0].questions[2].type). The surveys are then saved through SurveyService::create(), as the
 * builder saves them (titles sanitised, features the site may not use stripped, the rules beyond the
 * schema), all in one transaction: a refusal of any survey leaves nothing written.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\BodyCheck;

defined( 'ABSPATH' ) || exit;

final class SurveyFiles {

	public const FORMAT  = 'userfeedback-survey';
	public const VERSION = '1.0';

	/** Most bytes of a file: a hundred surveys of the largest shape fit many times over. */
	public const MAX_BYTES = 1024 * 1024;

	/** Most surveys one file (and one export) may hold. */
	public const MAX_SURVEYS = 100;

	public const INVALID = 'userfeedback_survey_file_invalid';

	/** The keys of a file, of one survey in it and of one question: anything else is refused. */
	private const FILE_KEYS     = array( 'format', 'version', 'exported_at', 'source', 'surveys' );
	private const SURVEY_KEYS   = array( 'title', 'type', 'template', 'questions', 'settings', 'notifications' );
	private const QUESTION_KEYS = array( 'id', 'title', 'type', 'config', 'settings', 'logic' );

	public function __construct(
		private readonly SurveyReader $reader,
		private readonly SurveyService $service,
	) {}

	/**
	 * The file of some surveys, in the order asked.
	 *
	 * @param int[] $ids Survey ids.
	 * @return array<string,mixed>
	 * @throws ApiException 404 naming the ids that are no survey; nothing is exported then.
	 */
	public function export( array $ids ): array {
		$ids     = array_values( array_unique( array_map( 'intval', $ids ) ) );
		$surveys = array();
		$missing = array();
		foreach ( $ids as $id ) {
			try {
				$surveys[] = self::entry( $this->reader->load( $id ) );
			} catch ( ApiException $e ) {
				$missing[] = $id;
			}
		}
		if ( $missing ) {
			throw new ApiException(
				'userfeedback_not_found',
				esc_html(
					sprintf(
						/* translators: %s: survey ids, comma-separated. */
						_n( 'There is no survey with the id %s.', 'There are no surveys with the ids %s.', count( $missing ), 'userfeedback' ),
						implode( ', ', $missing )
					)
				),
				404,
				array( 'ids' => array_map( 'intval', $missing ) )
			);
		}
		return array(
			'format'      => self::FORMAT,
			'version'     => self::VERSION,
			'exported_at' => gmdate( 'Y-m-d\TH:i:s\Z' ),
			'source'      => home_url( '/' ),
			'surveys'     => $surveys,
		);
	}

	/**
	 * The download's name, dated in the site's time zone.
	 */
	public static function filename(): string {
		return 'userfeedback-surveys-' . wp_date( 'Y-m-d' ) . '.json';
	}

	/**
	 * One survey as the file holds it.
	 *
	 * @param array<string,mixed> $survey Stored survey, complete (SurveyReader::load()).
	 * @return array<string,mixed>
	 */
	private static function entry( array $survey ): array {
		$notifications = $survey['notifications'];
		unset( $notifications['email']['addresses'] );
		return array(
			'title'         => (string) $survey['title'],
			'type'          => (string) $survey['type'],
			'template'      => (string) $survey['template'],
			// Archived questions are kept for the site's results only: an answer-less copy has no use for them.
			'questions'     => SurveyShape::for_json( QuestionArchive::live( $survey['questions'] ) ),
			'settings'      => $survey['settings'],
			'notifications' => $notifications,
		);
	}

	/**
	 * The document of a file's bytes, judged as a file (format, version, its own keys); its surveys
	 * are judged by import().
	 *
	 * @return array<string,mixed>
	 * @throws ApiException 413 over the size cap; 400 for what is not JSON, not a survey file, from a
	 *                      newer major version, or with keys a file does not have.
	 */
	public static function decode( string $bytes ): array {
		return self::document( self::decode_json( $bytes ) );
	}

	/**
	 * The JSON of a file's bytes.
	 *
	 * @return mixed
	 * @throws ApiException 413 over the size cap, 400 for what is not JSON.
	 */
	public static function decode_json( string $bytes ) {
		if ( strlen( $bytes ) > self::MAX_BYTES ) {
			throw self::too_large();
		}
		try {
			return json_decode( $bytes, true, 64, JSON_THROW_ON_ERROR );
		} catch ( \JsonException $e ) {
			throw new ApiException(
				self::INVALID, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a class constant.
				/* translators: %s: what the JSON parser said, e.g. Syntax error. */
				sprintf( esc_html__( 'This file is not valid JSON (%s), so it cannot be a UserFeedback survey file.', 'userfeedback' ), esc_html( $e->getMessage() ) ),
				400,
				array( 'errors' => array() )
			);
		}
	}

	/**
	 * Refuses a file of a newer major version of the format, before anything else of it is judged:
	 * such a file may have keys and values this version does not know.
	 *
	 * @param mixed $document Decoded JSON.
	 * @throws ApiException 400 userfeedback_survey_file_newer.
	 */
	public static function refuse_newer( $document ): void {
		$version = is_array( $document ) ? ( $document['version'] ?? null ) : null;
		if ( ! is_string( $version ) || ! preg_match( '/^(\d{1,4})\.(\d{1,4})$/', $version, $parts ) || (int) $parts[1] <= (int) self::VERSION ) {
			return;
		}
		throw new ApiException(
			'userfeedback_survey_file_newer',
			sprintf(
				/* translators: %s: the file's format version, e.g. 2.0. */
				esc_html__( 'This file was made by a newer version of UserFeedback (%s). Update the plugin to import it.', 'userfeedback' ),
				esc_html( $version )
			),
			400,
			array( 'errors' => array( self::error( 'version', __( 'A newer major version of the survey file format.', 'userfeedback' ) ) ) ) // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- data.errors: paths and sentences for the client's JSON (to_wp_error() passes them on as they are), not the message.
		);
	}

	public static function too_large(): ApiException {
		return new ApiException(
			BodyCheck::TOO_LARGE,
			sprintf(
				/* translators: %s: a size such as 1 MB. */
				esc_html__( 'This file is too large: a survey file may have at most %s.', 'userfeedback' ),
				esc_html( (string) size_format( self::MAX_BYTES ) )
			),
			413,
			array( 'max_bytes' => self::MAX_BYTES )
		);
	}

	/**
	 * A decoded document judged as a file.
	 *
	 * @param mixed $document Decoded JSON.
	 * @return array<string,mixed>
	 * @throws ApiException 400, see decode().
	 */
	public static function document( $document ): array {
		if ( ! is_array( $document ) || array_is_list( $document ) || self::FORMAT !== ( $document['format'] ?? null ) ) {
			throw new ApiException(
				self::INVALID, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a class constant.
				esc_html__( 'This is not a UserFeedback survey file: it has no "format": "userfeedback-survey".', 'userfeedback' ),
				400,
				array( 'errors' => array() )
			);
		}
		self::refuse_newer( $document );
		$version = $document['version'] ?? null;
		if ( ! is_string( $version ) || ! preg_match( '/^(\d{1,4})\.(\d{1,4})$/', $version, $parts ) || (int) $parts[1] < 1 ) {
			self::refuse( array( self::error( 'version', __( 'The file\'s version must be a version of the survey file format, such as 1.0.', 'userfeedback' ) ) ) );
		}
		$errors = array();
		foreach ( array_keys( $document ) as $key ) {
			if ( ! in_array( (string) $key, self::FILE_KEYS, true ) ) {
				$errors[] = self::error( (string) $key, self::unknown( (string) $key ) );
			}
		}
		foreach ( array( 'exported_at', 'source' ) as $key ) {
			if ( isset( $document[ $key ] ) && ! is_string( $document[ $key ] ) ) {
				$errors[] = self::error( $key, __( 'This must be text.', 'userfeedback' ) );
			}
		}
		$surveys = $document['surveys'] ?? null;
		if ( ! is_array( $surveys ) || ! array_is_list( $surveys ) || ! $surveys ) {
			$errors[] = self::error( 'surveys', __( 'The file must hold a list of at least one survey.', 'userfeedback' ) );
		} elseif ( count( $surveys ) > self::MAX_SURVEYS ) {
			/* translators: %d: the most surveys a file may hold. */
			$errors[] = self::error( 'surveys', sprintf( __( 'A file may hold at most %d surveys.', 'userfeedback' ), self::MAX_SURVEYS ) );
		}
		if ( $errors ) {
			self::refuse( $errors );
		}
		return $document;
	}

	/**
	 * Imports the surveys of a judged document as new drafts.
	 *
	 * @param array<string,mixed> $document What decode() answered.
	 * @return array{created:array<int,array{id:int,title:string}>,stripped?:array<int,array<string,mixed>>}
	 * @throws ApiException 400 with data.errors (path and message per problem), or the refusal of a save
	 *                      (its path prefixed); nothing is written then.
	 */
	public function import( array $document ): array {
		$inputs = array();
		$errors = array();
		foreach ( $document['surveys'] as $index => $survey ) {
			[ $input, $found ] = self::judge( $survey, "surveys[$index]" );
			$inputs[]          = $input;
			$errors            = array_merge( $errors, $found );
		}
		if ( $errors ) {
			self::refuse( $errors );
		}
		return Transaction::run(
			function () use ( $inputs ): array {
				$created  = array();
				$stripped = array();
				foreach ( $inputs as $index => $input ) {
					try {
						$saved = $this->service->create( SurveyFileReferences::renumbered( $input ) + array( 'status' => 'draft' ) );
					} catch ( ApiException $e ) {
						throw self::prefixed( $e, "surveys[$index]" ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- prefixed() escapes the message it makes; its arguments are the refusal and a path.
					}
					$survey    = $saved['survey'];
					$created[] = array(
						'id'    => (int) $survey['id'],
						'title' => (string) $survey['title'],
					);
					if ( $saved['notes']['stripped'] ) {
						$stripped[] = array(
							'id'       => (int) $survey['id'],
							'title'    => (string) $survey['title'],
							'features' => array_map(
								static fn( string $feature ): array => array(
									'feature' => $feature,
									'label'   => Entitlements::label( FeaturePolicy::entitlement( $feature ) ),
								),
								$saved['notes']['stripped']
							),
						);
					}
				}
				return $stripped ? array(
					'created'  => $created,
					'stripped' => $stripped,
				) : array( 'created' => $created );
			}
		);
	}

	/**
	 * One survey of a file: its keys, then the survey route's schema, then its question ids and references.
	 *
	 * @param mixed  $survey A survey of the file.
	 * @param string $path   Its path in the file.
	 * @return array{0:array<string,mixed>,1:array<int,array{path:string,message:string}>} The judged input, and the problems.
	 */
	private static function judge( $survey, string $path ): array {
		if ( ! is_array( $survey ) || ( $survey && array_is_list( $survey ) ) ) {
			return array( array(), array( self::error( $path, __( 'A survey must be an object.', 'userfeedback' ) ) ) );
		}
		$errors = array();
		foreach ( array_keys( $survey ) as $key ) {
			if ( ! in_array( (string) $key, self::SURVEY_KEYS, true ) ) {
				$errors[] = self::error( "$path.$key", self::unknown( (string) $key ) );
				unset( $survey[ $key ] );
			}
		}
		if ( ! isset( $survey['title'] ) ) {
			$errors[] = self::error( "$path.title", __( 'A survey needs a title.', 'userfeedback' ) );
		}
		if ( isset( $survey['questions'] ) && is_array( $survey['questions'] ) ) {
			foreach ( $survey['questions'] as $q => $question ) {
				foreach ( is_array( $question ) ? array_keys( $question ) : array() as $key ) {
					if ( ! in_array( (string) $key, self::QUESTION_KEYS, true ) ) {
						$errors[] = self::error( "$path.questions[$q].$key", self::unknown( (string) $key ) );
						unset( $survey['questions'][ $q ][ $key ] );
					}
				}
			}
		}
		if ( isset( $survey['notifications']['email'] ) && is_array( $survey['notifications']['email'] ) && array_key_exists( 'addresses', $survey['notifications']['email'] ) ) {
			$errors[] = self::error( "$path.notifications.email.addresses", __( 'Email addresses are not taken from a file: add who receives the answers in the builder after the import.', 'userfeedback' ) );
			unset( $survey['notifications']['email']['addresses'] );
		}
		try {
			$input = BodyCheck::fields( $survey, SurveySchema::schema(), SurveyFieldLabels::labels() );
		} catch ( ApiException $e ) {
			return array( array(), array_merge( $errors, self::errors_of( $e, $path ) ) );
		}
		return array( $input, array_merge( $errors, SurveyFileReferences::errors( $input, $path ) ) );
	}

	/**
	 * A refusal of a save, with its problems at their paths in the file.
	 */
	private static function prefixed( ApiException $e, string $path ): ApiException {
		$errors = self::errors_of( $e, $path );
		return new ApiException(
			$e->error_code,
			/* translators: 1: position of the survey in the file, 2: why it was refused. */
			sprintf( esc_html__( 'Survey %1$d of the file could not be imported: %2$s Nothing was imported.', 'userfeedback' ), (int) preg_replace( '/\D/', '', $path ) + 1, esc_html( ExceptionText::plain( $e ) ) ),
			$e->status,
			array( 'errors' => $errors )
		);
	}

	/**
	 * The problems of a refusal (its data.fields), as paths in the file.
	 *
	 * @return array<int,array{path:string,message:string}>
	 */
	private static function errors_of( ApiException $e, string $path ): array {
		$fields = (array) ( $e->data['fields'] ?? array() );
		if ( ! $fields ) {
			return array( self::error( $path, ExceptionText::plain( $e ) ) );
		}
		$errors = array();
		foreach ( $fields as $field => $message ) {
			// Sentences are escaped where they are thrown; data.errors carries them as plain text.
			$errors[] = self::error( $path . '.' . self::file_path( (string) $field ), ExceptionText::plain( (string) $message ) );
		}
		return $errors;
	}

	/**
	 * A dot path (questions.2.type) as a path in the file (questions[2].type).
	 */
	public static function file_path( string $dot_path ): string {
		return ltrim( (string) preg_replace( '/\.(\d+)(?=\.|$)/', '[$1]', '.' . $dot_path ), '.' );
	}

	/**
	 * @param array<int,array{path:string,message:string}> $errors The problems.
	 * @return never
	 * @throws ApiException Always: 400 with data.errors.
	 */
	private static function refuse( array $errors ): void {
		$count = count( $errors );
		throw new ApiException(
			self::INVALID, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a class constant.
			esc_html(
				sprintf(
					/* translators: 1: number of problems, 2: the first problem (path: message). */
					_n( 'The file has %1$d problem, so nothing was imported: %2$s', 'The file has %1$d problems, so nothing was imported. The first: %2$s', $count, 'userfeedback' ),
					$count,
					$errors[0]['path'] . ': ' . $errors[0]['message']
				)
			),
			400,
			array( 'errors' => $errors ) // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- data.errors: paths and sentences for the client's JSON (to_wp_error() passes them on as they are), not the message.
		);
	}

	/**
	 * @return array{path:string,message:string}
	 */
	public static function error( string $path, string $message ): array {
		return array(
			'path'    => $path,
			'message' => $message,
		);
	}

	private static function unknown( string $key ): string {
		/* translators: %s: a key found in the file. */
		return sprintf( __( '"%s" is not a field of a UserFeedback survey file.', 'userfeedback' ), $key );
	}
}
