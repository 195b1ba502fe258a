<?php
/**
 * Fills a UserFeedback site with surveys, responses, answers and impressions, fast: batched
 * multi-row INSERTs through $wpdb with explicit ids, a transaction per batch.
 *
 * As the widget writes them since schema version 6: every response has a client id and a start;
 * about one in five (of those not trashed) is partial: the visitor answered the questions before
 * last_question and left (closed by the cron when its last answer is over 24 hours old, open
 * otherwise), its answers with status 'partial'; the others are completed, a lognormal-ish 10 s to
 * 7 min after they started. The rollups (daily_funnel included) are then built from these rows by
 * Rollups::rebuild_all(), as the migration builds them, and the search table by AnswerTerms::fill(), as
 * an older site's upgrade fills it.
 *
 *   php bench/seed.php SITE_DIR --surveys=5 --responses=100000 [--batch=1000] [--seed=1]
 *
 * Each survey lists two hidden fields (plan, from a query parameter; campaign, from a cookie): about
 * half the responses carry a plan, a quarter a campaign (response_fields), as the filters read them.
 * Page URLs are 50 pages, five of them named (/pricing/, /features/, /docs/, /blog/, /contact/).
 *
 * Prints one JSON line with what it wrote and how long it took. Not part of the test pass/fail.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

require __DIR__ . '/lib.php';

// getopt() stops at the first operand (the site), so the --name=value options are read by hand.
$opts = array();
foreach ( array_slice( $argv, 2 ) as $arg ) {
	if ( preg_match( '/^--(surveys|responses|batch|seed)=(\d+)$/', $arg, $m ) ) {
		$opts[ $m[1] ] = $m[2];
	}
}
$surveys_n = max( 1, (int) ( $opts['surveys'] ?? 5 ) );
$total     = max( 0, (int) ( $opts['responses'] ?? 100000 ) );
$batch     = max( 1, min( 5000, (int) ( $opts['batch'] ?? 1000 ) ) );
mt_srand( (int) ( $opts['seed'] ?? 1 ) );

uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;

/**
 * The SQLite driver translates every statement with a tokenizer written in PHP, which makes a
 * 1,000-row INSERT take seconds; on SQLite the seeder hands the same prepared statement to the
 * driver's own PDO instead. MariaDB gets it through $wpdb.
 */
function uf_bench_pdo(): ?PDO {
	return ( $GLOBALS['@pdo'] ?? null ) instanceof PDO ? $GLOBALS['@pdo'] : null;
}

function uf_bench_begin(): void {
	global $wpdb;
	$pdo = uf_bench_pdo();
	$pdo ? $pdo->beginTransaction() : $wpdb->query( 'START TRANSACTION' );
}

function uf_bench_commit(): void {
	global $wpdb;
	$pdo = uf_bench_pdo();
	$pdo ? $pdo->commit() : $wpdb->query( 'COMMIT' );
}

/**
 * One multi-row INSERT with every value prepared.
 *
 * @param string                      $table   Short table name.
 * @param string[]                    $columns Column names.
 * @param string                      $formats Placeholders of one row for $wpdb->prepare, e.g. '(%d,%s)'.
 * @param array<int,array<int,mixed>> $rows    Rows of values.
 */
