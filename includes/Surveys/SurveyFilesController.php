<?php
/**
 * The routes of survey files (SurveyFiles): GET surveys/export?ids=1,2 answers the file as a download,
 * POST surveys/import takes one (an uploaded file in the multipart field "file", or the file as the
 * JSON body) and answers { created: [ { id, title } ], stripped?: [ { id, title, features } ] }.
 *
 * Every refusal of an import carries data.errors: [ { path, message } ], a path in the file per
 * problem, including the refusals the route's common body check makes (unknown top-level keys) and
 * WordPress's refusal of a body that is not JSON.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

final class SurveyFilesController extends Controller {

	private const EDIT   = Capabilities::CREATE_EDIT_SURVEYS;
	private const IMPORT = '/' . self::NAMESPACE . '/surveys/import';

	/** The document each import request sent, decoded once (before the body check, used by the callback). */
	private \WeakMap $documents;

	public function __construct( private readonly SurveyFiles $files ) {
		$this->documents = new \WeakMap();
	}

	/**
	 * The controller with its services, as the plugin composes it.
	 *
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public static function compose( SurveyRepository $surveys, \UserFeedback\Settings\SettingsRepository $settings, \Closure $entitlements ): self {
		$reader = new SurveyReader( $surveys, $settings, $entitlements );
		return new self( new SurveyFiles( $reader, new SurveyService( $surveys, $settings, $entitlements, $reader ) ) );
	}

	public function register(): void {
		parent::register();
		add_filter( 'rest_request_after_callbacks', array( self::class, 'errors_of_import' ), 20, 3 );
	}

	public function register_routes(): void {
		$this->route(
			'/surveys/export',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->export( $request ),
					'permission' => self::EDIT,
					'args'       => array(
						'ids' => array(
							'description' => 'Ids of the surveys to export, comma-separated.',
							'type'        => 'string',
							'pattern'     => '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$',
							'maxLength'   => 1100,
							'required'    => true,
						),
					),
				),
			),
			array( self::class, 'file_schema' )
		);
		$this->route(
			'/surveys/import',
			array(
				array(
					'methods'    => 'POST',
					'callback'   => fn( WP_REST_Request $request ) => $this->import( $request ),
					'permission' => self::EDIT,
					// A JSON body is the file itself; an upload sends no body fields.
					'body'       => array(
						'type'       => 'object',
						'properties' => array(
							'format'      => array( 'type' => 'string' ),
							'version'     => array( 'type' => 'string' ),
							'exported_at' => array( 'type' => 'string' ),
							'source'      => array( 'type' => 'string' ),
							'surveys'     => array( 'type' => 'array' ),
						),
					),
					'max_bytes'  => SurveyFiles::MAX_BYTES,
					'before'     => fn( WP_REST_Request $request ) => $this->read( $request ),
				),
			),
			array( self::class, 'import_schema' )
		);
	}

	private function export( WP_REST_Request $request ): WP_REST_Response {
		$ids = array_map( 'intval', explode( ',', (string) $request['ids'] ) );
		if ( count( $ids ) > SurveyFiles::MAX_SURVEYS ) {
			/* translators: %d: the most surveys one file may hold. */
			$message = sprintf( __( 'At most %d surveys may be exported at once.', 'userfeedback' ), SurveyFiles::MAX_SURVEYS );
			throw ApiException::invalid( esc_html( $message ), array( 'ids' => esc_html( $message ) ) );
		}
		$response = new WP_REST_Response( $this->files->export( $ids ) );
		$response->header( 'Content-Disposition', 'attachment; filename="' . SurveyFiles::filename() . '"' );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * The sent file, decoded, before the body is judged: the size cap and the format's version come
	 * first (a newer file may have keys this version does not know).
	 *
	 * @throws ApiException 413, or 400 for what is not JSON or from a newer major version.
	 */
	private function read( WP_REST_Request $request ): void {
		$upload = $request->get_file_params()['file'] ?? null;
		if ( is_array( $upload ) ) {
			$error = (int) ( $upload['error'] ?? UPLOAD_ERR_NO_FILE );
			if ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) || (int) ( $upload['size'] ?? 0 ) > SurveyFiles::MAX_BYTES ) {
				throw SurveyFiles::too_large();
			}
			$path = (string) ( $upload['tmp_name'] ?? '' );
			if ( UPLOAD_ERR_OK !== $error || '' === $path || ! is_readable( $path ) ) {
				throw new ApiException(
					SurveyFiles::INVALID, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a class constant.
					esc_html__( 'The file could not be uploaded. Please try again.', 'userfeedback' ),
					400,
					array( 'errors' => array() )
				);
			}
			$bytes = (string) file_get_contents( $path, false, null, 0, SurveyFiles::MAX_BYTES + 1 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local upload.
		} else {
			$bytes = (string) $request->get_body();
			// Over PHP's post_max_size the body arrives empty: its announced length still tells.
			if ( '' === $bytes && (int) $request->get_header( 'content_length' ) > SurveyFiles::MAX_BYTES ) {
				throw SurveyFiles::too_large();
			}
			if ( '' === trim( $bytes ) ) {
				throw new ApiException(
					SurveyFiles::INVALID, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a class constant.
					esc_html__( 'Choose a survey file to import.', 'userfeedback' ),
					400,
					array( 'errors' => array() )
				);
			}
		}
		if ( strlen( $bytes ) > SurveyFiles::MAX_BYTES ) {
			throw SurveyFiles::too_large();
		}
		$document = SurveyFiles::decode_json( $bytes );
		SurveyFiles::refuse_newer( $document );
		$this->documents[ $request ] = $document;
	}

	private function import( WP_REST_Request $request ): WP_REST_Response {
		$document = SurveyFiles::document( $this->documents[ $request ] ?? null );
		return new WP_REST_Response( $this->files->import( $document ), 201 );
	}

	/**
	 * Every refusal of an import with data.errors: the common body check's (data.fields) and
	 * WordPress's refusal of a JSON body it could not parse are given the import's shape.
	 *
	 * @param mixed               $response The answer, or the refusal.
	 * @param array<string,mixed> $handler  The matched handler.
	 * @param WP_REST_Request     $request  The request.
	 * @return mixed
	 */
	public static function errors_of_import( $response, $handler, $request ) {
		if ( ! $response instanceof WP_Error || ! $request instanceof WP_REST_Request || self::IMPORT !== $request->get_route() ) {
			return $response;
		}
		$data = (array) $response->get_error_data();
		if ( 'rest_invalid_json' === $response->get_error_code() ) {
			return new WP_Error(
				SurveyFiles::INVALID,
				__( 'This file is not valid JSON, so it cannot be a UserFeedback survey file.', 'userfeedback' ),
				array(
					'status' => 400,
					'errors' => array(),
				)
			);
		}
		if ( isset( $data['errors'] ) || ! isset( $data['fields'] ) ) {
			return $response;
		}
		$data['errors'] = array();
		foreach ( (array) $data['fields'] as $path => $message ) {
			$data['errors'][] = SurveyFiles::error( SurveyFiles::file_path( (string) $path ), (string) $message );
		}
		return new WP_Error( $response->get_error_code(), $response->get_error_message(), $data );
	}

	/**
	 * What GET surveys/export answers: the survey file.
	 *
	 * @return array<string,mixed>
	 */
	public static function file_schema(): array {
		return Shape::resource(
			'userfeedback-survey-file',
			array(
				'format'      => array(
					'type' => 'string',
					'enum' => array( SurveyFiles::FORMAT ),
				),
				'version'     => array(
					'type'        => 'string',
					'description' => 'major.minor; a file of a newer major version is refused.',
				),
				'exported_at' => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'source'      => array(
					'type'        => 'string',
					'description' => 'URL of the site the surveys were exported from.',
				),
				'surveys'     => array(
					'type'  => 'array',
					'items' => array(
						'type'       => 'object',
						'properties' => array_intersect_key( SurveySchema::schema()['properties'], array_flip( array( 'title', 'type', 'template', 'questions', 'settings', 'notifications' ) ) ),
					),
				),
			),
			'Surveys as a versioned file: no ids of the site, no responses, no notification addresses.'
		);
	}

	/**
	 * What POST surveys/import answers.
	 *
	 * @return array<string,mixed>
	 */
	public static function import_schema(): array {
		$item = array(
			'id'    => array( 'type' => 'integer' ),
			'title' => array( 'type' => 'string' ),
		);
		return Shape::resource(
			'userfeedback-survey-import',
			array(
				'created'  => Shape::list( Shape::object( $item ), 'The new drafts, in the file\'s order.' ),
				'stripped' => Shape::list(
					Shape::object(
						$item + array(
							'features' => Shape::list(
								Shape::object(
									array(
										'feature' => array( 'type' => 'string' ),
										'label'   => array( 'type' => 'string' ),
									)
								)
							),
						)
					),
					'Surveys saved without features this site may not use, and which.'
				),
			)
		);
	}
}
