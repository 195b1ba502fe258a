<?php
/**
 * The suggested privacy policy text (Settings > Privacy > Policy Guide), written from the site's
 * settings and its published surveys as they are now: what a response stores, whether IP addresses are
 * anonymised, how long responses are kept, who receives answers by email, the AI provider when one is
 * configured, analytics events when a survey sends them, and Google Fonts when the site opted in.
 *
 * WordPress compares the text with the one the privacy page was last written from on every admin
 * request (WP_Privacy_Policy_Content::text_change_check) and tells the administrator when it changed:
 * so the text is added on every admin_init, and changing a setting that it describes raises that notice.
 * Paragraphs with the privacy-policy-tutorial class are notes for the administrator, which the guide's
 * copy button leaves out.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Privacy;

use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class PolicyText {

	/** The name the text is listed under in the guide. */
	public const NAME = 'UserFeedback';

	public function __construct(
		private readonly SettingsRepository $settings,
		private readonly DataFacts $facts = new DataFacts(),
	) {}

	public function register(): void {
		add_action( 'admin_init', array( $this, 'add' ) );
	}

	public function add(): void {
		if ( function_exists( 'wp_add_privacy_policy_content' ) ) {
			wp_add_privacy_policy_content( self::NAME, $this->html() );
		}
	}

	/**
	 * The text, as HTML that wp_kses_post() keeps unchanged.
	 */
	public function html(): string {
		$settings = $this->settings->all();
		$surveys  = $this->facts->published_surveys();
		$parts    = array_merge(
			array( self::tutorial( __( 'UserFeedback writes this text from its settings and your published surveys as they are now. When you change them, WordPress tells you that the suggested text has changed.', 'userfeedback' ) ) ),
			$this->collected( $settings ),
			$this->kept( $settings, $surveys['retention'] ),
			$this->shared( $settings, $surveys ),
			array(
				self::heading( __( 'Your rights over your survey answers', 'userfeedback' ) ),
				self::paragraph( __( 'You can ask us for a copy of the survey answers we hold about you, or ask us to erase them. We find them by the email address you gave in a survey and, if you were logged in, by your user account.', 'userfeedback' ) ),
			)
		);
		return implode( "\n", $parts );
	}

	/**
	 * What a response stores, and what the browser keeps.
	 *
	 * @param array<string,mixed> $settings Site settings.
	 * @return string[]
	 */
	private function collected( array $settings ): array {
		$parts = array(
			self::heading( __( 'Surveys and feedback', 'userfeedback' ) ),
			self::paragraph( __( 'When you answer a survey on this site, we store your answers, the address and title of the page you answered on, the browser, operating system and type of device you used, and the time.', 'userfeedback' ) ),
			self::paragraph(
				! empty( $settings['anonymize_ips'] )
					? __( 'We also store your IP address with its last part removed (for example, 192.0.2.0 instead of 192.0.2.51), so that it no longer points to your connection.', 'userfeedback' )
					: __( 'We also store your full IP address with your answers.', 'userfeedback' )
			),
			self::paragraph( __( 'If you are logged in to this site when you answer, we store your user account with your answers. If a survey asks for your email address (and your name), we store what you enter.', 'userfeedback' ) ),
		);
		if ( '' !== (string) ( $settings['geo_header'] ?? '' ) ) {
			$parts[] = self::paragraph( __( 'To decide which surveys to show you, we read the country your connection comes from, as our content delivery network reports it. The country is not stored with your answers.', 'userfeedback' ) );
		}
		$parts[] = self::paragraph( __( 'To protect our surveys from abuse, we count the requests coming from each connection for a short time. The counters are kept under a keyed hash of the IP address, never the address itself, and expire after a few minutes.', 'userfeedback' ) );
		$parts[] = self::paragraph( __( 'Your browser keeps a cookie for each survey you answered, until you close it, so that the survey is not shown to you again, and keeps answers that could not be sent yet (for example, while you were offline) until they reach us.', 'userfeedback' ) );
		if ( empty( $settings['anonymize_ips'] ) ) {
			$parts[] = self::tutorial( __( 'Full IP addresses are stored because the UserFeedback setting that anonymises them (anonymize_ips) is off. Turn it on unless you need the full addresses, and say here why you keep them.', 'userfeedback' ) );
		}
		return $parts;
	}

	/**
	 * How long responses are kept.
	 *
	 * @param array<string,mixed> $settings  Site settings.
	 * @param array<int,int>      $overrides Surveys' own retention in days => how many surveys set it.
	 * @return string[]
	 */
	private function kept( array $settings, array $overrides ): array {
		$days  = max( 0, (int) ( $settings['retention_days'] ?? 0 ) );
		$parts = array(
			self::heading( __( 'How long we keep survey answers', 'userfeedback' ) ),
			self::paragraph(
				0 === $days
					? __( 'We keep survey answers until we delete them.', 'userfeedback' )
					: sprintf(
						/* translators: %s: number of days. */
						_n( 'Survey answers, finished or not, are deleted automatically %s day after they were given.', 'Survey answers, finished or not, are deleted automatically %s days after they were given.', $days, 'userfeedback' ),
						number_format_i18n( $days )
					)
			),
		);
		unset( $overrides[ $days ] );
		if ( $overrides ) {
			$periods = array();
			foreach ( array_keys( $overrides ) as $period ) {
				$periods[] = 0 === $period
					? __( 'until we delete them', 'userfeedback' )
					/* translators: %s: number of days. */
					: sprintf( _n( '%s day', '%s days', $period, 'userfeedback' ), number_format_i18n( $period ) );
			}
			$parts[] = self::paragraph(
				sprintf(
					/* translators: %s: list of periods, e.g. "30 days, until we delete them". */
					__( 'Some surveys keep their answers for a period of their own: %s.', 'userfeedback' ),
					implode( wp_get_list_item_separator(), $periods )
				)
			);
		}
		return $parts;
	}

	/**
	 * Who else receives survey data: email recipients, the AI provider, Google Analytics, Google Fonts.
	 *
	 * @param array<string,mixed>                                                                      $settings Site settings.
	 * @param array{surveys:int,tracking:int,emailing:int,recipient_domains:string[],retention:array<int,int>} $surveys  DataFacts::published_surveys().
	 * @return string[]
	 */
	private function shared( array $settings, array $surveys ): array {
		$parts = array( self::heading( __( 'Who receives your survey answers', 'userfeedback' ) ) );
		if ( $surveys['emailing'] > 0 ) {
			$parts[] = self::paragraph( __( 'When you answer some of our surveys, your answers, with the page you answered on, are sent by email to the people on our team who follow that survey.', 'userfeedback' ) );
			$parts[] = self::tutorial(
				sprintf(
					/* translators: 1: number of surveys, 2: list of email domains, e.g. "example.com, example.org". */
					_n( '%1$s published survey emails each response, to addresses at: %2$s. If any of these addresses belong to another organisation (an agency, a help desk service), name it here.', '%1$s published surveys email each response, to addresses at: %2$s. If any of these addresses belong to another organisation (an agency, a help desk service), name it here.', $surveys['emailing'], 'userfeedback' ),
					number_format_i18n( $surveys['emailing'] ),
					implode( wp_get_list_item_separator(), $surveys['recipient_domains'] )
				)
			);
		} else {
			$parts[] = self::paragraph( __( 'Your answers are kept on this site and read by the people on our team who run our surveys.', 'userfeedback' ) );
		}

		$host = self::host( (string) ( $settings['ai_base_url'] ?? '' ) );
		if ( '' !== $host ) {
			$parts[] = self::paragraph(
				sprintf(
					/* translators: %s: host name of the AI service, e.g. api.openai.com. */
					__( 'We use an AI service at %s to summarise written feedback. When we ask for a summary of a survey, the text of its written answers and comments is sent there, with any email addresses in them removed. Email addresses, names and the other details stored with your answers are not sent.', 'userfeedback' ),
					$host
				)
			);
			$parts[] = self::tutorial( __( 'Name the company behind this AI service and link to its privacy policy, and check whether it may keep or learn from what it receives.', 'userfeedback' ) );
		}

		if ( $surveys['tracking'] > 0 ) {
			$parts[] = self::paragraph( __( 'When this site uses Google Analytics, some of our surveys tell it when a survey is shown to you and when you answer it (the survey\'s name and number, not your answers). Google Analytics receives these events together with what it collects about your visit anyway.', 'userfeedback' ) );
		}

		if ( ! empty( $settings['external_fonts'] ) ) {
			$parts[] = self::paragraph( __( 'Our surveys use a font from Google Fonts: your browser downloads it from Google\'s servers (fonts.googleapis.com and fonts.gstatic.com), which see your IP address and browser.', 'userfeedback' ) );
			$parts[] = self::tutorial( __( 'This is because "Load fonts from Google Fonts" is turned on in the UserFeedback settings. With it off, fonts come from this site and the paragraph above goes away.', 'userfeedback' ) );
		}
		return $parts;
	}

	/**
	 * The host (and port, when there is one) of a URL; '' when it has none.
	 */
	public static function host( string $url ): string {
		$parts = wp_parse_url( trim( $url ) );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) ) {
			return '';
		}
		return strtolower( (string) $parts['host'] ) . ( isset( $parts['port'] ) ? ':' . (int) $parts['port'] : '' );
	}

	private static function heading( string $text ): string {
		return '<h2>' . esc_html( $text ) . '</h2>';
	}

	private static function paragraph( string $text ): string {
		return '<p>' . esc_html( $text ) . '</p>';
	}

	private static function tutorial( string $text ): string {
		return '<p class="privacy-policy-tutorial">' . esc_html( $text ) . '</p>';
	}
}
