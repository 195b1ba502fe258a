<?php
/**
 * The weekly summary email (a WP-Cron event): the last seven whole days of the site (yesterday and
 * the six days before, in its time zone, so that one email follows on from the last): responses per
 * published survey, the NPS score of the surveys that ask an NPS question, and the pages that brought
 * the most responses. Sent to the Email setting's recipients (or the site administrator) in the Misc
 * setting's template; nothing is sent while the Misc setting turns summaries off.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Results\Nps;
use UserFeedback\Results\Range;
use UserFeedback\Results\ResultsRepository;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\QuestionTypes\NpsType;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class WeeklySummary {

	public const HOOK      = 'userfeedback_weekly_summary';
	public const TOP_PAGES = 5;

	/**
	 * @param \Closure():string|null $today Today in the site's time zone ('Y-m-d'); tests fix it.
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly SettingsRepository $settings,
		private readonly ResultsRepository $results = new ResultsRepository(),
		private readonly SummaryRepository $summaries = new SummaryRepository(),
		private readonly ?\Closure $today = null,
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'send' ) );
		// Set up in the admin, as the licence check is: visitors' requests never pay for it.
		add_action( 'admin_init', array( $this, 'schedule' ) );
	}

	/**
	 * Schedules the weekly event when it is missing: first on the coming Monday at 08:00, site time.
	 * It stays scheduled while summaries are off; the event then does nothing.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			$first = new \DateTimeImmutable( 'next monday 08:00', wp_timezone() );
			wp_schedule_event( $first->getTimestamp(), 'weekly', self::HOOK );
		}
	}

	/**
	 * The event. A failed send is logged; next week's email covers its own week.
	 */
	public function send(): void {
		if ( ! empty( $this->settings->get( 'summaries_disabled' ) ) ) {
			return;
		}
		$email = $this->compose();
		if ( ! $email['to'] ) {
			return;
		}
		$sent = Mail::send( $email['to'], $email['subject'], $email['body'], $email['headers'] );
		if ( true !== $sent ) {
			// A lost summary leaves no other trace.
			\UserFeedback\Log::error( sprintf( 'the weekly summary was not sent: %s', $sent ) );
		}
	}

	/**
	 * The seven whole days before today.
	 */
	public function range(): Range {
		$today = null !== $this->today ? ( $this->today )() : current_datetime()->format( 'Y-m-d' );
		return new Range( Range::add_days( $today, -7 ), Range::add_days( $today, -1 ), wp_timezone() );
	}

	/**
	 * What the summary reports for a range.
	 *
	 * @return array{total:int,surveys:array<int,array{id:int,title:string,count:int,nps:int|null}>,pages:array<int,array{url:string,title:string,count:int}>}
	 */
	public function report( Range $range ): array {
		$published = array();
		foreach ( $this->surveys->published() as $survey ) {
			$published[ (int) $survey['id'] ] = $survey;
		}
		$counts  = $this->results->response_counts( array_keys( $published ), $range->from, $range->to );
		$surveys = array();
		foreach ( $counts as $id => $count ) {
			$surveys[] = array(
				'id'    => $id,
				'title' => (string) $published[ $id ]['title'],
				'count' => $count,
				'nps'   => $this->nps( $published[ $id ], $range ),
			);
		}
		usort( $surveys, static fn( array $a, array $b ): int => array( $b['count'], $a['id'] ) <=> array( $a['count'], $b['id'] ) );
		return array(
			'total'   => array_sum( $counts ),
			'surveys' => $surveys,
			'pages'   => $this->summaries->top_pages( $range->start_utc(), $range->end_utc(), self::TOP_PAGES ),
		);
	}

	/**
	 * @return array{to:string[],subject:string,body:string,headers:string[]}
	 */
	public function compose(): array {
		$settings = $this->settings->all();
		$html     = (bool) $settings['summaries_html_template'];
		$range    = $this->range();
		return array(
			'to'      => Mail::recipients( (string) $settings['notifications_recipients'] ),
			/* translators: %s: site name. */
			'subject' => sprintf( __( 'Your weekly UserFeedback summary for %s', 'userfeedback' ), EmailTemplate::site_name() ),
			'body'    => EmailTemplate::render( $this->content( $range, $this->report( $range ) ), $html, (string) $settings['notifications_header_image'] ),
			'headers' => EmailTemplate::headers( $html ),
		);
	}

	/**
	 * The score of the survey's first NPS question over the range; null without one or without answers.
	 *
	 * @param array<string,mixed> $survey The survey.
	 */
	private function nps( array $survey, Range $range ): ?int {
		foreach ( (array) $survey['questions'] as $question ) {
			if ( is_array( $question ) && NpsType::KEY === ( $question['type'] ?? '' ) ) {
				$id     = (int) $question['id'];
				$totals = $this->results->answer_totals( (int) $survey['id'], array( $id ), $range );
				$score  = Nps::from_counts( $totals[ $id ]['values'] ?? array() )['score'];
				return null === $score ? null : (int) $score;
			}
		}
		return null;
	}

	/**
	 * @param array{total:int,surveys:array<int,array<string,mixed>>,pages:array<int,array<string,mixed>>} $report What to say.
	 * @return array<string,mixed> For EmailTemplate::render().
	 */
	private function content( Range $range, array $report ): array {
		$format = (string) get_option( 'date_format' );
		$day    = static fn( string $ymd ): string => (string) wp_date( $format, ( new \DateTimeImmutable( $ymd . ' 12:00:00', $range->zone ) )->getTimestamp(), $range->zone );

		$surveys = array();
		foreach ( $report['surveys'] as $survey ) {
			/* translators: %s: number of responses. */
			$lines = array( sprintf( _n( '%s response', '%s responses', $survey['count'], 'userfeedback' ), number_format_i18n( $survey['count'] ) ) );
			if ( null !== $survey['nps'] ) {
				/* translators: %d: Net Promoter Score, -100 to 100. */
				$lines[] = sprintf( __( 'NPS score: %d', 'userfeedback' ), $survey['nps'] );
			}
			$surveys[] = array(
				'label' => '' !== trim( (string) $survey['title'] ) ? (string) $survey['title'] : __( '(untitled survey)', 'userfeedback' ),
				'lines' => $lines,
			);
		}
		$pages = array();
		foreach ( $report['pages'] as $page ) {
			$pages[] = array(
				'label' => '' !== trim( $page['title'] ) ? $page['title'] : $page['url'],
				'link'  => array(
					'text' => $page['url'],
					'url'  => $page['url'],
				),
				/* translators: %s: number of responses. */
				'lines' => array( sprintf( _n( '%s response', '%s responses', $page['count'], 'userfeedback' ), number_format_i18n( $page['count'] ) ) ),
			);
		}

		$sections = array();
		if ( $surveys ) {
			$sections[] = array(
				'heading' => __( 'Responses by survey', 'userfeedback' ),
				'rows'    => $surveys,
			);
		}
		if ( $pages ) {
			$sections[] = array(
				'heading' => __( 'Top pages', 'userfeedback' ),
				'rows'    => $pages,
			);
		}
		$intro = $report['total'] > 0
			/* translators: 1: number of responses, 2: first day, 3: last day. */
			? sprintf( _n( '%1$s response from %2$s to %3$s.', '%1$s responses from %2$s to %3$s.', $report['total'], 'userfeedback' ), number_format_i18n( $report['total'] ), $day( $range->from ), $day( $range->to ) )
			/* translators: 1: first day, 2: last day. */
			: sprintf( __( 'No responses from %1$s to %2$s.', 'userfeedback' ), $day( $range->from ), $day( $range->to ) );
		return array(
			'title'    => __( 'Your weekly UserFeedback summary', 'userfeedback' ),
			'intro'    => $intro,
			'sections' => $sections,
			'links'    => array(
				array(
					'text' => __( 'View your results', 'userfeedback' ),
					'url'  => admin_url( 'admin.php?page=userfeedback_results' ),
				),
			),
		);
	}
}
