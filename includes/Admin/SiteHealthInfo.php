<?php
/**
 * UserFeedback's section of Tools > Site Health > Info (debug_information): versions, the schema, the
 * database engine, counts, and the settings that explain how the plugin behaves. What support needs,
 * without secrets: no API or licence key, no email address, no URL of the AI provider or the feed
 * (only their hosts, marked private so that "Copy site info" leaves them out).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\StoreClient;
use UserFeedback\Privacy\DataFacts;
use UserFeedback\Privacy\PolicyText;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class SiteHealthInfo {

	public const SECTION = 'userfeedback';

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly Migrator $migrator,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
		private readonly DataFacts $facts = new DataFacts(),
	) {}

	public function register(): void {
		add_filter( 'debug_information', array( $this, 'add' ) );
	}

	/**
	 * @param mixed $info Core's sections.
	 * @return array<string,mixed>
	 */
	public function add( $info ): array {
		$info                  = is_array( $info ) ? $info : array();
		$info[ self::SECTION ] = array(
			'label'       => __( 'UserFeedback', 'userfeedback' ),
			'description' => __( 'The UserFeedback plugin: versions, data and the settings that matter for support. Keys and email addresses are never shown.', 'userfeedback' ),
			'fields'      => $this->fields(),
		);
		return $info;
	}

	/**
	 * @return array<string,array{label:string,value:string|int,debug?:string|int,private?:bool}>
	 */
	public function fields(): array {
		global $wpdb;
		$settings     = $this->settings->all();
		$entitlements = ( $this->entitlements )();
		$license      = License::current();
		$counts       = $this->facts->counts();
		$tracking     = $this->facts->published_surveys()['tracking'];
		$ai_host      = PolicyText::host( (string) $settings['ai_base_url'] );
		$feed_host    = PolicyText::host( (string) $settings['notifications_feed_url'] );
		$retention    = max( 0, (int) ( $settings['retention_days'] ?? 0 ) );
		$missing      = implode( ', ', $this->migrator->missing_tables() );
		$engine       = SiteHealth::is_sqlite() ? 'SQLite' : ( str_contains( strtolower( (string) $wpdb->db_server_info() ), 'mariadb' ) ? 'MariaDB' : 'MySQL' );

		$fields = array(
			'version'          => self::field( __( 'Version', 'userfeedback' ), defined( 'USERFEEDBACK_VERSION' ) ? (string) USERFEEDBACK_VERSION : '' ),
			'edition'          => self::field( __( 'Edition', 'userfeedback' ), $entitlements->is_pro() ? 'Pro' : 'Lite', $entitlements->edition() ),
			'schema'           => self::field(
				__( 'Schema version', 'userfeedback' ),
				/* translators: 1: schema version of the tables, 2: schema version this plugin version needs. */
				sprintf( __( '%1$d (this version needs %2$d)', 'userfeedback' ), (int) get_option( Migrator::VERSION_OPTION, 0 ), Schema::VERSION ),
				sprintf( '%d/%d', (int) get_option( Migrator::VERSION_OPTION, 0 ), Schema::VERSION )
			),
			'missing_tables'   => self::field( __( 'Missing tables', 'userfeedback' ), '' !== $missing ? $missing : __( 'None', 'userfeedback' ) ),
			'db_engine'        => self::field( __( 'Database engine', 'userfeedback' ), $engine ),
			'object_cache'     => self::yes_no( __( 'Persistent object cache', 'userfeedback' ), (bool) wp_using_ext_object_cache() ),
			'surveys'          => self::field( __( 'Surveys (not in the trash)', 'userfeedback' ), $counts['surveys'] ),
			'responses'        => self::field( __( 'Completed responses', 'userfeedback' ), $counts['responses'] ),
			'partial'          => self::field( __( 'Partial responses', 'userfeedback' ), $counts['partial'] ),
			'trashed'          => self::field( __( 'Responses in the trash', 'userfeedback' ), $counts['trash'] ),
			'retention_days'   => self::field(
				__( 'Delete responses older than', 'userfeedback' ),
				0 === $retention
					? __( 'Never (kept until deleted)', 'userfeedback' )
					/* translators: %s: number of days. */
					: sprintf( _n( '%s day', '%s days', $retention, 'userfeedback' ), number_format_i18n( $retention ) ),
				$retention
			),
			'anonymize_ips'    => self::yes_no( __( 'Anonymize IP addresses', 'userfeedback' ), ! empty( $settings['anonymize_ips'] ) ),
			'ip_header'        => self::field( __( 'Client IP header', 'userfeedback' ), '' === (string) $settings['ip_header'] ? 'REMOTE_ADDR' : (string) $settings['ip_header'] ),
			'geo_header'       => self::field( __( 'Country header', 'userfeedback' ), '' === (string) $settings['geo_header'] ? __( 'None', 'userfeedback' ) : (string) $settings['geo_header'] ),
			'external_fonts'   => self::yes_no( __( 'Load fonts from Google Fonts', 'userfeedback' ), ! empty( $settings['external_fonts'] ) ),
			'tracking_surveys' => self::field( __( 'Published surveys sending analytics events', 'userfeedback' ), $tracking ),
			'ai_configured'    => self::yes_no( __( 'AI provider configured', 'userfeedback' ), '' !== $ai_host ),
			'ai_host'          => self::field( __( 'AI provider host', 'userfeedback' ), '' === $ai_host ? __( 'None', 'userfeedback' ) : $ai_host, '' === $ai_host ? 'none' : $ai_host, true ),
			'ai_model'         => self::field( __( 'AI model', 'userfeedback' ), '' === (string) $settings['ai_model'] ? __( 'None', 'userfeedback' ) : (string) $settings['ai_model'] ),
			'ai_key'           => self::yes_no( __( 'AI API key stored', 'userfeedback' ), '' !== (string) $settings['ai_api_key'] ),
			'feed_host'        => self::field( __( 'Notifications feed host', 'userfeedback' ), '' === $feed_host ? __( 'None', 'userfeedback' ) : $feed_host, '' === $feed_host ? 'none' : $feed_host, true ),
			'license_store'    => self::yes_no( __( 'License store configured', 'userfeedback' ), ( new StoreClient() )->is_configured() ),
			'license_status'   => self::field( __( 'License status', 'userfeedback' ), self::license_status( $license ) ),
			'license_level'    => self::field( __( 'License level', 'userfeedback' ), null === $license->type ? __( 'None', 'userfeedback' ) : ucfirst( $license->type ), $license->type ?? 'none' ),
			'license_expires'  => self::field( __( 'License expires', 'userfeedback' ), '' === $license->expires ? __( 'Unknown', 'userfeedback' ) : $license->expires ),
		);
		return $fields;
	}

	private static function license_status( License $license ): string {
		return match ( true ) {
			'' === $license->key => 'none',
			$license->is_expired => 'expired',
			$license->is_disabled => 'disabled',
			$license->is_invalid || null === $license->type => 'invalid',
			default => 'valid',
		};
	}

	/**
	 * @param string|int $value Shown.
	 * @param string|int $debug Copied for support (the value when null).
	 * @return array{label:string,value:string|int,debug?:string|int,private?:bool}
	 */
	private static function field( string $label, string|int $value, string|int|null $debug = null, bool $is_private = false ): array {
		$field = array(
			'label' => $label,
			'value' => $value,
		);
		if ( null !== $debug ) {
			$field['debug'] = $debug;
		}
		if ( $is_private ) {
			$field['private'] = true;
		}
		return $field;
	}

	/**
	 * @return array{label:string,value:string,debug:string}
	 */
	private static function yes_no( string $label, bool $yes ): array {
		return array(
			'label' => $label,
			'value' => $yes ? __( 'Yes', 'userfeedback' ) : __( 'No', 'userfeedback' ),
			'debug' => $yes ? 'true' : 'false',
		);
	}
}
