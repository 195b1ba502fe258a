<?php
/**
 * A lapsed licence fails closed (issue 17, item 4): a published survey that uses a targeting, behaviour
 * or question-type feature the site may no longer use is marked needs_pro for the widget (which passes
 * it over) and in the surveys list, instead of being shown to everyone with its rules ignored. What a
 * survey "uses" is FeaturePolicy's table, which the builder reads from its boot config too.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Plugin;
use UserFeedback\Surveys\FeaturePolicy;
use UserFeedback\Surveys\FeatureUse;
use UserFeedback\Tests\Contract\Corpus;
use UserFeedback\Tests\SurveyTestCase;

final class LapsedFeaturesTest extends SurveyTestCase {

	/**
	 * Each feature that hides a survey: what a survey sends to use it, and the addon whose loss takes
	 * it away on an elite licence.
	 *
	 * @return array<string,array{0:string,1:array<string,mixed>,2:string}>
	 */
	public static function hiding_features(): array {
		return array(
			'advanced question types' => array( 'advanced_question_types', array( 'questions' => array( self::question( 1 ), self::question( 2, 'star-rating' ) ) ), 'question-types' ),
			'an NPS survey'           => array( 'advanced_question_types', array( 'type' => 'nps', 'questions' => array( self::question( 1, 'nps' ) ) ), 'question-types' ),
			'behaviour'               => array( 'behavior', array( 'settings' => array( 'behavior' => array( 'display_length' => 'once' ) ) ), 'behavior' ),
			'an end date'             => array( 'behavior', array( 'settings' => array( 'behavior' => array( 'run_time' => 'expire', 'expire_at' => array( 'month' => 12, 'day' => 31 ) ) ) ), 'behavior' ),
			'device targeting'        => array( 'device_targeting', array( 'settings' => array( 'targeting' => array( 'devices' => array( 'mobile' ) ) ) ), 'targeting' ),
			'page targeting'          => array( 'page_targeting', array( 'settings' => array( 'targeting' => array( 'pages' => 'select', 'page_rules' => array( array( 'logic' => 'page_url_contains', 'operator' => '&&', 'data' => 'pricing' ) ) ) ) ), 'targeting' ),
			'geo targeting'           => array( 'geo_targeting', array( 'settings' => array( 'geo_targeting' => array( 'target' => 'select', 'countries' => array( 'DE' ) ) ) ), 'geo-restrictions' ),
		);
	}

	/**
	 * A published survey made on a full Pro site.
	 *
	 * @param array<string,mixed> $over Survey fields.
	 */
	private function published_on_elite( array $over ): int {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$response = $this->create( self::survey( array_merge( array( 'status' => 'publish' ), $over ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array(), self::notes( $response )['stripped'], 'Nothing is stripped on elite.' );
		return (int) $response->get_data()['id'];
	}

	/**
	 * @return array<string,mixed>|null The survey as the widget config has it.
	 */
	private static function visitor_survey( int $id ): ?array {
		return ( new VisitorSurveys( Plugin::instance()->surveys ) )->find( $id );
	}

	/**
	 * @return array<string,mixed> The survey's item in the surveys list.
	 */
	private function list_item( int $id ): array {
		$response = $this->rest( 'GET', self::NS . '/surveys' );
		$this->assertSame( 200, $response->get_status() );
		foreach ( self::data( $response )['items'] as $item ) {
			if ( $item['id'] === $id ) {
				return $item;
			}
		}
		$this->fail( "Survey $id is not in the list." );
	}

	/**
	 * @dataProvider hiding_features
	 * @param string              $feature Feature key.
	 * @param array<string,mixed> $over    Survey fields that use it.
	 * @param string              $addon   The addon it needs.
	 */
	public function test_a_survey_whose_feature_lapses_is_hidden_and_listed_as_needing_pro( string $feature, array $over, string $addon ): void {
		$id = $this->published_on_elite( $over );
		$this->assertArrayNotHasKey( 'needs_pro', (array) self::visitor_survey( $id ), 'Shown while the site may use it.' );
		$this->assertSame( array(), $this->list_item( $id )['needs_pro'] );

		// The addon is switched off: the survey is no longer for visitors, for that reason alone.
		$this->set_entitlements( 'pro', 'elite', array_values( array_diff( Entitlements::ADDONS, array( $addon ) ) ) );
		$this->assertSame( array( $feature ), self::visitor_survey( $id )['needs_pro'] );
		$this->assertSame(
			array(
				array(
					'feature' => $feature,
					'label'   => Entitlements::label( $feature ),
				),
			),
			$this->list_item( $id )['needs_pro']
		);

		// The licence lapses altogether: the same feature is named (and only the ones it uses).
		$this->set_entitlements( 'pro', null, Entitlements::ADDONS );
		$this->assertSame( array( $feature ), self::visitor_survey( $id )['needs_pro'] );

		// Renewed: shown again, without a survey write in between (the cache follows the entitlements).
		$this->as_elite();
		$this->assertArrayNotHasKey( 'needs_pro', (array) self::visitor_survey( $id ) );
	}

	public function test_a_plain_survey_and_one_with_only_cosmetic_features_stay_visible_on_lite(): void {
		$plain    = $this->published_on_elite( array( 'title' => 'Plain' ) );
		$cosmetic = $this->published_on_elite(
			array(
				'title'     => 'Cosmetic',
				'questions' => array( self::question( 1, 'radio-button', array( 'settings' => array( 'required' => true ) ) ) ),
				'settings'  => array( 'thank_you' => array( 'message' => 'Merci !' ) ),
			)
		);
		$this->set_entitlements( 'lite', null );
		foreach ( array( $plain, $cosmetic ) as $id ) {
			$this->assertArrayNotHasKey( 'needs_pro', (array) self::visitor_survey( $id ) );
			$this->assertSame( array(), $this->list_item( $id )['needs_pro'] );
		}
	}

	public function test_several_lapsed_features_are_named_in_the_tables_order(): void {
		$id = $this->published_on_elite(
			array(
				'questions' => array( self::question( 1 ), self::question( 2, 'nps' ) ),
				'settings'  => array(
					'targeting'     => array( 'devices' => array( 'desktop', 'tablet' ) ),
					'geo_targeting' => array(
						'target'    => 'select',
						'countries' => array( 'FR' ),
					),
				),
			)
		);
		$this->set_entitlements( 'lite', null );
		$this->assertSame( array( 'advanced_question_types', 'device_targeting', 'geo_targeting' ), self::visitor_survey( $id )['needs_pro'] );
		$this->assertSame( array( 'advanced_question_types', 'device_targeting', 'geo_targeting' ), array_column( $this->list_item( $id )['needs_pro'], 'feature' ) );
	}

	public function test_archived_questions_use_nothing_and_every_device_in_any_order_is_no_targeting(): void {
		$survey = array(
			'type'      => 'survey',
			'questions' => array(
				self::question( 1 ),
				self::question( 2, 'star-rating' ) + array( 'archived' => true ),
			),
			'settings'  => array( 'targeting' => array( 'devices' => array( 'mobile', 'desktop', 'tablet' ) ) ),
		);
		$lite = $this->set_entitlements( 'lite', null );
		$this->assertSame( array(), FeaturePolicy::unavailable( $survey, $lite ) );

		$survey['questions'][1]['archived'] = false;
		$this->assertSame( array( 'advanced_question_types' ), array_column( FeaturePolicy::unavailable( $survey, $lite ), 'feature' ) );
	}

	/**
	 * The builder's confirmation lists what the boot config's table says a save strips; on every case of
	 * the stripping contract that is what the server then strips.
	 */
	public function test_the_boot_configs_table_predicts_what_a_save_strips(): void {
		foreach ( Corpus::cases( 'feature-stripping.json' ) as $name => $args ) {
			$case = $args[0];
			$tier = $case['tier'];
			$this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] );
			$table     = self::boot_config()->for_page( 'surveys' )['feature_policy'];
			$predicted = array();
			foreach ( $table as $row ) {
				if ( ! $row['available'] && FeatureUse::uses( $case['survey'], $row['uses'] ) ) {
					$predicted[] = $row['feature'];
				}
			}
			// Branding goes back to the site's look, which moves a middle position too; the save then
			// reports branding alone, and the confirmation names the move as well.
			if ( in_array( 'branding', $case['stripped'], true ) ) {
				$predicted = array_values( array_diff( $predicted, array( 'widget_positions_middle' ) ) );
			}
			$this->assertSame( $case['stripped'], $predicted, $name );
		}
	}

	/**
	 * tests/fixtures/recorded/feature-policy.json: the table as the boot config has it, and what each
	 * tier of the stripping contract may use, for the builder's Vitest (featureUse.test.ts), which
	 * checks its evaluator against the same cases. Written on each run; fails when it changed.
	 */
	public function test_records_the_table_for_the_builder(): void {
		$record = array( 'available' => array() );
		foreach ( Corpus::cases( 'feature-stripping.json' ) as $name => $args ) {
			$tier  = $args[0]['tier'];
			$table = FeaturePolicy::client_table( $this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] ) );
			$record['available'][ $name ] = array_column( $table, 'available', 'feature' );
			$record['table']              = $table;
		}
		$file = dirname( __DIR__, 2 ) . '/fixtures/recorded/feature-policy.json';
		$json = (string) wp_json_encode( $record, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
		$was  = is_file( $file ) ? (string) file_get_contents( $file ) : null;
		if ( $was !== $json ) {
			file_put_contents( $file, $json );
		}
		$this->assertSame( $was, $json, 'tests/fixtures/recorded/feature-policy.json changed: review it, commit it, run again.' );
	}

	public function test_the_boot_configs_table_has_words_for_every_feature(): void {
		$this->set_entitlements( 'pro', 'plus', Entitlements::ADDONS );
		$table = self::boot_config()->for_page( 'surveys' )['feature_policy'];
		$this->assertSame( FeaturePolicy::keys(), array_column( $table, 'feature' ) );
		foreach ( $table as $row ) {
			$this->assertNotSame( '', $row['label'] );
			$this->assertNotSame( '', $row['removal'] );
			$this->assertNotSame( array(), $row['uses'] );
			$this->assertSame( $row['feature'] !== 'device_targeting' && $row['feature'] !== 'email_logic', $row['available'], $row['feature'] );
		}
		// The JSON the builder evaluates: "not" is present even when its value is null.
		$scheduling = $table[ array_search( 'scheduling', FeaturePolicy::keys(), true ) ]['uses'][0];
		$this->assertArrayHasKey( 'not', json_decode( (string) wp_json_encode( $scheduling ), true ) );
	}
}
