<?php
/**
 * A question's QuestionStats from its counts over the range (ResultsRepository::answer_totals(), from
 * the daily rollups): counts per option in the question's order, skipped, invalid options, the stars' average and the NPS. Plain
 * arithmetic over at most a few hundred grouped rows, no database: tests call it directly. What a
 * type counts against and adds (average, NPS) is its descriptor's (QuestionTypes); this class
 * reads the rollups (Rollups::value()), and the rollups do not read it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class QuestionStats {

	/**
	 * Whether results count the answers per value (QuestionType::counts_values()); the other known
	 * types list their answers.
	 */
	public static function is_quantitative( string $type ): bool {
		return (bool) QuestionTypes::get( $type )?->counts_values();
	}

	/**
	 * Whether results list the question's answers (free text).
	 */
	public static function lists_answers( string $type ): bool {
		$descriptor = QuestionTypes::get( $type );
		return null !== $descriptor && ! $descriptor->counts_values();
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
		if ( QuestionArchive::is_archived( $question ) ) {
			$stats['archived'] = true; // Removed from the survey after it had answers: the card says so.
		}
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

		// The stars' average, the NPS: what the type adds to its counts.
		$stats = array_merge( $stats, QuestionTypes::get( $type )->summary( $counts ) );
		return $stats;
	}

	/**
	 * The question's options as OptionCount without the count, keyed by stored value, in order
	 * (QuestionType::result_options(): the scale points of a rating, the configured options else).
	 *
	 * @param array<string,mixed> $question The question.
	 * @return array<string,array<string,mixed>>
	 */
	public static function options( array $question ): array {
		$type = QuestionTypes::get( $question['type'] ?? null );
		return null === $type ? array() : $type->result_options( $question );
	}
}
