<?php
/**
 * tests/fixtures/contract/email-lists.json against EmailList, the server's one reading of a
 * comma-separated list of addresses (admin-app/src/shared/emailList.test.ts runs the same cases), and
 * the settings and survey routes that use it.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Notifications\Email\EmailList;
use UserFeedback\Tests\TestCase;

final class EmailListsTest extends TestCase {

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function lists(): array {
		return Corpus::cases( 'email-lists.json' );
	}

	/**
	 * @dataProvider lists
	 * @param array<string,mixed> $case list, addresses, invalid.
	 */
	public function test_list( array $case ): void {
		$why = (string) ( $case['why'] ?? '' );
		$this->assertSame( $case['addresses'], EmailList::split( $case['list'] ), $why );
		$this->assertSame( $case['invalid'], EmailList::invalid( $case['list'] ), $why );
		$this->assertSame( implode( ', ', $case['addresses'] ), EmailList::normalise( $case['list'] ) );
		$error = EmailList::error( $case['list'] );
		if ( $case['invalid'] ) {
			$this->assertSame( sprintf( '"%s" is not a valid email address.', $case['invalid'][0] ), $error );
		} else {
			$this->assertNull( $error );
		}
	}

	public function test_the_settings_route_and_the_survey_route_judge_a_list_alike(): void {
		$this->as_user( 'administrator' );
		foreach ( array( 'ok@site.test, admin@-site.test' => 'admin@-site.test', 'a@b.c' => 'a@b.c' ) as $list => $bad ) {
			$settings = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'notifications_recipients' => $list ) );
			$this->assertSame( 400, $settings->get_status(), $list );
			$this->assertStringContainsString( "\"$bad\" is not a valid email address.", (string) $settings->as_error()->get_error_message() );

			$survey = $this->rest( 'POST', '/userfeedback/v1/surveys', array(), array( 'notifications' => array( 'email' => array( 'addresses' => $list ) ) ) );
			$this->assertSame( 400, $survey->get_status(), $list );
			$this->assertStringContainsString( "\"$bad\" is not a valid email address.", (string) $survey->as_error()->get_error_message() );
		}

		$settings = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'notifications_recipients' => " a@x.com ,b@y.org,, \t" ) );
		$this->assertSame( 200, $settings->get_status() );
		$this->assertSame( 'a@x.com, b@y.org', ( get_option( 'userfeedback_settings' )['notifications_recipients'] ?? null ) );
	}
}
