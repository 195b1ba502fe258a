<?php
/**
 * The contract corpora (tests/fixtures/contract/*.json): rules that run in PHP and in TypeScript, stated
 * once as cases that both PHPUnit and Vitest read. This turns a corpus into a data provider.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

final class Corpus {

	/**
	 * The cases of one corpus, keyed by a readable name (the case's "name", else its index and
	 * a short JSON of it), each as the single argument of the test.
	 *
	 * @param string $file File name in tests/fixtures/contract/, e.g. 'logic-comparators.json'.
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function cases( string $file ): array {
		$path = dirname( __DIR__, 2 ) . '/fixtures/contract/' . $file;
		$json = json_decode( (string) file_get_contents( $path ), true, 64, JSON_THROW_ON_ERROR );
		if ( ! is_array( $json['cases'] ?? null ) || ! $json['cases'] ) {
			throw new \RuntimeException( "$file has no cases." );
		}
		$named = array();
		foreach ( $json['cases'] as $index => $case ) {
			$label = isset( $case['name'] ) ? (string) $case['name'] : substr( (string) json_encode( $case, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), 0, 120 );
			$named[ sprintf( '#%d %s', $index, $label ) ] = array( $case );
		}
		return $named;
	}
}
