<?php
/**
 * Brings schema-valid (possibly partial) survey data into the one complete shape the contract
 * promises: every key present, config per question type, options in their type's form, condition
 * values as strings. Used on save (over the stored survey or the defaults) and on read (over the
 * defaults, so that a row written by an older version still answers the full shape).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Surveys\QuestionTypes\QuestionType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\QuestionTypes\TextType;

defined( 'ABSPATH' ) || exit;

final class SurveyShape {

	/**
	 * Deep merge for JSON objects: objects merge key by key, lists and scalars replace. An empty array
	 * sent for an object ({} decodes to array()) changes nothing.
	 *
	 * @param mixed $base Current value.
	 * @param mixed $over New value.
	 * @return mixed
	 */
	public static function merge( $base, $over ) {
		if ( is_array( $base ) && ! array_is_list( $base ) && is_array( $over ) && ( ! array_is_list( $over ) || array() === $over ) ) {
			foreach ( $over as $key => $value ) {
				$base[ $key ] = array_key_exists( $key, $base ) ? self::merge( $base[ $key ], $value ) : $value;
			}
			return $base;
		}
		return $over;
	}

	/**
	 * $value in the shape of $base: objects keep $base's keys only (missing ones take the default),
	 * scalars take the type of their default, lists must be lists. Input is schema-valid already; this
	 * is for rows written by something else (an older version, a direct insert).
	 *
	 * @param mixed $value Value.
	 * @param mixed $base  Complete default.
	 * @return mixed
	 */
	public static function conform( $value, $base ) {
		if ( is_array( $base ) && $base && ! array_is_list( $base ) ) {
			if ( ! is_array( $value ) ) {
				return $base;
			}
			$shaped = array();
			foreach ( $base as $key => $default ) {
				$shaped[ $key ] = array_key_exists( $key, $value ) ? self::conform( $value[ $key ], $default ) : $default;
			}
			return $shaped;
		}
		return match ( true ) {
			is_array( $base )  => is_array( $value ) ? $value : $base,
			is_bool( $base )   => is_scalar( $value ) ? (bool) $value : $base,
			is_int( $base )    => is_numeric( $value ) ? (int) $value : $base,
			is_string( $base ) => is_scalar( $value ) ? (string) $value : $base,
			default            => $value, // Nullable fields (redirect_to, expire_at parts) are shaped by their callers.
		};
	}

	/**
	 * Settings merged over $base, with lists of conditions and rules item by item complete.
	 *
	 * @param array<string,mixed> $base Complete settings (stored or defaults).
	 * @param array<string,mixed> $over Partial, schema-valid settings.
	 * @return array<string,mixed>
	 */
	public static function settings( array $base, array $over ): array {
		$merged   = self::merge( $base, $over );
		$settings = self::conform( $merged, $base );

		$thank_you                 = &$settings['thank_you'];
		$thank_you['message']      = (string) $thank_you['message'];
		$thank_you['redirect_to']  = self::page_link( $thank_you['redirect_to'] );
		$thank_you['redirect_url'] = self::url( $thank_you['redirect_url'] );
		$thank_you['conditions']   = array_map(
			static fn( $row ): array => array(
				'question'       => self::id_or_null( $row['question'] ?? null ),
				'condition_type' => (string) ( $row['condition_type'] ?? '' ),
				'condition'      => (string) ( $row['condition'] ?? '' ),
				'page'           => self::page_link( $row['page'] ?? null ),
				'redirect_url'   => self::url( $row['redirect_url'] ?? '' ),
			),
			array_values( (array) $thank_you['conditions'] )
		);
		unset( $thank_you );

		$targeting               = &$settings['targeting'];
		$targeting['devices']    = array_values( array_intersect( SurveySchema::DEVICES, (array) $targeting['devices'] ) );
		$targeting['page_rules'] = array_map(
			static fn( $rule ): array => array(
				'logic'    => (string) ( $rule['logic'] ?? 'page_url_contains' ),
				'operator' => (string) ( $rule['operator'] ?? '&&' ),
				'data'     => is_array( $rule['data'] ?? null )
					? array_map(
						static fn( $item ): array => array(
							'id'    => is_int( $item['id'] ?? null ) ? $item['id'] : (string) ( $item['id'] ?? '' ),
							'label' => (string) ( $item['label'] ?? '' ),
						),
						array_values( $rule['data'] )
					)
					: self::plain( (string) ( $rule['data'] ?? '' ) ),
			),
			array_values( (array) $targeting['page_rules'] )
		);
		unset( $targeting );

		$settings['geo_targeting']['countries'] = array_values( array_unique( array_map( 'strval', (array) $settings['geo_targeting']['countries'] ) ) );
		$settings['behavior']['timing_delay']   = (int) $settings['behavior']['timing_delay'];
		foreach ( array( 'month', 'day' ) as $part ) {
			$value                                      = $settings['behavior']['expire_at'][ $part ] ?? null;
			$settings['behavior']['expire_at'][ $part ] = null === $value ? null : (int) $value;
		}
		$settings['theming']['custom_logo'] = self::url( $settings['theming']['custom_logo'] );
		$settings['hidden_fields']          = \UserFeedback\Responses\HiddenFields::shape( $settings['hidden_fields'] ?? array() );
		// Nullable (null: the site's), so not conformed to the type of the value it replaces.
		$settings['retention_days'] = SurveySettingsSchema::retention_days( $merged['retention_days'] ?? null );
		$settings['priority']       = max( 0, min( SurveySettingsSchema::PRIORITY_MAX, (int) $settings['priority'] ) );
		$settings['close']          = Closing::shape( $merged['close'] ?? null );
		return $settings;
	}

	/**
	 * @param array<string,mixed> $base Complete notifications.
	 * @param array<string,mixed> $over Partial, schema-valid notifications.
	 * @return array<string,mixed>
	 */
	public static function notifications( array $base, array $over ): array {
		$notifications                = self::conform( self::merge( $base, $over ), $base );
		$email                        = &$notifications['email'];
		$email['addresses']           = \UserFeedback\Notifications\Email\EmailList::normalise( (string) $email['addresses'] );
		$email['logic']['conditions'] = array_map( array( self::class, 'condition' ), array_values( $email['logic']['conditions'] ) );
		unset( $email );
		return $notifications;
	}

	/**
	 * One question, complete for its type (its descriptor's config and settings). Fields that do not
	 * belong to the type are dropped; an unknown type becomes text.
	 *
	 * @param array<string,mixed> $question Schema-valid question.
	 * @return array<string,mixed>
	 */
	public static function question( array $question ): array {
		$type = QuestionTypes::get( $question['type'] ?? null ) ?? QuestionTypes::get( TextType::KEY );
		$full = SurveyDefaults::question( $type->key() );

		$full['id']    = (int) ( $question['id'] ?? 0 );
		$full['title'] = trim( (string) ( $question['title'] ?? '' ) );

		$full['config'] = $type->shape_config( is_array( $question['config'] ?? null ) ? $question['config'] : array() );

		$settings = is_array( $question['settings'] ?? null ) ? $question['settings'] : array();
		foreach ( $full['settings'] as $key => $default ) {
			if ( isset( $settings[ $key ] ) ) {
				$full['settings'][ $key ] = is_bool( $default ) ? (bool) $settings[ $key ] : (string) $settings[ $key ];
			}
		}
		// Spec 1, section 5: randomize only for choice types; no comment box on text, long-text and email.
		if ( ! $type->offers_randomize() ) {
			$full['settings']['randomize'] = false;
		}
		if ( ! $type->offers_comment_box() ) {
			$full['settings']['comment_box'] = false;
		}

		$logic                       = is_array( $question['logic'] ?? null ) ? $question['logic'] : array();
		$full['logic']['enabled']    = (bool) ( $logic['enabled'] ?? false );
		$full['logic']['action']     = 'hide' === ( $logic['action'] ?? 'show' ) ? 'hide' : 'show';
		$full['logic']['conditions'] = array_map( array( self::class, 'condition' ), array_values( (array) ( $logic['conditions'] ?? array() ) ) );
		if ( QuestionArchive::is_archived( $question ) ) {
			$full['archived'] = true; // Set by the server only: SurveyService drops it from requests.
		}
		return $full;
	}

	/**
	 * A condition; one on a hidden field keeps its `field` (the name; question_id is then null), one on
	 * a question has no `field` key.
	 *
	 * @param mixed $condition Schema-valid condition.
	 * @return array{question_id:?int,field?:string,compare:string,value:string}
	 */
	public static function condition( $condition ): array {
		$condition = is_array( $condition ) ? $condition : array();
		$shaped    = array( 'question_id' => self::id_or_null( $condition['question_id'] ?? null ) );
		if ( is_string( $condition['field'] ?? null ) && '' !== $condition['field'] ) {
			$shaped['field'] = $condition['field'];
		}
		$shaped['compare'] = (string) ( $condition['compare'] ?? '' );
		$shaped['value']   = self::scalar_string( $condition['value'] ?? '' );
		return $shaped;
	}

	/**
	 * An option in the form of its question type (QuestionType::shape_option()): strings for
	 * radio-button and checkbox, {label, image} for image-radio, {label, icon} for icon-choice.
	 * Labels are trimmed.
	 *
	 * @param string $type   Question type.
	 * @param mixed  $option String or object option.
	 * @return string|array<string,mixed>
	 */
	public static function option( string $type, $option ) {
		$descriptor = QuestionTypes::get( $type );
		return null === $descriptor ? QuestionType::label_of( $option ) : $descriptor->shape_option( $option );
	}

	/**
	 * The label of an option of any form.
	 *
	 * @param mixed $option Option.
	 */
	public static function label( $option ): string {
		return QuestionType::label_of( $option );
	}

	/**
	 * For JSON: a question's config is an object even when it has no keys ({} rather than []).
	 *
	 * @param array<int,array<string,mixed>> $questions Complete questions.
	 * @return array<int,array<string,mixed>>
	 */
	public static function for_json( array $questions ): array {
		foreach ( $questions as &$question ) {
			$question['config'] = (object) $question['config'];
		}
		return $questions;
	}

	/**
	 * @param mixed $link {id, label} or null.
	 * @return array{id:int,label:string}|null
	 */
	private static function page_link( $link ): ?array {
		if ( ! is_array( $link ) || ! isset( $link['id'] ) ) {
			return null;
		}
		return array(
			'id'    => (int) $link['id'],
			'label' => (string) ( $link['label'] ?? '' ),
		);
	}

	/**
	 * @param mixed $url Validated (http or https, or empty) URL.
	 */
	private static function url( $url ): string {
		$url = trim( (string) $url );
		return '' === $url ? '' : esc_url_raw( $url, array( 'http', 'https' ) );
	}

	/**
	 * Text that is matched rather than shown (URL parts, cookie names, regular expressions): valid
	 * UTF-8 without control characters, otherwise as typed.
	 */
	private static function plain( string $text ): string {
		return trim( (string) preg_replace( '/[\x00-\x1F\x7F]/u', '', wp_check_invalid_utf8( $text, true ) ) );
	}

	/**
	 * @param mixed $id Id, or null for "not chosen yet".
	 */
	private static function id_or_null( $id ): ?int {
		return null === $id || '' === $id ? null : (int) $id;
	}

	/**
	 * Numbers sent as condition values come back as strings ('4', not '4.0').
	 *
	 * @param mixed $value Value.
	 */
	private static function scalar_string( $value ): string {
		if ( is_float( $value ) && floor( $value ) === $value ) {
			return (string) (int) $value;
		}
		return is_scalar( $value ) ? trim( (string) $value ) : '';
	}
}