function uf_bench_insert( string $table, array $columns, string $formats, array $rows ): void {
	global $wpdb;
	if ( ! $rows ) {
		return;
	}
	$values = array_merge( ...$rows );
	$pdo    = uf_bench_pdo();
	if ( $pdo ) {
		$row = '(' . implode( ',', array_fill( 0, count( $columns ), '?' ) ) . ')';
		$sql = 'INSERT INTO "' . Schema::table( $table ) . '" ("' . implode( '","', $columns ) . '") VALUES ' . implode( ',', array_fill( 0, count( $rows ), $row ) );
		$pdo->prepare( $sql )->execute( $values );
		return;
	}
	// prepare() turns null into '' (no NULL placeholder): a null value becomes a NULL literal instead.
	$placeholders = explode( ',', trim( $formats, '()' ) );
	$tuples       = array();
	$values       = array();
	foreach ( $rows as $row ) {
		$tuple = array();
		foreach ( array_values( $row ) as $k => $value ) {
			if ( null === $value ) {
				$tuple[] = 'NULL';
			} else {
				$tuple[]  = $placeholders[ $k ];
				$values[] = $value;
			}
		}
		$tuples[] = '(' . implode( ',', $tuple ) . ')';
	}
	$sql = 'INSERT INTO %i (' . implode( ',', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ' . implode( ',', $tuples );
	if ( false === $wpdb->query( $wpdb->prepare( $sql, Schema::table( $table ), ...$columns, ...$values ) ) ) {
		fwrite( STDERR, "insert into $table failed: {$wpdb->last_error}\n" );
		exit( 1 );
	}
}

$started = microtime( true );
$repo    = \UserFeedback\Plugin::instance()->surveys;

$options   = array( 'Very easy', 'Easy', 'Neutral', 'Hard', 'Very hard' );
$features  = array( 'Search', 'Charts', 'Exports', 'Widget', 'Emails' );
$animals   = array( 'Cat', 'Dog', 'Bird' );
$moods     = array( 'Happy', 'Neutral', 'Sad' );
$question  = static function ( int $id, string $type, string $title, array $config = array(), array $settings = array() ): array {
	$q             = \UserFeedback\Surveys\SurveySchema::default_question( $type );
	$q['id']       = $id;
	$q['title']    = $title;
	$q['config']   = array_merge( $q['config'], $config );
	$q['settings'] = array_merge( $q['settings'], $settings );
	return $q;
};
// One question of every type, as the builder stores them.
$questions = array(
	$question( 1, 'radio-button', 'How easy was it to find what you needed?', array( 'options' => $options ) ),
	$question( 2, 'checkbox', 'Which features do you use?', array( 'options' => $features ) ),
	$question( 3, 'image-radio', 'Pick a mascot', array( 'options' => array_map( static fn( $l ) => array( 'label' => $l, 'image' => array( 'id' => null, 'url' => 'https://example.com/' . strtolower( $l ) . '.png' ) ), $animals ) ) ),
	$question( 4, 'icon-choice', 'How do you feel?', array( 'options' => array_map( static fn( $l ) => array( 'label' => $l, 'icon' => array( 'name' => strtolower( $l ), 'style' => 'regular' ) ), $moods ) ) ),
	$question( 5, 'star-rating', 'Rate this page' ),
	$question( 6, 'nps', 'How likely are you to recommend us to a friend?', array(), array( 'comment_box' => true ) ),
	$question( 7, 'text', 'One word for us?' ),
	$question( 8, 'long-text', 'What should we improve?' ),
	$question( 9, 'email', 'Your email, if we may follow up', array( 'include_name' => true ) ),
);

$survey_ids = array();
for ( $i = 1; $i <= $surveys_n; $i++ ) {
	$survey_ids[] = $repo->insert(
		array(
			'title'      => "Benchmark survey $i",
			'status'     => 'publish',
			'questions'  => $questions,
			'settings'   => array(
				'behavior'      => array( 'timing' => 'immediate' ),
				'hidden_fields' => array(
					array( 'name' => 'plan', 'source' => 'query', 'key' => 'plan' ),
					array( 'name' => 'campaign', 'source' => 'cookie', 'key' => 'utm_campaign' ),
				),
			),
			'created_at' => gmdate( 'Y-m-d H:i:s', time() - 400 * DAY_IN_SECONDS ),
		)
	);
}

global $wpdb;
$next_response = 1 + (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', Schema::table( 'responses' ) ) );
$browsers      = array( 'Chrome', 'Firefox', 'Safari', 'Edge' );
$systems       = array( 'Windows', 'macOS', 'Android', 'iOS', 'Linux' );
$devices       = array( 'desktop', 'mobile', 'tablet' );
$words         = array( 'faster', 'pages', 'search', 'clearer', 'pricing', 'support', 'docs', 'mobile', 'menu', 'checkout' );
$now           = time();
$offset        = wp_timezone()->getOffset( new DateTimeImmutable( 'now' ) );
$plans         = array( 'free', 'pro', 'agency' );
$campaigns     = array( 'spring', 'summer', 'newsletter' );
$named_pages   = array( 'pricing', 'features', 'docs', 'blog', 'contact' );
$fields_n      = 0;
$answers_n     = 0;
$partials_n    = 0;
$impressions   = array();
$maybe         = static fn( int $one_in, $value ) => mt_rand( 1, $one_in ) === 1 ? null : $value;

for ( $done = 0; $done < $total; $done += $batch ) {
	$responses = array();
	$answers   = array();
	$fields    = array();
	for ( $j = 0, $n = min( $batch, $total - $done ); $j < $n; $j++ ) {
		$id     = $next_response++;
		$survey = $survey_ids[ mt_rand( 0, $surveys_n - 1 ) ];
		$status = mt_rand( 1, 20 ) === 1 ? 'trash' : 'publish';
		// One in five responses is never completed (a trashed one may be either).
		$partial = mt_rand( 1, 5 ) === 1;
		if ( $partial && 'publish' === $status ) {
			$status = 'partial';
		}
		// Over the last 90 days, in id order as a live site stores them (a range of days is then a
		// range of rows, as in production, not rows scattered over the whole table).
		$ts     = $now - 90 * DAY_IN_SECONDS + (int) ( ( $done + $j + mt_rand( 0, 999 ) / 1000 ) * 90 * DAY_IN_SECONDS / max( 1, $total ) );
		$at     = gmdate( 'Y-m-d H:i:s', $ts );
		// Time from the first answer to the last write: 10 s to 7 min, most around a minute.
		$took    = (int) round( exp( mt_rand( 230, 600 ) / 100 ) );
		$begun   = gmdate( 'Y-m-d H:i:s', $ts - $took );
		// A partial's visitor answered at least the first question (a response starts with its first
		// answer), saw questions up to last_question and answered those before it; the early questions
		// lose the most visitors.
		$last    = $partial ? min( 8, 1 + (int) floor( 8 * ( mt_rand( 0, 999 ) / 1000 ) ** 2 ) ) : 8;
		$closed  = $partial && $ts < $now - DAY_IN_SECONDS ? gmdate( 'Y-m-d H:i:s', $ts + DAY_IN_SECONDS + mt_rand( 0, 3600 ) ) : null;
		$client  = sprintf( '%08x-%04x-4%03x-8%03x-%012x', $id & 0xffffffff, mt_rand( 0, 0xffff ), mt_rand( 0, 0xfff ), mt_rand( 0, 0xfff ), $id );
		$page        = mt_rand( 1, 50 );
		$path        = $named_pages[ $page - 1 ] ?? 'page-' . $page;
		$responses[] = array( $id, $survey, $status, $at, 'https://example.com/' . $path . '/', 'Page ' . mt_rand( 1, 50 ), '192.168.' . mt_rand( 0, 255 ) . '.0', $browsers[ mt_rand( 0, 3 ) ], $systems[ mt_rand( 0, 4 ) ], $devices[ mt_rand( 0, 2 ) ], $client, $begun, $partial ? null : $at, $closed, $last );

		if ( mt_rand( 1, 2 ) === 1 ) {
			$fields[] = array( $id, $survey, 'plan', $plans[ mt_rand( 0, 2 ) ] );
		}
		if ( mt_rand( 1, 4 ) === 1 ) {
			$fields[] = array( $id, $survey, 'campaign', $campaigns[ mt_rand( 0, 2 ) ] );
		}

		// Impressions are counted per site-local day (the offset of today is close enough for a seed).
		$day                           = gmdate( 'Y-m-d', $ts + $offset );
		$impressions[ "$survey|$day" ] = ( $impressions[ "$survey|$day" ] ?? 0 ) + mt_rand( 2, 6 );

		// One row per question, as the visitor route stores them: strings, numbers as strings, a
		// checkbox answer as a JSON array; null is skipped.
		$ticked = (array) array_rand( array_flip( $features ), mt_rand( 1, 3 ) );
		$name   = mt_rand( 1, 2 ) === 1 ? wp_json_encode( array( 'name' => 'Visitor ' . $id ) ) : null;
		$rows   = array(
			array( 1, $maybe( 10, $options[ mt_rand( 0, 4 ) ] ), null ),
			array( 2, $maybe( 12, wp_json_encode( array_values( $ticked ) ) ), null ),
			array( 3, $maybe( 8, $animals[ mt_rand( 0, 2 ) ] ), null ),
			array( 4, $maybe( 8, $moods[ mt_rand( 0, 2 ) ] ), null ),
			array( 5, $maybe( 15, (string) mt_rand( 1, 5 ) ), null ),
			array( 6, (string) mt_rand( 0, 10 ), mt_rand( 1, 4 ) === 1 ? wp_json_encode( array( 'comments' => 'Because ' . $words[ mt_rand( 0, 9 ) ] ) ) : null ),
			array( 7, mt_rand( 1, 3 ) === 1 ? ucfirst( $words[ mt_rand( 0, 9 ) ] ) : null, null ),
			array( 8, mt_rand( 1, 3 ) === 1 ? 'Make it ' . $words[ mt_rand( 0, 9 ) ] . ' and ' . $words[ mt_rand( 0, 9 ) ] : null, null ),
			mt_rand( 1, 5 ) === 1 ? array( 9, "visitor$id@example.com", $name ) : array( 9, null, null ),
		);
		foreach ( $rows as $index => [ $question_id, $value, $extra ] ) {
			if ( $partial && $index >= $last ) {
				break; // Not answered: the visitor left at question $last.
			}
			$answers[] = array( $id, $survey, $question_id, $status, $at, $value, $extra );
		}
	}
	uf_bench_begin();
	uf_bench_insert( 'responses', array( 'id', 'survey_id', 'status', 'submitted_at', 'page_url', 'page_title', 'ip', 'browser', 'os', 'device', 'client_id', 'started_at', 'completed_at', 'closed_at', 'last_question' ), '(%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d)', $responses );
	foreach ( array_chunk( $answers, $batch ) as $chunk ) {
		uf_bench_insert( 'answers', array( 'response_id', 'survey_id', 'question_id', 'status', 'submitted_at', 'value', 'extra' ), '(%d,%d,%d,%s,%s,%s,%s)', $chunk );
	}
	uf_bench_insert( 'response_fields', array( 'response_id', 'survey_id', 'name', 'value' ), '(%d,%d,%s,%s)', $fields );
	uf_bench_commit();
	$fields_n   += count( $fields );
	$answers_n  += count( $answers );
	$partials_n += count( array_filter( $responses, static fn( array $r ): bool => 'partial' === $r[2] ) );
	if ( 0 === ( $done / $batch ) % 50 && $done > 0 ) {
		fwrite( STDERR, sprintf( "  %d responses, %.1f s\n", $done, microtime( true ) - $started ) );
	}
}

$rows = array();
foreach ( $impressions as $key => $count ) {
	[ $survey, $day ] = explode( '|', $key );
	$rows[]           = array( (int) $survey, $day, $count );
}
uf_bench_begin();
foreach ( array_chunk( $rows, $batch ) as $chunk ) {
	uf_bench_insert( 'impressions', array( 'survey_id', 'day', 'count' ), '(%d,%s,%d)', $chunk );
}
uf_bench_commit();
$repo->touch();

// The daily rollups that results read (Database\Rollups: responses, answers and the drop-off
// funnel), built from the rows written above as the migrations build them: survey by survey, grouped
// in SQL.
$rollups_started = microtime( true );
( new \UserFeedback\Database\Rollups() )->rebuild_all();
$rollups_seconds = microtime( true ) - $rollups_started;

// The search table (Database\AnswerTerms), filled from the answers as an older site's upgrade fills it.
$terms_started = microtime( true );
update_option( \UserFeedback\Database\AnswerTerms::FILL_OPTION, '0', true );
( new \UserFeedback\Database\AnswerTerms() )->fill( PHP_INT_MAX );
$terms_seconds = microtime( true ) - $terms_started;

$seconds = microtime( true ) - $started;
echo wp_json_encode(
	array(
		'surveys'             => $surveys_n,
		'responses'           => $total,
		'partial'             => $partials_n,
		'answers'             => $answers_n,
		'hidden_values'       => $fields_n,
		'impression_days'     => count( $rows ),
		'rollups_seconds'     => round( $rollups_seconds, 2 ),
		'terms_seconds'       => round( $terms_seconds, 2 ),
		'seconds'             => round( $seconds, 2 ),
		'responses_per_second' => $seconds > 0 ? (int) round( $total / $seconds ) : null,
		'peak_memory_mb'      => round( memory_get_peak_usage( true ) / 1048576, 1 ),
		'engine'               => uf_bench_pdo() ? 'sqlite' : 'mysql',
	)
) . "\n";
