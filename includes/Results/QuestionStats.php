<?php
/**
 * A question's QuestionStats from the grouped counts of ResultsRepository::answer_counts(): counts per
 * option in the question's order, skipped, invalid options, the stars' average and the NPS. Plain
 * arithmetic over at most a few hundred grouped rows, no database: tests call it directly.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

defined( 'ABSPATH' ) || exit;

final class QuestionStats {

	public const QUANTITATIVE = array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice', 'star-rating', 'nps' );
	public const TEXT         = array( 'text', 'long-text', 'email' );

	public static function is_quantitative( string $type ): bool {
		return in_array( $type, self::QUANTITATIVE, true );
	}

	/**
	 * @param array<string,mixed>                                          $question The question as stored.
	 * @param array<int,array{value:string|null,count:int,answered:int}>   $rows     Its grouped rows.
	 * @return array<string,mixed> QuestionStats without `answers`.
	 */
	public static function build( array $question, array $rows ): array {
		$type     = (string) ( $question['type'] ?? '' );
		$answered = 0;
		$skipped  = 0;
		$values   = array();
		foreach ( $rows as $row ) {
			$answered += $row['answered'];
			$skipped  += $row['count'] - $row['answered'];
			if ( null !== $row['value'] ) {
				$values[ $row['value'] ] = ( $values[ $row['value'] ] ?? 0 ) + $row['count'];
			}
		}

		$stats = array(
			'id'              => (int) $question['id'],
			'title'           => (string) ( $question['title'] ?? '' ),
			'type'            => $type,
			'is_quantitative' => self::is_quantitative( $type ),
			'total_answers'   => $answered,
			'skipped'         => $skipped,
			'options'         => array(),
			'invalid_options' => false,
		);
		if ( ! $stats['is_quantitative'] ) {
			return $stats;
		}

		$options = self::options( $question );
		$counts  = array_fill_keys( array_keys( $options ), 0 );
		$invalid = false;
		foreach ( $values as $value => $count ) {
			$value = (string) $value;
			foreach ( 'checkbox' === $type ? self::ticked( $value ) : array( $value ) as $label ) {
				if ( null !== $label && array_key_exists( $label, $counts ) ) {
					$counts[ $label ] += $count;
				} else {
					$invalid = true;
				}
			}
		}

		foreach ( $options as $value => $option ) {
			$option['count']    = $counts[ $value ];
			$stats['options'][] = $option;
		}
		$stats['invalid_options'] = $invalid;

		if ( 'star-rating' === $type ) {
			$sum = 0;
			$n   = 0;
			foreach ( $counts as $value => $count ) {
				$sum += (int) $value * $count;
				$n   += $count;
			}
			$stats['average'] = $n > 0 ? round( $sum / $n, 2 ) : null;
		} elseif ( 'nps' === $type ) {
			$stats['nps'] = Nps::from_counts( $counts );
		}
		return $stats;
	}

	/**
	 * The question's options as OptionCount without the count, keyed by stored value, in order.
	 *
	 * @param array<string,mixed> $question The question.
	 * @return array<string,array<string,mixed>>
	 */
	public static function options( array $question ): array {
		$type    = (string) ( $question['type'] ?? '' );
		$options = array();
		if ( 'star-rating' === $type || 'nps' === $type ) {
			foreach ( 'nps' === $type ? range( 0, 10 ) : range( 1, 5 ) as $n ) {
				$options[ (string) $n ] = array(
					'value' => (string) $n,
					'label' => (string) $n,
				);
			}
			return $options;
		}
		foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
			$label = is_array( $option ) ? (string) ( $option['label'] ?? '' ) : (string) $option;
			if ( array_key_exists( $label, $options ) ) {
				continue;
			}
			$entry = array(
				'value' => $label,
				'label' => $label,
			);
			if ( 'image-radio' === $type ) {
				$url            = is_array( $option ) && is_array( $option['image'] ?? null ) ? (string) ( $option['image']['url'] ?? '' ) : '';
				$entry['image'] = '' === $url ? null : $url;
			} elseif ( 'icon-choice' === $type ) {
				$name          = is_array( $option ) && is_array( $option['icon'] ?? null ) ? (string) ( $option['icon']['name'] ?? '' ) : '';
				$entry['icon'] = '' === $name ? null : $name;
			}
			$options[ $label ] = $entry;
		}
		return $options;
	}

	/**
	 * The labels of a stored checkbox answer (a JSON list); [null] for anything else, which counts
	 * as an invalid option.
	 *
	 * @return array<int,string|null>
	 */
	private static function ticked( string $value ): array {
		$decoded = json_decode( $value, true );
		if ( ! is_array( $decoded ) || ! array_is_list( $decoded ) ) {
			return array( null );
		}
		$labels = array();
		foreach ( $decoded as $label ) {
			$labels[] = is_string( $label ) ? $label : null;
		}
		return array_values( array_unique( $labels, SORT_REGULAR ) );
	}
}
