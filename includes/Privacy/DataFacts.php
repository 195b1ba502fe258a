<?php
/**
 * What the site's surveys do with visitors' data, read from the tables for the privacy policy text and
 * Site Health: how many responses there are, which published surveys send analytics events or email
 * each response, who those emails go to (by domain only), and which surveys keep responses for a
 * period of their own.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Privacy;

use UserFeedback\Database\Schema;
use UserFeedback\Notifications\Email\Mail;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- surveys, responses: a few counts read only when an admin opens Site Health or the privacy policy guide (and by Site Health's own tests, which core runs in the background); each is one index count, and a stale one would state wrong facts about the site's data. Not cached on purpose.

final class DataFacts {

	/**
	 * The published surveys' data flows. Surveys in draft or the trash show nothing to visitors, so they
	 * collect nothing new and are left out.
	 *
	 * @return array{surveys:int,tracking:int,emailing:int,recipient_domains:string[],retention:array<int,int>}
	 *         surveys: published surveys; tracking: those with analytics events on; emailing: those that
	 *         email each response; recipient_domains: the domains of those emails' addresses, sorted;
	 *         retention: the surveys' own retention periods in days (0 = forever) => how many surveys set it.
	 */
	public function published_surveys(): array {
		global $wpdb;
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare( "SELECT settings, notifications FROM %i WHERE status = 'publish'", Schema::table( 'surveys' ) ),
			ARRAY_A
		);
		$facts = array(
			'surveys'           => count( $rows ),
			'tracking'          => 0,
			'emailing'          => 0,
			'recipient_domains' => array(),
			'retention'         => array(),
		);
		foreach ( $rows as $row ) {
			$settings      = json_decode( (string) ( $row['settings'] ?? '' ), true );
			$notifications = json_decode( (string) ( $row['notifications'] ?? '' ), true );
			$settings      = is_array( $settings ) ? $settings : array();
			$email         = is_array( $notifications['email'] ?? null ) ? $notifications['email'] : array();
			if ( ! empty( $settings['enable_tracking'] ) ) {
				++$facts['tracking'];
			}
			if ( ! empty( $email['active'] ) ) {
				$recipients = Mail::recipients( (string) ( $email['addresses'] ?? '' ) );
				if ( $recipients ) {
					++$facts['emailing'];
				}
				foreach ( $recipients as $address ) {
					$facts['recipient_domains'][] = strtolower( substr( (string) strrchr( $address, '@' ), 1 ) );
				}
			}
			if ( isset( $settings['retention_days'] ) && is_numeric( $settings['retention_days'] ) ) {
				$days                        = max( 0, (int) $settings['retention_days'] );
				$facts['retention'][ $days ] = ( $facts['retention'][ $days ] ?? 0 ) + 1;
			}
		}
		$facts['recipient_domains'] = array_values( array_unique( array_filter( $facts['recipient_domains'] ) ) );
		sort( $facts['recipient_domains'] );
		ksort( $facts['retention'] );
		return $facts;
	}

	/**
	 * Surveys (not in the trash) and responses by status.
	 *
	 * @return array{surveys:int,responses:int,partial:int,trash:int}
	 */
	public function counts(): array {
		global $wpdb;
		$surveys = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE status <> 'trash'", Schema::table( 'surveys' ) ) );
		$rows    = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT status, COUNT(*) AS n FROM %i GROUP BY status', Schema::table( 'responses' ) ),
			ARRAY_A
		);
		$by      = array();
		foreach ( $rows as $row ) {
			$by[ (string) $row['status'] ] = (int) $row['n'];
		}
		return array(
			'surveys'   => $surveys,
			'responses' => $by['publish'] ?? 0,
			'partial'   => $by['partial'] ?? 0,
			'trash'     => $by['trash'] ?? 0,
		);
	}

	/**
	 * Responses, completed or not, written since a moment (UTC, Y-m-d H:i:s); read on the submitted_at index.
	 */
	public function responses_since( string $since_utc ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE submitted_at >= %s', Schema::table( 'responses' ), $since_utc )
		);
	}
}
