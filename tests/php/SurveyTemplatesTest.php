<?php
/**
 * GET surveys/templates: the blank template and at least twelve real ones, valid questions, and
 * availability per tier.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Surveys\SurveyRules;
use UserFeedback\Surveys\QuestionSchema;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

final class SurveyTemplatesTest extends SurveyTestCase {

	private const REAL = array( 'nps', 'customer-satisfaction', 'website-experience', 'content-feedback', 'exit-intent', 'pricing', 'feature-request', 'onboarding', 'cart-abandonment', 'post-purchase', 'product-market-fit', 'customer-effort' );

	/**
	 * @return array<string,array<string,mixed>> Key => template.
	 */
	private function templates(): array {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', self::NS . '/surveys/templates' );
		$this->assertSame( 200, $response->get_status() );
		return array_column( self::data( $response ), null, 'key' );
	}

	public function test_the_blank_template_and_the_real_ones(): void {
		$templates = $this->templates();
		$this->assertSame( 'blank', array_key_first( $templates ) );
		$this->assertSame( array(), $templates['blank']['config']['questions'] );
		foreach ( self::REAL as $key ) {
			$this->assertArrayHasKey( $key, $templates );
		}
		$this->assertSame( 'nps', $templates['nps']['type'] );

		$schema = array(
			'type'  => 'array',
			'items' => QuestionSchema::schema(),
		);
		foreach ( $templates as $key => $template ) {
			$this->assertSame( array( 'key', 'name', 'description', 'is_available', 'required_addons', 'tier', 'type', 'config' ), array_keys( $template ), $key );
			$this->assertNotSame( '', $template['name'] );
			$this->assertNotSame( '', $template['description'] );
			$this->assertContains( $template['tier'], array( 'lite', 'pro' ) );
			$questions = $template['config']['questions'];
			$this->assertTrue( rest_validate_value_from_schema( $questions, $schema, $key ), "$key questions match the schema" );
			if ( 'blank' === $key ) {
				continue;
			}
			$this->assertNotEmpty( $questions, $key );
			foreach ( $questions as $question ) {
				$this->assertSame( array(), SurveyRules::question_errors( $question ), "$key is publishable" );
			}
			$this->assertSame( range( 1, count( $questions ) ), array_column( $questions, 'id' ), $key );

			$advanced = (bool) array_intersect( array_column( $questions, 'type' ), QuestionTypes::advanced() );
			$this->assertSame( $advanced, in_array( 'question-types', $template['required_addons'], true ), "$key needs question-types when it has advanced questions" );
			$this->assertSame( 'pro' === $template['tier'], in_array( 'templates', $template['required_addons'], true ), "$key needs the templates addon when it is Pro" );
		}
	}

	public function test_a_template_survey_saves_unchanged_on_a_full_licence(): void {
		$this->as_elite();
		$template = $this->templates()['customer-satisfaction'];
		$saved  = $this->create( array( 'title' => $template['name'], 'template' => 'customer-satisfaction', 'status' => 'publish', 'questions' => $template['config']['questions'] ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertTrue( $notes['published'] );
		$this->assertSame( $template['config']['questions'], $result['questions'] );
		$this->assertSame( 'customer-satisfaction', $result['template'] );
	}

	/**
	 * @return array<string,array{string,?string,string[],string[]}>
	 */
	public static function tiers(): array {
		$lite_plain = array( 'blank', 'website-experience', 'content-feedback' );
		return array(
			'lite'                          => array( 'lite', null, Entitlements::ADDONS, $lite_plain ),
			'pro without a licence'         => array( 'pro', null, Entitlements::ADDONS, $lite_plain ),
			'plus without addons'           => array( 'pro', 'plus', array(), $lite_plain ),
			'pro with question-types'       => array( 'pro', 'pro', array( 'question-types' ), array_merge( $lite_plain, array( 'nps' ) ) ),
			'pro with templates'            => array( 'pro', 'pro', array( 'templates' ), array_merge( $lite_plain, array( 'exit-intent', 'pricing', 'feature-request', 'cart-abandonment', 'product-market-fit', 'customer-effort' ) ) ),
			'elite with every addon'        => array( 'pro', 'elite', Entitlements::ADDONS, array_merge( array( 'blank' ), self::REAL ) ),
		);
	}

	/**
	 * @dataProvider tiers
	 * @param string[] $addons    Active addons.
	 * @param string[] $available Keys of the templates this tier may use.
	 */
	public function test_availability_per_tier( string $edition, ?string $type, array $addons, array $available ): void {
		$this->set_entitlements( $edition, $type, $addons );
		$open = array_keys( array_filter( $this->templates(), static fn( array $t ): bool => $t['is_available'] ) );
		sort( $open );
		sort( $available );
		$this->assertSame( $available, $open );
	}
}
