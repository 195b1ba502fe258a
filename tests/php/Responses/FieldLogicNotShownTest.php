<?php
/**
 * "Not shown" with display logic on a hidden field (issue 18 item 5): the admin's responses list works
 * out which unanswered questions the display logic hid from the visitor with the hidden fields the
 * response stored, as the widget decided with the fields it collected.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

final class FieldLogicNotShownTest extends ResponsesTestCase {

	public function test_a_question_shown_only_for_plan_pro_is_not_shown_to_the_others(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$survey = self::open_survey(
			array(
				'questions' => array(
					self::question( 1, 'radio-button' ),
					self::question(
						2,
						'text',
						array(
							'logic' => array(
								'enabled'    => true,
								'action'     => 'show',
								'conditions' => array(
									array(
										'question_id' => null,
										'field'       => 'plan',
										'compare'     => 'equals',
										'value'       => 'pro',
									),
								),
							),
						)
					),
				),
				'settings'  => array(
					'hidden_fields' => array(
						array(
							'name'   => 'plan',
							'source' => 'query',
							'key'    => 'plan',
						),
					),
				),
			)
		);
		$ids = array();
		foreach ( array( 'pro' => array( 'plan' => 'pro' ), 'free' => array( 'plan' => 'free' ), 'none' => array() ) as $label => $fields ) {
			$body = array(
				'answers'        => array( self::answer( 1, 'Yes' ), self::answer( 2, null ) ),
				'page_submitted' => array(
					'link'  => 'https://example.com/',
					'title' => 'Home',
				),
			);
			if ( $fields ) {
				$body['fields'] = $fields;
			}
			$response = $this->submit( $survey, $body );
			$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
			$ids[ $label ] = (int) $response->get_data()['id'];
		}

		$this->as_user( 'administrator' );
		$list = $this->rest( 'GET', self::NS . "/surveys/$survey/responses" );
		$this->assertSame( 200, $list->get_status() );
		$items = array_column( json_decode( (string) wp_json_encode( $list->get_data() ), true )['items'], null, 'id' );
		$this->assertSame( array(), $items[ $ids['pro'] ]['not_shown'], 'plan=pro: question 2 was shown, and skipped.' );
		$this->assertSame( array( 2 ), $items[ $ids['free'] ]['not_shown'] );
		$this->assertSame( array( 2 ), $items[ $ids['none'] ]['not_shown'], 'No plan collected: the condition does not hold.' );
	}
}
