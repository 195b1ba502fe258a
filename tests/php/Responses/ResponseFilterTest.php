<?php
/**
 * The responses list's filters (issue 19 item 1, ResponseFilter): every field and operator, alone and
 * combined, against the same rule applied in PHP to the rows written; every page in both orders and
 * both sort columns (no row twice, none missing); the detail route's place in the filtered list; the
 * same rows in the CSV export (general and question reports); the list's `filterable`; refusals with
 * their messages; permission.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Tests\Exports\ReadsExports;
use UserFeedback\Tests\Exports\WpDie;

final class ResponseFilterTest extends AdminResponsesTestCase {

	use ReadsExports;

	private const PAGES   = array( 'https://example.com/pricing/', 'https://example.com/blog/hello/', 'https://example.com/PRICING/plans/', 'https://example.com/docs/' );
	private const DEVICES = array( 'desktop', 'mobile', 'tablet' );
	private const WORDS   = array( 'Make it faster please', 'Cheaper pricing', 'More docs', null );

	/** @var array<int,array<string,mixed>> Response id => what was written (status, at, url, device, answers, fields). */
	private static array $rows = array();

	/** @var int[] Surveys whose rows were committed (deleted again after the test). */
	private array $committed = array();

	protected function setUp(): void {
		parent::setUp();
		self::$rows = array();
		update_option( 'timezone_string', 'Europe/Paris' );
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new WpDie( is_string( $message ) ? $message : 'wp_die', (int) ( $args['response'] ?? 500 ) );
			}
		);
	}

	/**
	 * seeded() commits its rows (a real transaction, as the visitor route's), and they are deleted here
	 * (on both engines alike).
	 */
	protected function tearDown(): void {
		global $wpdb;
		if ( $this->committed ) {
			$wpdb->query( 'ROLLBACK' );
			foreach ( $this->committed as $id ) {
				foreach ( array( 'answers', 'response_fields', 'responses', 'daily_responses', 'daily_answers', 'daily_funnel' ) as $table ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
				}
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
			}
			$wpdb->query( 'COMMIT' );
			$wpdb->query( 'START TRANSACTION' );
			$this->committed = array();
		}
		parent::tearDown();
	}

	/**
	 * A survey of every question type with two hidden fields, and $n responses whose values cycle
	 * through the options (deterministic), over five site-local days; every sixth is partial, every
	 * seventh trashed. Another survey gets responses too (never listed).
	 */
	private function seeded( int $n = 60 ): int {
		$survey = self::open_survey(
			array(
				'settings' => array(
					'hidden_fields' => array(
						array( 'name' => 'plan', 'source' => 'query', 'key' => 'plan' ),
						array( 'name' => 'campaign', 'source' => 'cookie', 'key' => 'utm' ),
					),
				),
			)
		);
		$other = self::open_survey();
		mt_srand( 19 );
		for ( $i = 0; $i < $n; $i++ ) {
			$status  = 0 === $i % 7 ? 'trash' : ( 0 === $i % 6 ? 'partial' : 'publish' );
			// Five days from 2026-03-01, some just before and after a Paris midnight (23:00 UTC in winter).
			$at      = gmdate( 'Y-m-d H:i:s', strtotime( '2026-03-01 22:30:00 UTC' ) + intdiv( $i, 12 ) * DAY_IN_SECONDS + ( $i % 12 ) * 300 + mt_rand( 0, 3 ) * 60 );
			$ticked  = array_values( array_filter( array( 'Red', 'Green', 'Blue' ), static fn( $c, $k ) => ( $i >> $k ) & 1, ARRAY_FILTER_USE_BOTH ) );
			$answers = array(
				1 => 0 === $i % 5 ? null : ( $i % 2 ? 'Yes' : 'No' ),
				2 => $ticked ?: null,
				3 => $i % 3 ? 'Cat' : 'Dog',
				4 => $i % 4 ? 'Happy' : 'Sad',
				5 => 0 === $i % 9 ? null : (string) ( 1 + $i % 5 ),
				6 => (string) ( $i % 11 ),
				7 => self::WORDS[ $i % 4 ],
				8 => 0 === $i % 3 ? 'The checkout was slow' : null,
			);
			$extra   = 0 === $i % 8 ? array( 6 => array( 'comments' => 'Great pricing overall' ) ) : array();
			$spec    = array(
				'status'  => $status,
				'at'      => $at,
				'url'     => self::PAGES[ $i % 4 ],
				'device'  => self::DEVICES[ $i % 3 ],
				'answers' => $answers,
				'extra'   => $extra,
			);
			$id      = self::add_response( $survey, $spec, false );
			$fields  = array();
			if ( $i % 2 ) {
				$fields['plan'] = $i % 4 === 1 ? 'pro' : 'free';
			}
			if ( 0 === $i % 5 ) {
				$fields['campaign'] = 'spring';
			}
			HiddenFields::store( $id, $survey, $fields );
			self::$rows[ $id ] = $spec + array( 'fields' => $fields );
			self::add_response( $other, array( 'at' => $at, 'answers' => array( 6 => '0', 7 => 'faster' ), 'device' => 'mobile' ), false );
		}
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey );
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $other );
		$this->committed = array( $survey, $other );
		$this->real_transactions(); // This test's COMMIT must be one (not the visitor requests' savepoint).
		$this->commit_transaction();
		return $survey;
	}

	/**
	 * The ids a condition list selects, by the rule written in PHP, newest first.
	 *
	 * @param array<int,array<string,mixed>> $conditions Conditions.
	 * @return int[]
	 */
	private static function expected( array $conditions, string $status = 'publish', string $orderby = 'submitted_at' ): array {
		$ids = array();
		foreach ( self::$rows as $id => $row ) {
			if ( $row['status'] !== $status ) {
				continue;
			}
			foreach ( $conditions as $c ) {
				if ( ! self::meets( $row, $c ) ) {
					continue 2;
				}
			}
			$ids[] = $id;
		}
		usort(
			$ids,
			static fn( int $a, int $b ): int => 'id' === $orderby ? $b <=> $a : array( self::$rows[ $b ]['at'], $b ) <=> array( self::$rows[ $a ]['at'], $a )
		);
		return $ids;
	}

	/**
	 * The rule of a text condition for the plain words used here: the word starts a word of the text,
	 * in any case ("it" finds "it", not "with").
	 */
	private static function starts_a_word( ?string $text, string $word ): bool {
		return null !== $text && 1 === preg_match( '/(?<![\p{L}\p{N}])' . preg_quote( $word, '/' ) . '/iu', $text );
	}

	/**
	 * @param array<string,mixed> $row A written response.
	 * @param array<string,mixed> $c   A condition.
	 */
	private static function meets( array $row, array $c ): bool {
		$value = $c['value'];
		$paris = new \DateTimeZone( 'Europe/Paris' );
		switch ( true ) {
			case 'date' === $c['field']:
				$day = ( new \DateTimeImmutable( $row['at'], new \DateTimeZone( 'UTC' ) ) )->setTimezone( $paris )->format( 'Y-m-d' );
				return ( '' === $value[0] || $day >= $value[0] ) && ( '' === $value[1] || $day <= $value[1] );
			case 'page_url' === $c['field']:
				return false !== stripos( $row['url'], $value );
			case 'device' === $c['field']:
				return in_array( $row['device'], $value, true );
			case str_starts_with( $c['field'], 'field:' ):
				return ( $row['fields'][ substr( $c['field'], 6 ) ] ?? '' ) === $value;
			case 'text:any' === $c['field']:
				foreach ( array( 7, 8 ) as $q ) {
					if ( self::starts_a_word( $row['answers'][ $q ], $value ) ) {
						return true;
					}
				}
				return self::starts_a_word( $row['extra'][6]['comments'] ?? null, $value );
			case str_starts_with( $c['field'], 'text:' ):
				$q = (int) substr( $c['field'], 5 );
				return self::starts_a_word( $row['answers'][ $q ], $value ) || self::starts_a_word( $row['extra'][ $q ]['comments'] ?? null, $value );
		}
		$q      = (int) substr( $c['field'], 9 );
		$answer = $row['answers'][ $q ];
		$picked = null === $answer ? array() : (array) $answer;
		if ( 6 === $q ) {
			$groups = array( 'promoter' => array( 9, 10 ), 'passive' => array( 7, 8 ), 'detractor' => range( 0, 6 ) );
			foreach ( $value as $group ) {
				if ( null !== $answer && in_array( (int) $answer, $groups[ $group ], true ) ) {
					return true;
				}
			}
			return false;
		}
		if ( 5 === $q ) {
			return null !== $answer && match ( $c['operator'] ) {
				'greaterThanOrEqual' => (int) $answer >= (int) $value,
				'lessThanOrEqual'    => (int) $answer <= (int) $value,
				default              => (int) $answer === (int) $value,
			};
		}
		return match ( $c['operator'] ) {
			'is'    => in_array( $value, $picked, true ),
			'isNot' => ! in_array( $value, $picked, true ),
			default => (bool) array_intersect( $value, $picked ),
		};
	}

	/**
	 * Every page of the list, concatenated.
	 *
	 * @param array<int,array<string,mixed>> $conditions Conditions.
	 * @return int[]
	 */
	private function all_pages( int $survey, array $conditions, string $status = 'all', string $order = 'desc', string $orderby = 'submitted_at', int $per_page = 4, bool $as_json = true ): array {
		$got   = array();
		$page  = 1;
		$total = null;
		do {
			$list = $this->list_data(
				$survey,
				array(
					'page'     => $page,
					'per_page' => $per_page,
					'order'    => $order,
					'orderby'  => $orderby,
					'filter'   => array(
						'status'     => $status,
						'conditions' => $as_json ? wp_json_encode( $conditions ) : $conditions,
					),
				)
			);
			$total ??= $list['matched'];
			$this->assertSame( $total, $list['pagination']['total'] );
			$got = array_merge( $got, self::ids_of( $list ) );
			++$page;
		} while ( $page <= $list['pagination']['pages'] );
		$this->assertSame( $total, count( $got ), 'matched is the number of rows the pages hold' );
		return $got;
	}

	/**
	 * A 'query' filter that adds to $counts the bounded counts the list runs (count_bounded(): "AS found").
	 */
	private static function bounded_counts( int &$counts ): \Closure {
		return static function ( string $sql ) use ( &$counts ): string {
			$counts += str_contains( $sql, 'AS found' ) ? 1 : 0;
			return $sql;
		};
	}

	/**
	 * One condition of each field and operator, and their values.
	 *
	 * @return array<string,array<int,array<string,mixed>>>
	 */
	private static function cases(): array {
		$c = static fn( string $field, string $operator, $value ): array => compact( 'field', 'operator', 'value' );
		return array(
			'date both ends'       => array( $c( 'date', 'between', array( '2026-03-02', '2026-03-03' ) ) ),
			'date from'            => array( $c( 'date', 'between', array( '2026-03-04', '' ) ) ),
			'date to'              => array( $c( 'date', 'between', array( '', '2026-03-02' ) ) ),
			'page url'             => array( $c( 'page_url', 'contains', 'pricing' ) ),
			'device'               => array( $c( 'device', 'isAny', array( 'mobile', 'tablet' ) ) ),
			'radio is'             => array( $c( 'question:1', 'is', 'Yes' ) ),
			'radio is not'         => array( $c( 'question:1', 'isNot', 'Yes' ) ),
			'radio any'            => array( $c( 'question:1', 'isAny', array( 'Yes', 'No' ) ) ),
			'checkbox is'          => array( $c( 'question:2', 'is', 'Green' ) ),
			'checkbox is not'      => array( $c( 'question:2', 'isNot', 'Red' ) ),
			'checkbox any'         => array( $c( 'question:2', 'isAny', array( 'Red', 'Blue' ) ) ),
			'image is'             => array( $c( 'question:3', 'is', 'Dog' ) ),
			'icon any'             => array( $c( 'question:4', 'isAny', array( 'Sad' ) ) ),
			'stars at least'       => array( $c( 'question:5', 'greaterThanOrEqual', 4 ) ),
			'stars at most'        => array( $c( 'question:5', 'lessThanOrEqual', '2' ) ),
			'stars is'             => array( $c( 'question:5', 'is', 3 ) ),
			'nps detractors'       => array( $c( 'question:6', 'isAny', array( 'detractor' ) ) ),
			'nps promoters+passives' => array( $c( 'question:6', 'isAny', array( 'promoter', 'passive' ) ) ),
			'text of a question'   => array( $c( 'text:7', 'contains', 'faster' ) ),
			'long text'            => array( $c( 'text:8', 'contains', 'checkout' ) ),
			'text any'             => array( $c( 'text:any', 'contains', 'pricing' ) ),
			// A word of two letters that starts other words too ("it" of "Make it faster", not "with").
			'text unindexed'       => array( $c( 'text:any', 'contains', 'it' ) ),
			'hidden field'         => array( $c( 'field:plan', 'is', 'pro' ) ),
			'hidden field empty'   => array( $c( 'field:plan', 'is', '' ) ),
			'three combined'       => array( $c( 'question:6', 'isAny', array( 'detractor' ) ), $c( 'page_url', 'contains', 'pricing' ), $c( 'date', 'between', array( '2026-03-02', '' ) ) ),
			'five combined'        => array( $c( 'device', 'isAny', array( 'desktop', 'mobile' ) ), $c( 'question:4', 'is', 'Happy' ), $c( 'question:5', 'lessThanOrEqual', 2 ), $c( 'field:campaign', 'is', 'spring' ), $c( 'text:any', 'contains', 'pricing' ) ),
			'nothing matches'      => array( $c( 'question:1', 'is', 'Yes' ), $c( 'question:1', 'is', 'No' ) ),
		);
	}

	public function test_every_field_and_operator_alone_and_combined_pages_every_row_once(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		foreach ( self::cases() as $label => $conditions ) {
			$expected = self::expected( $conditions );
			if ( 'nothing matches' !== $label ) {
				$this->assertNotEmpty( $expected, "$label selects rows (the data must test something)" );
				$this->assertLessThan( count( self::expected( array() ) ), count( $expected ), "$label leaves rows out" );
			}
			$this->assertSame( $expected, $this->all_pages( $survey, $conditions ), "$label, newest first" );
			$this->assertSame( array_reverse( $expected ), $this->all_pages( $survey, $conditions, 'all', 'asc', 'submitted_at', 5 ), "$label, oldest first" );
		}
	}

	public function test_sorted_by_id_with_other_statuses_and_as_a_php_array(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		foreach ( array( 'three combined', 'device', 'date both ends', 'nps detractors' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$this->assertSame( self::expected( $conditions, 'publish', 'id' ), $this->all_pages( $survey, $conditions, 'publish', 'desc', 'id', 3 ), "$label by id" );
			$this->assertSame( array_reverse( self::expected( $conditions, 'publish', 'id' ) ), $this->all_pages( $survey, $conditions, 'all', 'asc', 'id', 3, false ), "$label by id, sent as an array" );
			foreach ( array( 'partial', 'trash' ) as $status ) {
				$this->assertSame( self::expected( $conditions, $status ), $this->all_pages( $survey, $conditions, $status, 'desc', 'submitted_at', 2 ), "$label, $status" );
			}
		}
	}

	/**
	 * A filter the rollups cannot count is counted up to a cap: past it the list says the cap and
	 * matched_capped, and its pages still lead on, one after the other, to every row of the list in its
	 * order (none twice, none missing; the count is exact on the last page); a filter the rollups count
	 * (one answer condition, a date range) is exact whatever the cap.
	 */
	public function test_a_broad_filter_is_counted_up_to_a_cap(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		add_filter( 'userfeedback_responses_count_cap', static fn(): int => 5 );
		foreach ( array( 'device', 'page url', 'three combined', 'checkbox any' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$expected   = self::expected( $conditions );
			$this->assertGreaterThan( 6, count( $expected ), "$label selects more than the cap and the first page" );
			foreach ( array( 'desc', 'asc' ) as $order ) {
				$list = $this->list_data( $survey, array( 'per_page' => 2, 'order' => $order, 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
				$this->assertSame( 5, $list['matched'], "$label $order" );
				$this->assertTrue( $list['matched_capped'], "$label $order" );
				$this->assertSame( array( 5, 3 ), array( $list['pagination']['total'], $list['pagination']['pages'] ) );
				$got = array();
				for ( $page = 1; $page < 100; $page++ ) {
					$list = $this->list_data( $survey, array( 'page' => $page, 'per_page' => 2, 'order' => $order, 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
					$got  = array_merge( $got, self::ids_of( $list ) );
					$more = count( $got ) < count( $expected );
					$this->assertSame( $more, $list['matched_capped'], "$label $order page $page" );
					$this->assertSame( $more ? max( 5, count( $got ) + 1 ) : count( $expected ), $list['matched'], "$label $order page $page" );
					if ( ! $more ) {
						break;
					}
				}
				$this->assertSame( 'desc' === $order ? $expected : array_reverse( $expected ), $got, "$label $order: every row once, past the cap too" );
				$list = $this->list_data( $survey, array( 'page' => 99, 'per_page' => 2, 'order' => $order, 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
				$this->assertSame( array( array(), true ), array( self::ids_of( $list ), $list['matched_capped'] ), "$label $order: past the end, no rows, and still no count" );
			}
		}
		foreach ( array( 'radio is', 'radio is not', 'stars at least', 'nps detractors', 'date both ends' ) as $label ) {
			$list = $this->list_data( $survey, array( 'filter' => array( 'conditions' => wp_json_encode( self::cases()[ $label ] ) ) ) );
			$this->assertSame( count( self::expected( self::cases()[ $label ] ) ), $list['matched'], $label );
			$this->assertFalse( $list['matched_capped'], $label );
		}
		// Under the cap the count is exact.
		$few  = array( array( 'field' => 'field:campaign', 'operator' => 'is', 'value' => 'spring' ), array( 'field' => 'device', 'operator' => 'isAny', 'value' => array( 'mobile' ) ) );
		$list = $this->list_data( $survey, array( 'filter' => array( 'conditions' => wp_json_encode( $few ) ) ) );
		$this->assertLessThanOrEqual( 5, count( self::expected( $few ) ) );
		$this->assertSame( array( count( self::expected( $few ) ), false ), array( $list['matched'], $list['matched_capped'] ) );
	}

	/**
	 * With no count at all (cap 0, as when the count runs out of time), each page says what it knows:
	 * its rows and one more while a row follows; paging on reaches every row once.
	 */
	public function test_without_a_count_each_page_leads_to_the_next(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		add_filter( 'userfeedback_responses_count_cap', static fn(): int => 0 );
		$conditions = self::cases()['device'];
		$expected   = self::expected( $conditions );
		$got        = array();
		for ( $page = 1; $page < 100; $page++ ) {
			$list = $this->list_data( $survey, array( 'page' => $page, 'per_page' => 4, 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
			$got  = array_merge( $got, self::ids_of( $list ) );
			$more = count( $got ) < count( $expected );
			$this->assertSame( $more, $list['matched_capped'], "page $page" );
			$this->assertSame( count( $got ) + ( $more ? 1 : 0 ), $list['matched'], "page $page" );
			if ( ! $more ) {
				break;
			}
		}
		$this->assertSame( $expected, $got );
		$list = $this->list_data( $survey, array( 'page' => 99, 'per_page' => 4, 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
		$this->assertSame( array(), self::ids_of( $list ), 'Past the end: no rows.' );
	}

	/**
	 * A page read from the cursor of an earlier page (next_cursor) is the page read from the list's
	 * start: paging on with the previous page's cursor, or jumping ahead with an older one, gives every
	 * row once, in every order, with an exact count, a capped one and none; a cursor at or past the page
	 * asked for is not used; one of another list only gives rows of this one.
	 */
	public function test_pages_read_from_a_cursor_are_the_pages_read_from_the_start(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		foreach ( array( null, 5, 0 ) as $cap ) {
			$limit = static fn(): int => (int) $cap;
			if ( null !== $cap ) {
				add_filter( 'userfeedback_responses_count_cap', $limit );
			}
			foreach ( array( 'device', 'page url', 'three combined', 'text unindexed', 'checkbox any', 'nps detractors', 'date both ends' ) as $label ) {
				$conditions = self::cases()[ $label ];
				foreach ( array( array( 'publish', 'desc', 'submitted_at' ), array( 'publish', 'asc', 'submitted_at' ), array( 'publish', 'desc', 'id' ), array( 'partial', 'asc', 'id' ) ) as [ $status, $order, $orderby ] ) {
					$case     = "$label, $status, $orderby $order, cap " . ( $cap ?? 'none' );
					$expected = self::expected( $conditions, $status, $orderby );
					$expected = 'asc' === $order ? array_reverse( $expected ) : $expected;
					$query    = array(
						'per_page' => 2,
						'order'    => $order,
						'orderby'  => $orderby,
						'filter'   => array(
							'status'     => $status,
							'conditions' => wp_json_encode( $conditions ),
						),
					);
					$got      = array();
					$cursors  = array();
					for ( $page = 1; $page < 60 && count( $got ) < count( $expected ); $page++ ) {
						$list = $this->list_data( $survey, $query + ( $page > 1 ? array( 'cursor' => $cursors[ $page - 1 ] ) : array() ) + array( 'page' => $page ) );
						$ids  = self::ids_of( $list );
						$this->assertNotEmpty( $ids, "$case: page $page" );
						$got               = array_merge( $got, $ids );
						$cursors[ $page ] = $list['next_cursor'];
						$this->assertMatchesRegularExpression( '/' . \UserFeedback\Database\PageCursor::PATTERN . '/', (string) $list['next_cursor'], "$case: page $page" );
					}
					$this->assertSame( $expected, $got, "$case: every row once, page after page" );
					if ( count( $cursors ) >= 4 ) {
						// Ahead from page 1's cursor, and a cursor past the page asked for (not used).
						$this->assertSame( array_slice( $expected, 6, 2 ), self::ids_of( $this->list_data( $survey, $query + array( 'page' => 4, 'cursor' => $cursors[1] ) ) ), "$case: page 4 from page 1's cursor" );
						$this->assertSame( array_slice( $expected, 2, 2 ), self::ids_of( $this->list_data( $survey, $query + array( 'page' => 2, 'cursor' => $cursors[3] ) ) ), "$case: page 2 with page 3's cursor" );
					}
				}
			}
			remove_filter( 'userfeedback_responses_count_cap', $limit );
		}
		// A cursor of another list: rows of this list only (a wrong page of it, never another survey's).
		$device  = self::expected( self::cases()['device'] );
		$foreign = $this->list_data( $survey, array( 'per_page' => 2, 'filter' => array( 'conditions' => wp_json_encode( self::cases()['page url'] ) ) ) )['next_cursor'];
		$list    = $this->list_data( $survey, array( 'page' => 3, 'per_page' => 2, 'cursor' => $foreign, 'filter' => array( 'conditions' => wp_json_encode( self::cases()['device'] ) ) ) );
		$this->assertNotEmpty( self::ids_of( $list ) );
		$this->assertSame( array(), array_diff( self::ids_of( $list ), $device ) );
	}

	/**
	 * A page read from a cursor is not counted again (counted: false): it tells its rows and one more
	 * while a row follows, as a count out of time does; the first page is counted, and a list the
	 * rollups count stays exact with or without a cursor.
	 */
	public function test_a_page_read_from_a_cursor_is_not_counted_again(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		$counts = 0;
		$count  = self::bounded_counts( $counts );
		add_filter( 'query', $count );
		$query = array(
			'per_page' => 2,
			'filter'   => array( 'conditions' => wp_json_encode( self::cases()['page url'] ) ),
		);
		$first = $this->list_data( $survey, $query );
		$this->assertSame( array( true, 1 ), array( $first['counted'], $counts ), 'The first page is counted.' );
		$total  = count( self::expected( self::cases()['page url'] ) );
		$second = $this->list_data( $survey, $query + array( 'page' => 2, 'cursor' => $first['next_cursor'] ) );
		$this->assertSame( array( false, 1 ), array( $second['counted'], $counts ), 'Page 2 from the cursor: no count.' );
		$this->assertSame( array( 5, true ), array( $second['matched'], $second['matched_capped'] ), 'What page 2 knows: 4 rows and one more.' );
		$this->assertSame( $total, $first['matched'] );
		// Without the cursor, page 2 is counted.
		$again = $this->list_data( $survey, $query + array( 'page' => 2 ) );
		$this->assertSame( array( true, $total ), array( $again['counted'], $again['matched'] ) );
		$this->assertSame( 2, $counts );
		remove_filter( 'query', $count );
		// A list the rollups count: exact, from a cursor too.
		$exact = array(
			'per_page' => 2,
			'filter'   => array( 'conditions' => wp_json_encode( self::cases()['nps detractors'] ) ),
		);
		$page1 = $this->list_data( $survey, $exact );
		$page2 = $this->list_data( $survey, $exact + array( 'page' => 2, 'cursor' => $page1['next_cursor'] ) );
		$this->assertSame( array( true, count( self::expected( self::cases()['nps detractors'] ) ) ), array( $page2['counted'], $page2['matched'] ) );
	}

	/**
	 * count=false: a page of a list the rollups cannot count runs no count (counted: false, what the
	 * page knows), and the count route counts that list once, as a counted page would; a list the
	 * rollups count is exact either way.
	 */
	public function test_pages_asked_without_the_count_and_the_count_route(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		$counts = 0;
		$count  = self::bounded_counts( $counts );
		add_filter( 'query', $count );
		foreach ( array( 'page url', 'three combined', 'checkbox any', 'text unindexed' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$expected   = self::expected( $conditions );
			$filter     = array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) );
			$this->assertGreaterThan( 2, count( $expected ), $label );
			$counts = 0;
			$page   = $this->list_data( $survey, $filter + array( 'per_page' => 2, 'count' => 'false' ) );
			$this->assertSame( array( false, 0 ), array( $page['counted'], $counts ), "$label: page 1 without the count" );
			$this->assertSame( array_slice( $expected, 0, 2 ), self::ids_of( $page ), $label );
			$this->assertSame( array( 3, true ), array( $page['matched'], $page['matched_capped'] ), "$label: what page 1 knows" );
			$counted = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count", $filter );
			$this->assertSame( 200, $counted->get_status(), $label );
			$this->assertSame(
				array(
					'matched'        => count( $expected ),
					'matched_capped' => false,
				),
				$counted->get_data(),
				$label
			);
			$this->assertSame( 1, $counts, "$label: one count, in the count route" );
			$this->assertSame( count( $expected ), $this->list_data( $survey, $filter + array( 'per_page' => 2 ) )['matched'], "$label: the count a counted page gives" );
		}
		remove_filter( 'query', $count );
		// Past the cap, and out of time (a cap of 0 counts nothing: nothing known).
		$filter = array( 'filter' => array( 'conditions' => wp_json_encode( self::cases()['page url'] ) ) );
		foreach ( array( 5 => array( 5, true ), 0 => array( 0, true ) ) as $cap => $want ) {
			$limit = static fn(): int => $cap;
			add_filter( 'userfeedback_responses_count_cap', $limit );
			$data = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count", $filter )->get_data();
			$this->assertSame( $want, array( $data['matched'], $data['matched_capped'] ), "cap $cap" );
			remove_filter( 'userfeedback_responses_count_cap', $limit );
		}
		// Exact lists: counted whatever count says; the route counts every status.
		$exact = array( 'filter' => array( 'conditions' => wp_json_encode( self::cases()['nps detractors'] ) ) );
		$page  = $this->list_data( $survey, $exact + array( 'count' => 'false' ) );
		$this->assertSame( array( true, count( self::expected( self::cases()['nps detractors'] ) ), false ), array( $page['counted'], $page['matched'], $page['matched_capped'] ) );
		foreach ( array( 'publish', 'partial', 'trash' ) as $status ) {
			$data = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count", array( 'filter' => array( 'status' => $status ) ) )->get_data();
			$this->assertSame( array( count( self::expected( array(), $status ) ), false ), array( $data['matched'], $data['matched_capped'] ), $status );
		}
	}

	/**
	 * The count route refuses what the list refuses: bad conditions (400, the same message), an unknown
	 * survey (404), a user who may not view results (403), and publishes its schema.
	 */
	public function test_the_count_route_refuses_what_the_list_refuses(): void {
		$survey = $this->seeded( 3 );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count" )->get_status() );
		$this->as_user( 'administrator' );
		$bad  = array( 'filter' => array( 'conditions' => wp_json_encode( array( array( 'field' => 'nope', 'operator' => 'is', 'value' => 'x' ) ) ) ) );
		$list = $this->rest( 'GET', self::NS . "/surveys/$survey/responses", $bad );
		$sent = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count", $bad );
		$this->assertSame( array( 400, 400 ), array( $list->get_status(), $sent->get_status() ) );
		$this->assertSame( $list->get_data()['message'], $sent->get_data()['message'] );
		$this->assertSame( 400, $this->rest( 'GET', self::NS . "/surveys/$survey/responses/count", array( 'filter' => array( 'status' => 'spam' ) ) )->get_status() );
		$this->assertSame( 404, $this->rest( 'GET', self::NS . '/surveys/' . ( $survey + 999 ) . '/responses/count' )->get_status() );
		$schema = $this->rest( 'OPTIONS', self::NS . "/surveys/$survey/responses/count" )->get_data()['schema'] ?? array();
		$this->assertSame( array( 'matched', 'matched_capped' ), array_keys( $schema['properties'] ?? array() ) );
		$this->assertSame( 400, $this->rest( 'GET', self::NS . "/surveys/$survey/responses", array( 'count' => 'maybe' ) )->get_status(), 'count is a boolean.' );
	}

	public function test_a_cursor_that_is_not_one_is_refused(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		foreach ( array( 'abc', '1-2026-5', "1-20260301120000-5' OR 1=1", '-1-20260301120000-5', '1-20260301120000-5-6' ) as $cursor ) {
			$response = $this->rest( 'GET', self::NS . "/surveys/$survey/responses", array( 'cursor' => $cursor ) );
			$this->assertSame( 400, $response->get_status(), $cursor );
			$this->assertSame( 'rest_invalid_param', $response->as_error()->get_error_code(), $cursor );
		}
		// A cursor of the right shape whose date is not a date is ignored (the page from the start).
		$this->assertSame( 200, $this->rest( 'GET', self::NS . "/surveys/$survey/responses", array( 'cursor' => '1-20261399000000-5' ) )->get_status() );
	}

	/**
	 * A hidden field's value is matched the same whether the survey holds it rarely (a list of ids
	 * first) or commonly (each response checked on the primary key).
	 */
	public function test_hidden_fields_match_the_same_rows_whether_rare_or_common(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded();
		foreach ( array( 2000, 0 ) as $rare ) {
			$limit = static fn(): int => $rare;
			add_filter( 'userfeedback_filter_rare_rows', $limit );
			foreach ( array( 'hidden field', 'hidden field empty', 'five combined' ) as $label ) {
				$conditions = self::cases()[ $label ];
				$this->assertSame( self::expected( $conditions ), $this->all_pages( $survey, $conditions ), "$label, rare up to $rare" );
				$this->assertSame( self::expected( $conditions, 'partial' ), $this->all_pages( $survey, $conditions, 'partial', 'desc', 'submitted_at', 3 ), "$label, partial, rare up to $rare" );
			}
			remove_filter( 'userfeedback_filter_rare_rows', $limit );
		}
	}

	public function test_the_list_answers_filterable_and_unfiltered_status_counts(): void {
		$this->as_user( 'administrator' );
		$survey     = $this->seeded( 30 );
		$conditions = self::cases()['device'];
		$list       = $this->list_data( $survey, array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
		$this->assertSame( count( self::expected( $conditions ) ), $list['matched'] );
		$counts = array_count_values( array_column( self::$rows, 'status' ) );
		$this->assertSame( array( $counts['publish'], $counts['publish'], $counts['partial'], $counts['trash'] ), array_column( $list['status_filters'], 'count' ), 'Status counts stay unfiltered.' );

		$fields = array_column( $list['filterable'], null, 'field' );
		$this->assertSame( array( 'date', 'page_url', 'device', 'text:any', 'question:1', 'question:2', 'question:3', 'question:4', 'question:5', 'question:6', 'text:7', 'text:8', 'text:9', 'field:plan', 'field:campaign' ), array_keys( $fields ) );
		$this->assertSame( array( 'field' => 'date', 'label' => 'Date', 'kind' => 'date', 'operators' => array( 'between' ) ), $fields['date'] );
		$this->assertSame( array( 'desktop', 'tablet', 'mobile' ), array_column( $fields['device']['elements'], 'value' ) );
		$this->assertSame( array( 'is', 'isNot', 'isAny' ), $fields['question:2']['operators'] );
		$this->assertSame( 'choice', $fields['question:2']['kind'] );
		$this->assertSame( array( 'Red', 'Green', 'Blue' ), array_column( $fields['question:2']['elements'], 'label' ) );
		$this->assertSame( array( 'Cat', 'Dog' ), array_column( $fields['question:3']['elements'], 'value' ) );
		$this->assertSame( 'Question 2?', $fields['question:2']['label'] );
		$this->assertSame( array( 'greaterThanOrEqual', 'lessThanOrEqual', 'is' ), $fields['question:5']['operators'] );
		$this->assertArrayNotHasKey( 'elements', $fields['question:5'] );
		$this->assertSame( array( 'promoter', 'passive', 'detractor' ), array_column( $fields['question:6']['elements'], 'value' ) );
		$this->assertSame( 'text_answer', $fields['text:9']['kind'] );
		$this->assertSame( array( 'field' => 'field:plan', 'label' => 'Hidden field: plan', 'kind' => 'hidden', 'operators' => array( 'is' ) ), $fields['field:plan'] );
	}

	public function test_the_detail_places_a_response_in_the_filtered_list(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 40 );
		foreach ( array( 'three combined', 'date both ends', 'device' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$expected   = self::expected( $conditions );
			foreach ( $expected as $i => $id ) {
				$detail = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$id", array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
				$this->assertTrue( $detail['matched'] );
				$this->assertSame(
					array(
						'index'   => $i + 1,
						'total'   => count( $expected ),
						'prev_id' => $expected[ $i - 1 ] ?? null,
						'next_id' => $expected[ $i + 1 ] ?? null,
						'capped'  => false,
					),
					$detail['position'],
					"$label: $id"
				);
			}
		}
		// One the conditions leave out is placed in the unfiltered list of its status.
		$conditions = self::cases()['device'];
		$all        = self::expected( array() );
		$out        = array_values( array_diff( $all, self::expected( $conditions ) ) )[0];
		$detail     = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$out", array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
		$this->assertFalse( $detail['matched'] );
		$this->assertSame( array_search( $out, $all, true ) + 1, $detail['position']['index'] );
		$this->assertSame( count( $all ), $detail['position']['total'] );
	}

	/**
	 * count=false on the detail: a list the rollups cannot count is not counted (the rank still is):
	 * the same place and neighbours, a total that is a lower bound holding the response and those
	 * after it, capped; one bounded count less. A list the rollups count stays exact.
	 */
	public function test_the_detail_asked_without_the_count(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 40 );
		$counts = 0;
		$count  = self::bounded_counts( $counts );
		add_filter( 'query', $count );
		foreach ( array( 'three combined', 'page url' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$expected   = self::expected( $conditions );
			$this->assertGreaterThan( 2, count( $expected ), $label );
			foreach ( array( 0, 1, count( $expected ) - 1 ) as $i ) {
				$id     = $expected[ $i ];
				$query  = array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) );
				$counts = 0;
				$full   = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$id", $query ) );
				$this->assertSame( 2, $counts, "$label #$i: the list's count and the rank" );
				$counts = 0;
				$part   = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$id", $query + array( 'count' => 'false' ) ) );
				$this->assertSame( 1, $counts, "$label #$i: the rank only" );
				$this->assertSame( array( $i + 1, $expected[ $i - 1 ] ?? null, $expected[ $i + 1 ] ?? null, true ), array( $part['position']['index'], $part['position']['prev_id'], $part['position']['next_id'], $part['position']['capped'] ), "$label #$i" );
				$this->assertSame( $i + 1 + ( isset( $expected[ $i + 1 ] ) ? 1 : 0 ), $part['position']['total'], "$label #$i: what is known" );
				$this->assertSame( array( count( $expected ), false ), array( $full['position']['total'], $full['position']['capped'] ) );
			}
		}
		remove_filter( 'query', $count );
		$conditions = self::cases()['nps detractors'];
		$expected   = self::expected( $conditions );
		$detail     = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/{$expected[1]}", array( 'count' => 'false', 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
		$this->assertSame( array( 2, count( $expected ), false ), array( $detail['position']['index'], $detail['position']['total'], $detail['position']['capped'] ) );
		$this->assertSame( 400, $this->rest( 'GET', self::NS . "/surveys/$survey/responses/{$expected[1]}", array( 'count' => 'sometimes' ) )->get_status() );
	}

	/**
	 * A broad filter past the count cap: "Response X of 5+" while the rank is within the cap, rank 0
	 * (unknown) past it, the total always a lower bound that holds the response and its neighbours;
	 * prev/next still step through the list.
	 */
	public function test_the_detail_of_a_broad_filter_past_the_cap_gives_a_lower_bound(): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 40 );
		add_filter( 'userfeedback_responses_count_cap', static fn(): int => 5 );
		$conditions = self::cases()['page url'];
		$expected   = self::expected( $conditions );
		$this->assertGreaterThan( 7, count( $expected ), 'The filter selects more than the cap.' );
		foreach ( $expected as $i => $id ) {
			$prev   = $expected[ $i - 1 ] ?? null;
			$next   = $expected[ $i + 1 ] ?? null;
			$index  = $i <= 5 ? $i + 1 : 0;
			$detail = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$id", array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
			$this->assertSame(
				array(
					'index'   => $index,
					'total'   => max( 5, $index + ( null === $next ? 0 : 1 ), 1 + ( null === $prev ? 0 : 1 ) + ( null === $next ? 0 : 1 ) ),
					'prev_id' => $prev,
					'next_id' => $next,
					'capped'  => true,
				),
				$detail['position'],
				"Response $i"
			);
		}
		// A filter the rollups count stays exact.
		$conditions = self::cases()['nps detractors'];
		$expected   = self::expected( $conditions );
		$detail     = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/{$expected[7]}", array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
		$this->assertSame( array( 8, count( $expected ), false ), array( $detail['position']['index'], $detail['position']['total'], $detail['position']['capped'] ) );
	}

	public function test_the_csv_export_holds_the_rows_of_the_list(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 40 );
		foreach ( array( 'three combined', 'text any', 'hidden field', 'checkbox is not', 'date to' ) as $label ) {
			$conditions = self::cases()[ $label ];
			$list       = $this->all_pages( $survey, $conditions, 'all', 'asc', 'submitted_at', 100 );
			$rows       = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'filter' => array( 'status' => 'all', 'conditions' => wp_json_encode( $conditions ) ) ) ) );
			$this->assertSame( $list, array_map( 'intval', array_column( array_slice( $rows, 1 ), 0 ) ), "$label: the same rows in the CSV" );
			// The question report: the answers of those rows that answered it.
			$rows     = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'report' => 'question', 'question_id' => '5', 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) ) );
			$answered = array_values( array_filter( $list, static fn( int $id ): bool => null !== self::$rows[ $id ]['answers'][5] ) );
			$this->assertSame( $answered, array_map( 'intval', array_column( array_slice( $rows, 1 ), 0 ) ), "$label: the same rows in the question report" );
		}
		$partial = self::cases()['device'];
		$rows    = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'filter' => array( 'status' => 'partial', 'conditions' => wp_json_encode( $partial ) ) ) ) );
		$this->assertSame( array_reverse( self::expected( $partial, 'partial' ) ), array_map( 'intval', array_column( array_slice( $rows, 1 ), 0 ) ) );
	}

	public function test_the_export_refuses_bad_conditions_with_the_same_message(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 3 );
		try {
			$this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'filter' => array( 'conditions' => '[{"field":"device","operator":"isAny","value":["phone"]}]' ) ) );
			$this->fail( 'Refused.' );
		} catch ( WpDie $e ) {
			$this->assertSame( 400, $e->status );
			$this->assertStringContainsString( 'Condition 1: Device must be a list of one or more of desktop, tablet, mobile.', $e->getMessage() );
		}
		try {
			$this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'filter' => array( 'status' => 'draft' ) ) );
			$this->fail( 'Refused.' );
		} catch ( WpDie $e ) {
			$this->assertSame( 400, $e->status );
		}
	}

	/**
	 * @return array<string,array{0:mixed,1:string}>
	 */
	public static function refusals(): array {
		$ok = array(
			'field'    => 'device',
			'operator' => 'isAny',
			'value'    => array( 'mobile' ),
		);
		return array(
			'unknown field'        => array( '[{"field":"colour","operator":"is","value":"red"}]', 'Condition 1: Unknown field "colour".' ),
			'wrong operator'       => array( wp_json_encode( array( $ok, array( 'field' => 'device', 'operator' => 'is', 'value' => 'mobile' ) ) ), 'Condition 2: Device takes the operator isAny.' ),
			'bad device'           => array( '[{"field":"device","operator":"isAny","value":["phone"]}]', 'Condition 1: Device must be a list of one or more of desktop, tablet, mobile.' ),
			'empty list'           => array( '[{"field":"device","operator":"isAny","value":[]}]', 'Condition 1: Device must be a list of one or more of desktop, tablet, mobile.' ),
			'not an option'        => array( '[{"field":"question:1","operator":"is","value":"Maybe"}]', 'Condition 1: Question 1? must be one of Yes, No.' ),
			'stars out of range'   => array( '[{"field":"question:5","operator":"greaterThanOrEqual","value":6}]', 'Condition 1: Question 5? must be a number of stars from 1 to 5.' ),
			'bad nps group'        => array( '[{"field":"question:6","operator":"isAny","value":["fans"]}]', 'Condition 1: Question 6? must be a list of one or more of promoter, passive, detractor.' ),
			'nps comment as text'  => array( '[{"field":"text:6","operator":"contains","value":"x"}]', 'Condition 1: The question of "text:6" cannot be filtered that way (question: for choice, star and NPS questions; text: for text questions).' ),
			'text question as choice' => array( '[{"field":"question:7","operator":"is","value":"x"}]', 'Condition 1: The question of "question:7" cannot be filtered that way (question: for choice, star and NPS questions; text: for text questions).' ),
			'question of another survey' => array( '[{"field":"question:99","operator":"is","value":"Yes"}]', 'Condition 1: "question:99" is not a question of this survey.' ),
			'unknown hidden field' => array( '[{"field":"field:coupon","operator":"is","value":"x"}]', 'Condition 1: Unknown field "field:coupon".' ),
			'empty page url'       => array( '[{"field":"page_url","operator":"contains","value":""}]', 'Condition 1: Page URL must be a text of 1 to 200 characters.' ),
			'long search'          => array( wp_json_encode( array( array( 'field' => 'text:any', 'operator' => 'contains', 'value' => str_repeat( 'a', 101 ) ) ) ), 'Condition 1: Any text answer must be a text of 1 to 100 characters.' ),
			'bad date'             => array( '[{"field":"date","operator":"between","value":["2026-02-30",""]}]', 'Condition 1: Date must be [from, to], each a day written as YYYY-MM-DD or empty, from not after to.' ),
			'dates reversed'       => array( '[{"field":"date","operator":"between","value":["2026-03-02","2026-03-01"]}]', 'Condition 1: Date must be [from, to], each a day written as YYYY-MM-DD or empty, from not after to.' ),
			'not an object'        => array( '["device"]', 'Condition 1: A condition is an object { field, operator, value }.' ),
			'eleven conditions'    => array( wp_json_encode( array_fill( 0, 11, $ok ) ), 'A filter has at most 10 conditions.' ),
			'too long'             => array( '[' . str_repeat( ' ', 4000 ) . ']', 'filter[conditions] must be at most 4000 characters of JSON.' ),
			'malformed'            => array( '[{"field":', 'filter[conditions] must be a JSON array of conditions { field, operator, value }.' ),
			'an object'            => array( '{"field":"device"}', 'filter[conditions] must be a JSON array of conditions { field, operator, value }.' ),
		);
	}

	/**
	 * @dataProvider refusals
	 * @param mixed $conditions filter[conditions] as sent.
	 */
	public function test_refusals_name_the_condition( $conditions, string $message ): void {
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 3 );
		foreach ( array( "/surveys/$survey/responses", "/surveys/$survey/responses/" . array_key_first( self::$rows ) ) as $route ) {
			$response = $this->rest( 'GET', self::NS . $route, array( 'filter' => array( 'conditions' => $conditions ) ) );
			$this->assertSame( 400, $response->get_status(), $route );
			$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
			$this->assertSame( $message, $response->get_data()['message'] );
		}
	}

	public function test_subscribers_may_not_filter(): void {
		$survey = $this->seeded( 3 );
		$this->as_user( 'subscriber' );
		$response = $this->list( $survey, array( 'filter' => array( 'conditions' => wp_json_encode( self::cases()['device'] ) ) ) );
		$this->assertSame( 403, $response->get_status() );
	}

	public function test_values_are_data_never_sql(): void {
		global $wpdb;
		$this->as_user( 'administrator' );
		$survey = $this->seeded( 6 );
		$before = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) );
		foreach ( array( "x' OR '1'='1", '%', '_', "\\", '"); DROP TABLE x; --' ) as $evil ) {
			$conditions = array(
				array( 'field' => 'page_url', 'operator' => 'contains', 'value' => $evil ),
				array( 'field' => 'field:plan', 'operator' => 'is', 'value' => $evil ),
			);
			$list = $this->list_data( $survey, array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
			$this->assertSame( 0, $list['matched'], $evil );
		}
		$this->assertSame( $before, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) ) );
	}
}
