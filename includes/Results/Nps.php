<?php
/**
 * Net Promoter Score on the standard 0-10 scale (DESIGN 2): 0-6 detractors, 7-8 passives, 9-10
 * promoters; score = %promoters - %detractors from the unrounded counts, rounded to a whole number.
 * Plain arithmetic on counts that the SQL has already grouped.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

defined( 'ABSPATH' ) || exit;

final class Nps {

	public const DETRACTORS = array( '0', '1', '2', '3', '4', '5', '6' );
	public const PASSIVES   = array( '7', '8' );
	public const PROMOTERS  = array( '9', '10' );

	/**
	 * The bucket of a stored value, or null for anything that is not 0-10.
	 */
	public static function bucket( string $value ): ?string {
		return match ( true ) {
			in_array( $value, self::PROMOTERS, true )  => 'promoters',
			in_array( $value, self::PASSIVES, true )   => 'passives',
			in_array( $value, self::DETRACTORS, true ) => 'detractors',
			default                                    => null,
		};
	}

	/**
	 * The NpsOverview of bucket counts.
	 *
	 * @return array{promoters:int,passives:int,detractors:int,total:int,promoters_percent:float,passives_percent:float,detractors_percent:float,score:int|null}
	 */
	public static function overview( int $promoters, int $passives, int $detractors ): array {
		$total = $promoters + $passives + $detractors;
		$pct   = static fn( int $n ): float => $total > 0 ? round( 100 * $n / $total, 1 ) : 0.0;
		return array(
			'promoters'          => $promoters,
			'passives'           => $passives,
			'detractors'         => $detractors,
			'total'              => $total,
			'promoters_percent'  => $pct( $promoters ),
			'passives_percent'   => $pct( $passives ),
			'detractors_percent' => $pct( $detractors ),
			'score'              => self::score( $promoters, $passives, $detractors ),
		);
	}

	public static function score( int $promoters, int $passives, int $detractors ): ?int {
		$total = $promoters + $passives + $detractors;
		return $total > 0 ? (int) round( 100 * ( $promoters - $detractors ) / $total ) : null;
	}

	/**
	 * The overview of counts per stored value ('0'..'10' => count); other values are ignored.
	 *
	 * @param array<string,int> $counts Value => count.
	 * @return array<string,int|float|null>
	 */
	public static function from_counts( array $counts ): array {
		$buckets = array(
			'promoters'  => 0,
			'passives'   => 0,
			'detractors' => 0,
		);
		foreach ( $counts as $value => $count ) {
			$bucket = self::bucket( (string) $value );
			if ( null !== $bucket ) {
				$buckets[ $bucket ] += (int) $count;
			}
		}
		return self::overview( $buckets['promoters'], $buckets['passives'], $buckets['detractors'] );
	}
}
