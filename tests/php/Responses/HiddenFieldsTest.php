<?php
/**
 * Hidden fields (issue 18 item 5): the survey setting (schema, unique names, at most ten, feature
 * stripping), the visitor's write (listed names stored once per response, unlisted ones ignored,
 * refused values and names), deletion with the responses, the admin's REST answers, the privacy
 * exporter and the export columns.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Tests\Exports\ReadsExports;
use UserFeedback\Tests\Exports\WpDie;

final class HiddenFieldsTest extends AdminResponsesTestCase {

	use ReadsExports;

	private const FIELDS = array(
		array(
			'name'   => 'plan',
			'source' => 'query',
			'key'    => 'plan',
		),
		array(
			'name'   => 'utm_source',
			'source' => 'cookie',
			'key'    => 'utm_source',
		),
	);

	/**
	 * A published survey listing plan and utm_source.
	 */
	private static function fields_survey(): int {
		return self::open_survey(
			array(
				'title'    => 'Fields survey',
				'settings' => array( 'hidden_fields' => self::FIELDS ),
			)
		);
	}

	/**
	 * @param array<string,mixed> $fields `fields` of the body.
	 */
	private function write( int $survey_id, string $client_id, array $fields, bool $complete = false ): \WP_REST_Response {
		return $this->submit(
			$survey_id,
			array(
				'response_id' => $client_id,
				'answers'     => array( self::answer( 1, 'Yes' ) ),
				'complete'    => $complete,
				'fields'      => $fields,
			)
		);
	}

	/**
	 * @return array<string,string>
	 */
	private static function stored( int $response_id ): array {
		return HiddenFields::for_response( $response_id );
	}

	// Survey settings.

	public function test_a_survey_saves_its_hidden_fields(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$response = $this->create( self::survey( array( 'settings' => array( 'hidden_fields' => self::FIELDS ) ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( self::FIELDS, self::data( $response )['settings']['hidden_fields'] );
	}

	public function test_a_new_survey_has_none(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$this->assertSame( array(), self::data( $this->create( self::survey() ) )['settings']['hidden_fields'] );
	}

	/**
	 * @return array<string,array{0:array<int,array<string,mixed>>,1:string}>
	 */
	public static function bad_lists(): array {
		$field = static fn( string $name, string $source = 'query', string $key = 'plan' ): array => array(
			'name'   => $name,
			'source' => $source,
			'key'    => $key,
		);
		return array(
			'upper-case name'      => array( array( $field( 'Plan' ) ), 'settings.hidden_fields.0.name' ),
			'name with a dash'     => array( array( $field( 'utm-source' ) ), 'settings.hidden_fields.0.name' ),
			'name starts with _'   => array( array( $field( '_plan' ) ), 'settings.hidden_fields.0.name' ),
			'empty name'           => array( array( $field( '' ) ), 'settings.hidden_fields.0.name' ),
			'41-character name'    => array( array( $field( 'a' . str_repeat( 'b', 40 ) ) ), 'settings.hidden_fields.0.name' ),
			'unknown source'       => array( array( $field( 'plan', 'header' ) ), 'settings.hidden_fields.0.source' ),
			'key with a space'     => array( array( $field( 'plan', 'query', 'my plan' ) ), 'settings.hidden_fields.0.key' ),
			'empty key'            => array( array( $field( 'plan', 'query', '' ) ), 'settings.hidden_fields.0.key' ),
			'eleven fields'        => array( array_map( static fn( int $i ): array => $field( "f$i" ), range( 1, 11 ) ), 'settings.hidden_fields' ),
			'duplicate names'      => array( array( $field( 'plan' ), $field( 'other' ), $field( 'plan', 'cookie' ) ), 'settings.hidden_fields.2.name' ),
		);
	}

	/**
	 * @dataProvider bad_lists
	 * @param array<int,array<string,mixed>> $list  settings.hidden_fields.
	 * @param string                         $field The field the 400 names.
	 */
	public function test_a_bad_list_is_refused_with_a_field_error( array $list, string $field ): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$before   = self::total_rows( 'surveys' );
		$response = $this->create( self::survey( array( 'settings' => array( 'hidden_fields' => $list ) ) ) );
		$data     = $response->get_data();
		$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $data ) );
		$this->assertArrayHasKey( $field, $data['data']['fields'], (string) wp_json_encode( $data ) );
		$this->assertNotSame( '', $data['data']['fields'][ $field ] );
		$this->assertSame( $before, self::total_rows( 'surveys' ), 'Nothing saved.' );
	}

	public function test_duplicate_names_say_which_name(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$list     = array( self::FIELDS[0], array( 'name' => 'plan', 'source' => 'attribute', 'key' => 'tier' ) );
		$response = $this->create( self::survey( array( 'settings' => array( 'hidden_fields' => $list ) ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertStringContainsString( '"plan"', $response->get_data()['data']['fields']['settings.hidden_fields.1.name'] );
	}

	public function test_without_the_feature_a_save_strips_the_list(): void {
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$response = $this->create( self::survey( array( 'settings' => array( 'hidden_fields' => self::FIELDS ) ) ) );
		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( array(), self::data( $response )['settings']['hidden_fields'] );
		$this->assertContains( 'hidden_fields', self::notes( $response )['stripped'] );
	}

	// The visitor's write.

	public function test_the_listed_fields_are_stored_once_per_response_and_others_ignored(): void {
		$this->as_elite();
		$survey = self::fields_survey();
		$client = wp_generate_uuid4();

		$first = $this->write( $survey, $client, array( 'plan' => 'pro', 'not_listed' => 'x' ) );
		$this->assertSame( 201, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$id = (int) $first->get_data()['id'];
		$this->assertSame( array( 'plan' => 'pro' ), self::stored( $id ) );

		// A later write never changes a stored value and adds a name the first did not carry.
		$second = $this->write( $survey, $client, array( 'plan' => 'free', 'utm_source' => 'newsletter' ), true );
		$this->assertSame( 200, $second->get_status(), (string) wp_json_encode( $second->get_data() ) );
		$this->assertSame( array( 'plan' => 'pro', 'utm_source' => 'newsletter' ), self::stored( $id ) );
		$this->assertSame( 2, self::total_rows( HiddenFields::TABLE ) );
		$this->assertSame( 1, self::total_rows( 'responses' ) );
	}

	public function test_a_write_without_fields_or_with_only_unlisted_ones_stores_the_answer(): void {
		$this->as_elite();
		$survey = self::fields_survey();
		$plain  = $this->submit_answers( $survey, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( 201, $plain->get_status() );
		$other = $this->write( self::open_survey(), wp_generate_uuid4(), array( 'plan' => 'pro' ), true );
		$this->assertSame( 201, $other->get_status(), 'A survey that lists nothing takes the answer and ignores the field.' );
		$this->assertSame( 0, self::total_rows( HiddenFields::TABLE ) );
		$this->assertSame( 2, self::total_rows( 'responses' ) );
	}

	public function test_a_value_at_the_limit_is_stored_whole(): void {
		$this->as_elite();
		$value    = str_repeat( 'é', HiddenFields::VALUE_MAX );
		$response = $this->write( self::fields_survey(), wp_generate_uuid4(), array( 'plan' => $value ) );
		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( array( 'plan' => $value ), self::stored( (int) $response->get_data()['id'] ) );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function bad_fields(): array {
		$eleven = array();
		foreach ( range( 1, 11 ) as $i ) {
			$eleven[ "f$i" ] = 'v';
		}
		return array(
			'value over 200 characters' => array( array( 'plan' => str_repeat( 'x', HiddenFields::VALUE_MAX + 1 ) ) ),
			'upper-case name'           => array( array( 'Plan' => 'pro' ) ),
			'name with a dash'          => array( array( 'utm-source' => 'x' ) ),
			'value not a string'        => array( array( 'plan' => array( 'pro' ) ) ),
			'eleven names'              => array( $eleven ),
		);
	}

	/**
	 * @dataProvider bad_fields
	 * @param array<string,mixed> $fields `fields` of the body.
	 */
	public function test_bad_fields_are_refused_with_400_and_nothing_is_stored( array $fields ): void {
		$this->as_elite();
		$response = $this->write( self::fields_survey(), wp_generate_uuid4(), $fields, true );
		$data     = $response->get_data();
		$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $data ) );
		$this->assertStringContainsString( 'fields', (string) wp_json_encode( $data ) );
		$this->assertSame( 0, self::total_rows( 'responses' ) );
		$this->assertSame( 0, self::total_rows( HiddenFields::TABLE ) );
	}

	public function test_without_the_feature_the_answer_is_stored_and_no_field(): void {
		$this->set_entitlements( 'lite', null );
		$response = $this->write( self::fields_survey(), wp_generate_uuid4(), array( 'plan' => 'pro' ), true );
		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( 1, self::total_rows( 'responses' ) );
		$this->assertSame( 0, self::total_rows( HiddenFields::TABLE ) );
	}

	// Reading and deleting.

	/**
	 * @param array<string,string> $values Name => value.
	 */
	private static function add_with_fields( int $survey_id, array $values, array $spec = array() ): int {
		$id = self::add_response( $survey_id, $spec );
		HiddenFields::store( $id, $survey_id, $values );
		return $id;
	}

	public function test_the_batch_reader_reads_many_responses_in_one_query_per_chunk(): void {
		global $wpdb;
		$survey = self::fields_survey();
		$a      = self::add_with_fields( $survey, array( 'plan' => 'pro', 'utm_source' => 'ads' ) );
		$b      = self::add_response( $survey );
		$c      = self::add_with_fields( $survey, array( 'plan' => 'free' ) );
		$before = $wpdb->num_queries;
		$read   = HiddenFields::for_responses( array( $a, $b, $c, $a, 0 ) );
		$this->assertSame( 1, $wpdb->num_queries - $before );
		$this->assertSame(
			array(
				$a => array( 'plan' => 'pro', 'utm_source' => 'ads' ),
				$c => array( 'plan' => 'free' ),
			),
			$read
		);
		$this->assertSame( array(), HiddenFields::for_response( $b ) );
	}

	public function test_the_admin_answers_carry_the_fields_and_the_survey_its_names(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::fields_survey();
		$with   = self::add_with_fields( $survey, array( 'plan' => 'pro' ), array( 'at' => '2026-01-02 00:00:00' ) );
		$plain  = self::add_response( $survey, array( 'at' => '2026-01-01 00:00:00' ) );

		$response = $this->list( $survey );
		$this->assertSame( 200, $response->get_status() );
		$list = $response->get_data();
		$this->assertSame( array( 'plan', 'utm_source' ), $list['survey']['hidden_fields'] );
		$by = array_column( $list['items'], 'fields', 'id' );
		$this->assertSame( '{"plan":"pro"}', wp_json_encode( $by[ $with ] ) );
		// An empty set is a JSON object, not a list.
		$this->assertSame( '{}', wp_json_encode( $by[ $plain ] ) );

		$detail = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$with" );
		$this->assertSame( 200, $detail->get_status() );
		$this->assertSame( '{"plan":"pro"}', wp_json_encode( $detail->get_data()['response']['fields'] ) );
		$this->assertSame( array( 'plan', 'utm_source' ), $detail->get_data()['survey']['hidden_fields'] );
	}

	public function test_the_published_schema_has_fields(): void {
		$this->as_user( 'administrator' );
		$schema = \UserFeedback\Responses\ResponseSchema::response()['properties'];
		$this->assertSame( 'object', $schema['fields']['type'] );
		$wire = \UserFeedback\Responses\ResponseSchema::submission()['properties']['fields'];
		$this->assertSame( HiddenFields::MAX, $wire['maxProperties'] );
		$this->assertSame( HiddenFields::VALUE_MAX, $wire['patternProperties'][ HiddenFields::NAME_PATTERN ]['maxLength'] );
	}

	public function test_the_patterns_and_the_builder_rules_state_the_same_lengths(): void {
		$name  = '/' . HiddenFields::NAME_PATTERN . '/';
		$key   = '/' . HiddenFields::KEY_PATTERN . '/';
		$rules = HiddenFields::client_rules();
		$this->assertSame( 1, preg_match( $name, 'a' . str_repeat( 'b', HiddenFields::NAME_MAX - 1 ) ) );
		$this->assertSame( 0, preg_match( $name, 'a' . str_repeat( 'b', HiddenFields::NAME_MAX ) ) );
		$this->assertSame( 1, preg_match( $key, str_repeat( 'k', HiddenFields::KEY_MAX ) ) );
		$this->assertSame( 0, preg_match( $key, str_repeat( 'k', HiddenFields::KEY_MAX + 1 ) ) );
		$this->assertSame( array( HiddenFields::NAME_MAX, HiddenFields::KEY_MAX ), array( $rules['name_max'], $rules['key_max'] ) );
	}

	public function test_deleting_responses_deletes_their_fields(): void {
		$survey = self::fields_survey();
		$gone   = self::add_with_fields( $survey, array( 'plan' => 'pro' ), array( 'status' => 'trash' ) );
		$kept   = self::add_with_fields( $survey, array( 'plan' => 'free' ) );
		( new AdminResponseRepository() )->delete( $survey, array( $gone ) );
		$this->assertSame( array(), self::stored( $gone ) );
		$this->assertSame( array( 'plan' => 'free' ), self::stored( $kept ) );
	}

	public function test_the_admin_delete_route_deletes_the_fields(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::fields_survey();
		$gone   = self::add_with_fields( $survey, array( 'plan' => 'pro' ), array( 'status' => 'trash' ) );
		$kept   = self::add_with_fields( $survey, array( 'plan' => 'free' ) );
		$response = $this->rest( 'DELETE', self::NS . "/surveys/$survey/responses", array(), array( 'response_ids' => array( $gone ) ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 1, self::total_rows( HiddenFields::TABLE ) );
		$this->assertSame( array( 'plan' => 'free' ), self::stored( $kept ) );

		// Delete all (whatever the status).
		$response = $this->rest( 'DELETE', self::NS . "/surveys/$survey/responses", array(), array( 'all' => true ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 0, self::total_rows( HiddenFields::TABLE ) );
	}

	public function test_deleting_a_survey_deletes_its_fields_only(): void {
		$survey = self::fields_survey();
		$other  = self::fields_survey();
		self::add_with_fields( $survey, array( 'plan' => 'pro' ) );
		$kept = self::add_with_fields( $other, array( 'plan' => 'free' ) );
		Plugin::instance()->surveys->delete_with_children( $survey );
		$this->assertSame( 1, self::total_rows( HiddenFields::TABLE ) );
		$this->assertSame( array( 'plan' => 'free' ), self::stored( $kept ) );
	}

	public function test_the_retention_purge_deletes_the_fields(): void {
		$survey = self::open_survey(
			array(
				'settings' => array(
					'hidden_fields'  => self::FIELDS,
					'retention_days' => 30,
				),
			)
		);
		$old = self::add_with_fields( $survey, array( 'plan' => 'pro' ), array( 'at' => gmdate( 'Y-m-d H:i:s', time() - 60 * DAY_IN_SECONDS ) ) );
		$new = self::add_with_fields( $survey, array( 'plan' => 'free' ) );
		( new \UserFeedback\Responses\RetentionPurge( Plugin::instance()->settings, new \UserFeedback\Notifications\NotificationStore() ) )->run();
		$this->assertNull( self::response_row( $old ) );
		$this->assertSame( array(), self::stored( $old ) );
		$this->assertSame( array( 'plan' => 'free' ), self::stored( $new ) );
	}

	public function test_the_privacy_exporter_and_eraser(): void {
		global $wpdb;
		$survey = self::fields_survey();
		$id     = self::add_with_fields( $survey, array( 'plan' => 'pro' ) );
		$wpdb->update( Schema::table( 'responses' ), array( 'email' => 'ann@example.com' ), array( 'id' => $id ) );
		$privacy  = new \UserFeedback\Privacy\PersonalData( Plugin::instance()->surveys );
		$exported = $privacy->export( 'ann@example.com' );
		$this->assertContains(
			array(
				'name'  => 'Hidden field: plan',
				'value' => 'pro',
			),
			$exported['data'][0]['data']
		);
		$privacy->erase( 'ann@example.com' );
		$this->assertNull( self::response_row( $id ) );
		$this->assertSame( 0, self::total_rows( HiddenFields::TABLE ) );
	}

	// Exports.

	/**
	 * @return array{int,int,int}
	 */
	private function export_survey(): array {
		update_option( 'timezone_string', 'UTC' );
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new WpDie( is_string( $message ) ? $message : 'wp_die', (int) ( $args['response'] ?? 500 ) );
			}
		);
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::open_survey(
			array(
				'questions' => array( self::question( 1, 'radio-button' ) ),
				'settings'  => array( 'hidden_fields' => self::FIELDS ),
			)
		);
		$a = self::add_with_fields( $survey, array( 'plan' => 'pro', 'utm_source' => '=cmd' ), array( 'at' => '2026-03-01 10:00:00' ) );
		$b = self::add_response( $survey, array( 'at' => '2026-03-02 10:00:00' ) );
		return array( $survey, $a, $b );
	}

	public function test_the_csv_export_has_a_column_per_field_after_the_answers(): void {
		[ $survey, $a, $b ] = $this->export_survey();
		$rows               = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv' ) ) );
		$this->assertSame( array( 'Question 1?', 'plan', 'utm_source' ), array_slice( $rows[0], -3 ) );
		$by = array();
		foreach ( array_slice( $rows, 1 ) as $row ) {
			$by[ (int) $row[0] ] = array_slice( $row, -3 );
		}
		// A value that starts a formula is written as text (Cells).
		$this->assertSame( array( 'Yes', 'pro', "'=cmd" ), $by[ $a ] );
		$this->assertSame( array( 'Yes', '', '' ), $by[ $b ] );
	}

	public function test_the_xlsx_export_has_the_same_columns(): void {
		[ $survey, $a ] = $this->export_survey();
		$rows           = self::xlsx_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'xlsx' ) ) );
		$this->assertSame( array( 'Question 1?', 'plan', 'utm_source' ), array_slice( $rows[0], -3 ) );
		$found = array_values( array_filter( $rows, static fn( array $row ): bool => (string) $a === (string) $row[0] ) );
		$this->assertSame( 'pro', $found[0][ count( $rows[0] ) - 2 ] );
	}

	public function test_a_survey_without_fields_exports_no_extra_column(): void {
		$this->export_survey();
		$plain  = self::open_survey( array( 'questions' => array( self::question( 1, 'radio-button' ) ) ) );
		self::add_response( $plain );
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $plain, 'format' => 'csv' ) ) );
		$this->assertSame( 'Question 1?', end( $rows[0] ) );
	}
}
