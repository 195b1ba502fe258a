<?php
/**
 * A question's QuestionStats from its counts over the range (ResultsRepository::answer_totals(), from
 * the daily rollups): counts per option in the question's order, skipped, invalid options, the stars' average and the NPS. Plain
 * arithmetic over at most a few hundred grouped rows, no database: tests call it directly.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Rollups;

defined( 'ABSPATH' ) || exit;

final class QuestionStats {

	public const QUANTITATIVE = array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice', 'star-rating', 'nps' );
	public const TEXT         = array( 'text', 'long-text', 'email' );

	public static function is_quantitative( string $type ): bool {
		return in_array( $type, self::QUANTITATIVE, true );
	}

	/**
	 * @param array<string,mixed>                                                   $question The question as stored.
	 * @param array{answered:int,skipped:int,values:array<string,int>}|array{}       $totals   Its counts over the range (ResultsRepository::answer_totals()):
	 *                                                                                         answered, skipped, and per stored value (a checkbox's per ticked label).
	 * @return array<string,mixed> QuestionStats without `answers`.
	 */
	public static function build( array $question, array $totals ): array {
		$type     = (string) ( $question['type'] ?? '' );
		$answered = (int) ( $totals['answered'] ?? 0 );
		$skipped  = (int) ( $totals['skipped'] ?? 0 );
		$values   = (array) ( $totals['values'] ?? array() );

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
		// The rollups keep the first Rollups::VALUE_LENGTH characters of a value.
		$stored = array();
		foreach ( array_keys( $options ) as $label ) {
			$stored[ Rollups::value( (string) $label ) ] ??= (string) $label;
		}
		$invalid = false;
		foreach ( $values as $value => $count ) {
			$label = $stored[ (string) $value ] ?? null;
			if ( null !== $label ) {
				$counts[ $label ] += $count;
			} elseif ( $count > 0 ) {
				$invalid = true;
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
}
