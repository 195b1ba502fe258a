<?php
/**
 * The plugin's custom tables: one definition, used by the migrator, the uninstaller and the repositories.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

final class Schema {

	/**
	 * Bump when a table definition changes; the migrator runs dbDelta again on the next request.
	 */
	public const VERSION = 13;

	/**
	 * Short names of our tables, the allow-list for every identifier built from them.
	 */
	public const TABLES = array( 'surveys', 'responses', 'answers', 'impressions', 'post_ratings', 'post_rating_totals', 'rate_limits', 'daily_responses', 'daily_answers', 'daily_funnel', 'response_fields', 'webhooks', 'webhook_deliveries', 'daily_partials', 'id_blocks', 'answer_terms' );

	/**
	 * The statuses of a response (and of its answers): completed, partial, in the trash.
	 */
	public const RESPONSE_STATUSES = array( 'publish', 'partial', 'trash' );

	/**
	 * Full, prefixed name of one of our tables on the current site.
	 *
	 * @throws \InvalidArgumentException For a name that is not ours.
	 */
	public static function table( string $name ): string {
		global $wpdb;
		if ( ! in_array( $name, self::TABLES, true ) ) {
			throw new \InvalidArgumentException( esc_html( sprintf( 'Unknown UserFeedback table "%s".', $name ) ) );
		}
		return $wpdb->prefix . 'userfeedback_' . $name;
	}

	/**
	 * CREATE TABLE statements in the exact layout dbDelta() parses (two spaces after PRIMARY KEY,
	 * one definition a line): dbDelta compares them column by column on upgrades.
	 *
	 * Answers repeat the response's status and date so that per-question counts are one GROUP BY on
	 * one index, with no join to the responses table.
	 *
	 * A response's user_id (the logged-in visitor at its first write, 0 for a guest) and email (lower-cased,
	 * its first valid answer of an email question; version 7) are what the personal-data exporter and
	 * eraser look a person up by (Privacy\PersonalData); nothing else reads them.
	 *
	 * The admin's responses list (AdminResponseRepository, version 10) pages a survey's list of one
	 * status on survey_status_date (by date) or survey_status_id (by id), and a device filter on
	 * survey_status_device; each ends with the primary key, so a page is a walk of one index range.
	 *
	 * @return array<string,string> Short table name => statement.
	 */
	public static function statements(): array {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();

		return array(
			'surveys'            => 'CREATE TABLE ' . self::table( 'surveys' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  title varchar(255) NOT NULL DEFAULT '',
  type varchar(20) NOT NULL DEFAULT 'survey',
  status varchar(20) NOT NULL DEFAULT 'draft',
  template varchar(100) NOT NULL DEFAULT '',
  questions longtext NOT NULL,
  settings longtext NOT NULL,
  notifications longtext NOT NULL,
  publish_at datetime DEFAULT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY status_publish (status,publish_at),
  KEY created_at (created_at)
) $charset;",
			'responses'          => 'CREATE TABLE ' . self::table( 'responses' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  survey_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  submitted_at datetime NOT NULL,
  page_url varchar(2048) NOT NULL DEFAULT '',
  page_title varchar(255) NOT NULL DEFAULT '',
  ip varchar(45) NOT NULL DEFAULT '',
  browser varchar(64) NOT NULL DEFAULT '',
  os varchar(64) NOT NULL DEFAULT '',
  device varchar(16) NOT NULL DEFAULT '',
  client_id varchar(36) DEFAULT NULL,
  started_at datetime DEFAULT NULL,
  completed_at datetime DEFAULT NULL,
  closed_at datetime DEFAULT NULL,
  last_question smallint(5) unsigned NOT NULL DEFAULT 0,
  user_id bigint(20) unsigned NOT NULL DEFAULT 0,
  email varchar(100) NOT NULL DEFAULT '',
  PRIMARY KEY  (id),
  UNIQUE KEY survey_client (survey_id,client_id),
  KEY survey_status_date (survey_id,status,submitted_at),
  KEY survey_status_id (survey_id,status,id),
  KEY survey_status_device (survey_id,status,device,submitted_at),
  KEY submitted_at (submitted_at),
  KEY partial_open (status,closed_at,submitted_at),
  KEY user_id (user_id),
  KEY email (email)
) $charset;",
			'answers'            => 'CREATE TABLE ' . self::table( 'answers' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  response_id bigint(20) unsigned NOT NULL,
  survey_id bigint(20) unsigned NOT NULL,
  question_id int(10) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  submitted_at datetime NOT NULL,
  value text,
  extra text,
  PRIMARY KEY  (id),
  UNIQUE KEY response_question (response_id,question_id),
  KEY survey_question (survey_id,question_id,status,submitted_at)
) $charset;",
			'impressions'        => 'CREATE TABLE ' . self::table( 'impressions' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  day date NOT NULL,
  count int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,day)
) $charset;",
			// created_post_rating (version 4) covers the results: the votes of a range, grouped per post
			// with their average, come from an index range alone (at 200,000 votes, 3x to 5x faster than
			// through created_at; SQLite and MariaDB both pick it without table statistics).
			'post_ratings'       => 'CREATE TABLE ' . self::table( 'post_ratings' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  post_id bigint(20) unsigned NOT NULL,
  rating tinyint(3) unsigned NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY post_created (post_id,created_at),
  KEY created_at (created_at),
  KEY created_post_rating (created_at,post_id,rating)
) $charset;",
			// Each rated post's all-time vote count and sum, upserted with every vote (RatingRepository): what a
			// rated page and the vote route read is one primary-key row, however many votes the post has.
			'post_rating_totals' => 'CREATE TABLE ' . self::table( 'post_rating_totals' ) . " (
  post_id bigint(20) unsigned NOT NULL,
  votes int(10) unsigned NOT NULL DEFAULT 0,
  total bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY  (post_id)
) $charset;",
			// Counters of the public routes' rate limits (Rest\RateLimiter) on sites without a persistent
			// object cache: one row per limit, client and window, upserted; expired rows are pruned.
			'rate_limits'        => 'CREATE TABLE ' . self::table( 'rate_limits' ) . " (
  bucket char(40) NOT NULL,
  hits int(10) unsigned NOT NULL DEFAULT 0,
  expires_at bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (bucket),
  KEY expires_at (expires_at)
) $charset;",
			// Daily rollups (Rollups): published responses per survey and site-local day, and per
			// question the answered / skipped counts and the count of each value of the quantitative
			// types (kind 0 value, 1 answered, 2 skipped). Counts are signed: trash subtracts. value is
			// binary (191 characters of UTF-8 at most): labels that differ in case only stay apart.
			'daily_responses'    => 'CREATE TABLE ' . self::table( 'daily_responses' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  day date NOT NULL,
  count int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,day)
) $charset;",
			// Version 12, the anchors of the responses list's other orders (AdminResponseRepository), kept
			// like the rollups above: partial responses per survey and site-local day of their last
			// write (submitted_at), and every response per survey, status and block of
			// Rollups::ID_BLOCK ids.
			'daily_partials'     => 'CREATE TABLE ' . self::table( 'daily_partials' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  day date NOT NULL,
  count int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,day)
) $charset;",
			'id_blocks'          => 'CREATE TABLE ' . self::table( 'id_blocks' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL,
  block bigint(20) unsigned NOT NULL,
  count int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,status,block)
) $charset;",
			// Version 13, the search table (AnswerTerms): each word of each text answer and comment,
			// in the order a search of one question's answers walks them. term is binary, lower-cased
			// and without accents by AnswerTerms::words(), so a range of terms is every word with a start.
			'answer_terms'       => 'CREATE TABLE ' . self::table( 'answer_terms' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  question_id int(10) unsigned NOT NULL,
  field tinyint(3) unsigned NOT NULL DEFAULT 0,
  status varchar(20) NOT NULL,
  term varbinary(128) NOT NULL,
  submitted_at datetime NOT NULL,
  response_id bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (survey_id,question_id,field,status,term,submitted_at,response_id),
  KEY response_term (response_id,question_id,term)
) $charset;",
			'daily_answers'      => 'CREATE TABLE ' . self::table( 'daily_answers' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  day date NOT NULL,
  question_id int(10) unsigned NOT NULL,
  kind tinyint(3) unsigned NOT NULL DEFAULT 0,
  value varbinary(764) NOT NULL DEFAULT '',
  count int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,day,question_id,kind,value)
) $charset;",
			// The drop-off funnel (Rollups::METRIC_*), per survey and site-local day of the response's
			// started_at: question_id 0 holds started, completed and the duration buckets of completed
			// responses (none of them counts the trash), and trashed (version 11: the trash's count); a
			// question's row its answered, skipped and left counts. Signed, as above.
			'daily_funnel'       => 'CREATE TABLE ' . self::table( 'daily_funnel' ) . " (
  survey_id bigint(20) unsigned NOT NULL,
  day date NOT NULL,
  question_id int(10) unsigned NOT NULL,
  metric smallint(5) unsigned NOT NULL,
  count int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY  (survey_id,day,question_id,metric)
) $charset;",
			// Hidden fields (version 9; their rules live with the responses): a response's values by name, stored once
			// (the primary key); survey_field serves a survey's values of one name (display and email
			// logic, filters) with the first 100 characters of the value in the index.
			'response_fields'    => 'CREATE TABLE ' . self::table( 'response_fields' ) . " (
  response_id bigint(20) unsigned NOT NULL,
  survey_id bigint(20) unsigned NOT NULL,
  name varchar(40) NOT NULL,
  value varchar(200) NOT NULL DEFAULT '',
  PRIMARY KEY  (response_id,name),
  KEY survey_field (survey_id,name,value(100))
) $charset;",
			// Webhooks (version 10, Webhooks\WebhookQueue): the URLs that receive each completed response
			// (survey_id 0: every survey), and their deliveries, which are the queue (status_next: the due
			// ones) and the log (webhook_log: a webhook's latest attempts).
			'webhooks'           => 'CREATE TABLE ' . self::table( 'webhooks' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  survey_id bigint(20) unsigned NOT NULL DEFAULT 0,
  url varchar(2048) NOT NULL DEFAULT '',
  format varchar(10) NOT NULL DEFAULT 'json',
  secret varchar(128) NOT NULL DEFAULT '',
  active tinyint(1) unsigned NOT NULL DEFAULT 1,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY active_survey (active,survey_id)
) $charset;",
			'webhook_deliveries' => 'CREATE TABLE ' . self::table( 'webhook_deliveries' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  webhook_id bigint(20) unsigned NOT NULL,
  response_id bigint(20) unsigned NOT NULL DEFAULT 0,
  event varchar(32) NOT NULL DEFAULT 'response.completed',
  status varchar(16) NOT NULL DEFAULT 'pending',
  attempts smallint(5) unsigned NOT NULL DEFAULT 0,
  next_at datetime DEFAULT NULL,
  last_code smallint(5) unsigned NOT NULL DEFAULT 0,
  last_error varchar(255) NOT NULL DEFAULT '',
  duration_ms int(10) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  attempted_at datetime DEFAULT NULL,
  delivered_at datetime DEFAULT NULL,
  PRIMARY KEY  (id),
  KEY status_next (status,next_at),
  KEY webhook_log (webhook_id,id),
  KEY created_at (created_at)
) $charset;",
		);
	}
}
