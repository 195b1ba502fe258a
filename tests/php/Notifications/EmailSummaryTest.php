<?php
/**
 * The weekly summary: what it reports for the seven days before today (responses per published
 * survey, NPS, top pages), the email in both templates, its recipients, its schedule, and silence
 * while the Misc setting turns summaries off.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Database\Schema;
use UserFeedback\Notifications\Email\WeeklySummary;
use UserFeedback\Plugin;
use UserFeedback\Tests\Results\ResultsTestCase;

final class EmailSummaryTest extends ResultsTestCase {

	use CapturesMail;

	/** A Monday: the summary covers 2026-03-02 to 2026-03-08. */
	private const TODAY = '2026-03-09';

	private int $checkout = 0;
	private int $blog     = 0;

	protected function setUp(): void {
		parent::setUp();
		$this->mail_transport( true );
		update_option( 'timezone_string', 'UTC' );
		update_option( 'gmt_offset', 0 );
		update_option( 'blogname', 'Acme & Co' );
		update_option( 'admin_email', 'owner@example.com' );
	}

	private static function summary(): WeeklySummary {
		return new WeeklySummary( Plugin::instance()->surveys, Plugin::instance()->settings, today: static fn(): string => self::TODAY );
	}

	/**
	 * @param array<string,mixed> $over Settings over the stored ones.
	 */
	private static function use_settings( array $over ): void {
		$settings = Plugin::instance()->settings;
		$settings->save( array_merge( $settings->all(), $over ) );
	}

	/**
	 * A response on a page at a UTC moment.
	 *
	 * @param array<int,mixed> $values Question id => value.
	 */
	private static function respond_on( int $survey_id, string $utc, string $url, string $title, array $values ): int {
		global $wpdb;
		$id = self::respond( $survey_id, $utc, $values );
		$wpdb->update( Schema::table( 'responses' ), array( 'page_url' => $url, 'page_title' => $title ), array( 'id' => $id ) );
		return $id;
	}

	/**
	 * Two published surveys with responses in the week, and everything that must not count: responses
	 * before and after the week, a trashed one, a draft survey's, a published survey without any.
	 */
	private function week(): void {
		$this->checkout = self::results_survey( array( 'title' => 'Checkout' ) );
		$this->blog     = self::results_survey(
			array(
				'title'     => 'Blog <feedback>',
				'questions' => array( self::question( 1, 'radio-button' ) ),
			)
		);
		$draft          = self::results_survey( array( 'status' => 'draft' ) );
		self::results_survey( array( 'title' => 'Quiet' ) );

		$nps = array( 10, 10, 9, 7, 3, 0 );
		$on  = array( 'pricing', 'pricing', 'pricing', 'home', 'home', 'a' );
		foreach ( $nps as $i => $score ) {
			self::respond_on( $this->checkout, sprintf( '2026-03-0%d 12:00:00', 2 + $i ), "https://example.com/{$on[ $i ]}/", ucfirst( $on[ $i ] ), array( 6 => $score ) );
		}
		foreach ( array( 'b', 'c', 'd' ) as $i => $page ) {
			self::respond_on( $this->blog, '2026-03-08 23:59:59', "https://example.com/$page/", strtoupper( $page ), array( 1 => 'Yes' ) );
		}
		// Outside the week, trashed, or of a draft: none of these count.
		self::respond_on( $this->checkout, '2026-03-01 23:59:59', 'https://example.com/home/', 'Home', array( 6 => 0 ) );
		self::respond_on( $this->checkout, '2026-03-09 00:00:00', 'https://example.com/home/', 'Home', array( 6 => 0 ) );
		self::trash( self::respond_on( $this->checkout, '2026-03-05 10:00:00', 'https://example.com/d/', 'D', array( 6 => 0 ) ) );
		foreach ( range( 1, 3 ) as $i ) {
			self::respond_on( $draft, '2026-03-04 10:00:00', 'https://example.com/e/', 'E', array( 6 => 0 ) );
		}
	}

	public function test_the_report_counts_the_week_of_published_surveys(): void {
		$this->week();
		$summary = self::summary();
		$range   = $summary->range();

		$this->assertSame( array( '2026-03-02', '2026-03-08' ), array( $range->from, $range->to ) );
		$report = $summary->report( $range );

		$this->assertSame( 9, $report['total'] );
		$this->assertSame(
			array(
				// 3 promoters, 1 passive, 2 detractors of 6: (3 - 2) / 6 = 17.
				array( 'id' => $this->checkout, 'title' => 'Checkout', 'count' => 6, 'nps' => 17 ),
				array( 'id' => $this->blog, 'title' => 'Blog <feedback>', 'count' => 3, 'nps' => null ),
			),
			$report['surveys']
		);
		$this->assertSame(
			array(
				array( 'url' => 'https://example.com/pricing/', 'title' => 'Pricing', 'count' => 3 ),
				array( 'url' => 'https://example.com/home/', 'title' => 'Home', 'count' => 2 ),
				array( 'url' => 'https://example.com/a/', 'title' => 'A', 'count' => 1 ),
				array( 'url' => 'https://example.com/b/', 'title' => 'B', 'count' => 1 ),
				array( 'url' => 'https://example.com/c/', 'title' => 'C', 'count' => 1 ),
			),
			$report['pages'],
			'Five pages, most responses first, then by address.'
		);
	}

	public function test_the_html_summary_goes_to_the_recipients_escaped(): void {
		$this->week();
		self::use_settings(
			array(
				'summaries_html_template'  => true,
				'notifications_recipients' => 'team@example.com, boss@example.com',
			)
		);

		self::summary()->send();

		$this->assertCount( 1, $this->mails );
		$mail = $this->mails[0];
		$body = $mail['message'];
		$this->assertSame( array( 'team@example.com', 'boss@example.com' ), $mail['to'] );
		$this->assertSame( 'Your weekly UserFeedback summary for Acme & Co', $mail['subject'] );
		$this->assertStringContainsString( 'Content-Type: text/html; charset=UTF-8', self::headers_of( $mail ) );
		$this->assertStringContainsString( '9 responses from March 2, 2026 to March 8, 2026.', $body );
		$this->assertStringContainsString( '<strong>Checkout</strong><br>6 responses<br>NPS score: 17', $body );
		$this->assertStringContainsString( '<strong>Blog &lt;feedback&gt;</strong><br>3 responses</p>', $body );
		$this->assertStringNotContainsString( '<feedback>', $body );
		$this->assertStringNotContainsString( 'Quiet', $body );
		$this->assertStringContainsString( '<strong>Pricing</strong><br><a href="https://example.com/pricing/">https://example.com/pricing/</a><br>3 responses', $body );
		$this->assertStringNotContainsString( 'example.com/d/', $body );
		$this->assertStringContainsString( esc_url( admin_url( 'admin.php?page=userfeedback_results' ) ), $body );
	}

	public function test_the_plain_summary_goes_to_the_site_administrator_by_default(): void {
		$this->week();
		self::use_settings( array( 'summaries_html_template' => false ) );

		self::summary()->send();

		$mail = $this->mails[0];
		$body = $mail['message'];
		$this->assertSame( array( 'owner@example.com' ), $mail['to'] );
		$this->assertStringNotContainsString( 'text/html', self::headers_of( $mail ) );
		$this->assertStringContainsString( "Checkout\n  6 responses\n  NPS score: 17\n", $body );
		$this->assertStringContainsString( "Blog\n  3 responses\n", $body, 'Tags stripped from the plain text.' );
		$this->assertStringContainsString( "Pricing\n  https://example.com/pricing/\n  3 responses\n", $body );
	}

	public function test_a_week_without_responses_says_so(): void {
		self::results_survey( array( 'title' => 'Quiet' ) );

		self::summary()->send();

		$this->assertStringContainsString( 'No responses from March 2, 2026 to March 8, 2026.', $this->mails[0]['message'] );
		$this->assertStringNotContainsString( 'Quiet', $this->mails[0]['message'] );
	}

	public function test_nothing_is_sent_while_summaries_are_disabled(): void {
		$this->week();
		self::use_settings( array( 'summaries_disabled' => true ) );

		do_action( WeeklySummary::HOOK );
		self::summary()->send();

		$this->assertSame( 0, $this->mail_calls );
	}

	public function test_the_plugin_sends_the_summary_on_its_event(): void {
		do_action( WeeklySummary::HOOK );

		$this->assertSame( 1, $this->mail_calls );
		$this->assertSame( array( 'owner@example.com' ), $this->mails[0]['to'] );
	}

	public function test_the_event_is_scheduled_weekly_once(): void {
		wp_clear_scheduled_hook( WeeklySummary::HOOK );
		$summary = self::summary();

		$summary->schedule();
		$summary->schedule();

		$events = self::events( WeeklySummary::HOOK );
		$this->assertCount( 1, $events );
		$this->assertSame( 'weekly', wp_get_schedule( WeeklySummary::HOOK ) );
		$this->assertGreaterThan( time(), $events[0][0] );
		$this->assertLessThanOrEqual( time() + WEEK_IN_SECONDS, $events[0][0] );
		$this->assertSame( '1 08:00', wp_date( 'N H:i', $events[0][0] ), 'Monday, 08:00 site time.' );
	}
}
