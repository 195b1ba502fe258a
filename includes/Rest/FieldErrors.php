<?php
/**
 * Refused values in words: for a value that fails its JSON schema, the field that is wrong (a dot
 * path such as settings.behavior.timing_delay) and a sentence that names it by its label and says the
 * rule ("Delay must be between 0 and 60 seconds."). WordPress's own messages name the field by its
 * request path (settings[behavior][timing_delay]) and the rule in schema terms; an admin sees ours.
 *
 * Labels come from a map next to each schema (path => label, or path => array( label, unit ) where a
 * number has a unit; '*' stands for a list index, and a label with %d gets the item's 1-based
 * position). A path without a label is named by its last key, in words.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

defined( 'ABSPATH' ) || exit;

final class FieldErrors {

	/**
	 * @param array<string,string|array{0:string,1?:string}> $labels Path => label (see the class comment).
	 */
	public function __construct( private readonly array $labels = array() ) {}

	/**
	 * The wrong fields of a value, each with its sentence; empty when the value is valid.
	 *
	 * @param mixed               $value  The value.
	 * @param array<string,mixed> $schema Its schema.
	 * @param string              $path   Its dot path.
	 * @return array<string,string> Path => sentence.
	 */
	public function of( $value, array $schema, string $path ): array {
		$error = rest_validate_value_from_schema( $value, $schema, $path );
		if ( ! is_wp_error( $error ) ) {
			return array();
		}
		$errors = $this->walk( $value, $schema, $path );
		return $errors ? $errors : array( $path => $this->sentence( $error, $value, $schema, $path ) );
	}

	/**
	 * The label of a path: the map's, else its last key in words ("timing_delay" is "Timing delay").
	 */
	public function label( string $path ): string {
		[ $label ] = $this->entry( $path );
		return $label;
	}

	/**
	 * Bracket paths (answers[2], settings[behavior]) as dot paths (answers.2, settings.behavior).
	 */
	public static function dot_path( string $path ): string {
		return trim( str_replace( array( '][', '[', ']' ), array( '.', '.', '' ), $path ), '.' );
	}

	/**
	 * The map entry of a path: label and unit.
	 *
	 * @return array{0:string,1:string}
	 */
	private function entry( string $path ): array {
		$segments = explode( '.', $path );
		$generic  = implode( '.', array_map( static fn( string $s ): string => ctype_digit( $s ) ? '*' : $s, $segments ) );
		$entry    = $this->labels[ $path ] ?? $this->labels[ $generic ] ?? null;
		if ( null === $entry ) {
			$key = '';
			foreach ( array_reverse( $segments ) as $segment ) {
				if ( ! ctype_digit( $segment ) ) {
					$key = $segment;
					break;
				}
			}
			return array( ucfirst( str_replace( array( '_', '-' ), ' ', $key ) ), '' );
		}
		[ $label, $unit ] = is_array( $entry ) ? array( (string) $entry[0], (string) ( $entry[1] ?? '' ) ) : array( (string) $entry, '' );
		if ( str_contains( $label, '%d' ) ) {
			foreach ( $segments as $segment ) {
				if ( ctype_digit( $segment ) ) {
					$label = sprintf( $label, (int) $segment + 1 );
					break;
				}
			}
		}
		return array( $label, $unit );
	}

	/**
	 * The errors of an object's properties or a list's items; empty when the fault is the container's.
	 *
	 * @param mixed               $value  The value.
	 * @param array<string,mixed> $schema Its schema.
	 * @return array<string,string>
	 */
	private function walk( $value, array $schema, string $path ): array {
		if ( isset( $schema['anyOf'] ) || isset( $schema['oneOf'] ) ) {
			$chosen = $this->matching_branch( $value, (array) ( $schema['anyOf'] ?? $schema['oneOf'] ) );
			return null === $chosen ? array() : $this->of( $value, $chosen, $path );
		}
		$type = isset( $schema['type'] ) ? rest_get_best_type_for_value( $value, (array) $schema['type'] ) : '';
		if ( 'object' === $type && is_array( $value ) ) {
			return $this->walk_object( $value, $schema, $path );
		}
		if ( 'array' === $type && is_array( $value ) && array_is_list( $value ) ) {
			$errors = array();
			if ( isset( $schema['items'] ) && is_array( $schema['items'] ) ) {
				foreach ( $value as $index => $item ) {
					$errors += $this->of( $item, $schema['items'], self::join( $path, (string) $index ) );
				}
			}
			return $errors;
		}
		return array();
	}

	/**
	 * @param array<string,mixed> $value  An object value.
	 * @param array<string,mixed> $schema Its schema.
	 * @return array<string,string>
	 */
	private function walk_object( array $value, array $schema, string $path ): array {
		$errors     = array();
		$properties = (array) ( $schema['properties'] ?? array() );
		$required   = is_array( $schema['required'] ?? null ) ? $schema['required'] : array();
		foreach ( $value as $key => $item ) {
			$key = (string) $key;
			if ( ! isset( $properties[ $key ] ) && false === ( $schema['additionalProperties'] ?? true ) ) {
				$errors[ self::join( $path, $key ) ] = BodyCheck::unknown( $key );
			}
		}
		foreach ( $properties as $key => $property ) {
			$child = self::join( $path, (string) $key );
			if ( ! array_key_exists( $key, $value ) ) {
				if ( in_array( $key, $required, true ) || true === ( $property['required'] ?? null ) ) {
					$errors[ $child ] = $this->required( $child );
				}
				continue;
			}
			$errors += $this->of( $value[ $key ], (array) $property, $child );
		}
		return $errors;
	}

	/**
	 * The branch of anyOf/oneOf a value was meant for: the first whose type fits it.
	 *
	 * @param mixed                          $value    The value.
	 * @param array<int,array<string,mixed>> $branches The branches.
	 * @return array<string,mixed>|null
	 */
	private function matching_branch( $value, array $branches ): ?array {
		foreach ( $branches as $branch ) {
			if ( isset( $branch['type'] ) && '' !== rest_get_best_type_for_value( $value, (array) $branch['type'] ) ) {
				return $branch;
			}
		}
		return null;
	}

	/**
	 * The sentence of a field that must be sent.
	 */
	public function required( string $path ): string {
		/* translators: %s: name of a field, e.g. "Delay". */
		return sprintf( __( '%s is required.', 'userfeedback' ), $this->label( $path ) );
	}

	/**
	 * One field's rule in words, from the code WordPress's validator gave and the field's schema.
	 *
	 * @param \WP_Error           $error  What the validator found.
	 * @param mixed               $value  The value.
	 * @param array<string,mixed> $schema Its schema.
	 */
	private function sentence( \WP_Error $error, $value, array $schema, string $path ): string {
		[ $label, $unit ] = $this->entry( $path );
		$min              = $schema['minimum'] ?? null;
		$max              = $schema['maximum'] ?? null;
		$types            = (array) ( $schema['type'] ?? array() );
		switch ( $error->get_error_code() ) {
			case 'rest_out_of_bounds':
				if ( null !== $min && null !== $max ) {
					return '' !== $unit
						/* translators: 1: name of a field, 2: smallest value, 3: largest value, 4: unit, e.g. "seconds". */
						? sprintf( __( '%1$s must be between %2$s and %3$s %4$s.', 'userfeedback' ), $label, number_format_i18n( $min ), number_format_i18n( $max ), $unit )
						/* translators: 1: name of a field, 2: smallest value, 3: largest value. */
						: sprintf( __( '%1$s must be between %2$s and %3$s.', 'userfeedback' ), $label, number_format_i18n( $min ), number_format_i18n( $max ) );
				}
				if ( null !== $min ) {
					return '' !== $unit
						/* translators: 1: name of a field, 2: smallest value, 3: unit, e.g. "days". */
						? sprintf( __( '%1$s must be at least %2$s %3$s.', 'userfeedback' ), $label, number_format_i18n( $min ), $unit )
						/* translators: 1: name of a field, 2: smallest value. */
						: sprintf( __( '%1$s must be at least %2$s.', 'userfeedback' ), $label, number_format_i18n( $min ) );
				}
				return '' !== $unit
					/* translators: 1: name of a field, 2: largest value, 3: unit, e.g. "days". */
					? sprintf( __( '%1$s must be at most %2$s %3$s.', 'userfeedback' ), $label, number_format_i18n( (float) $max ), $unit )
					/* translators: 1: name of a field, 2: largest value. */
					: sprintf( __( '%1$s must be at most %2$s.', 'userfeedback' ), $label, number_format_i18n( (float) $max ) );
			case 'rest_not_in_enum':
				$choices = array_map( static fn( $choice ): string => null === $choice ? 'null' : ( '' === $choice ? '""' : (string) $choice ), (array) ( $schema['enum'] ?? array() ) );
				/* translators: 1: name of a field, 2: list of the values it may take. */
				return sprintf( __( '%1$s must be one of: %2$s.', 'userfeedback' ), $label, implode( ', ', $choices ) );
			case 'rest_too_long':
				/* translators: 1: name of a field, 2: number of characters. */
				return sprintf( _n( '%1$s must be at most %2$s character long.', '%1$s must be at most %2$s characters long.', (int) $schema['maxLength'], 'userfeedback' ), $label, number_format_i18n( (int) $schema['maxLength'] ) );
			case 'rest_too_short':
				/* translators: 1: name of a field, 2: number of characters. */
				return sprintf( _n( '%1$s must be at least %2$s character long.', '%1$s must be at least %2$s characters long.', (int) $schema['minLength'], 'userfeedback' ), $label, number_format_i18n( (int) $schema['minLength'] ) );
			case 'rest_too_many_items':
				/* translators: 1: name of a field, 2: number of items. */
				return sprintf( _n( '%1$s can have at most %2$s item.', '%1$s can have at most %2$s items.', (int) $schema['maxItems'], 'userfeedback' ), $label, number_format_i18n( (int) $schema['maxItems'] ) );
			case 'rest_too_few_items':
				/* translators: 1: name of a field, 2: number of items. */
				return sprintf( _n( '%1$s needs at least %2$s item.', '%1$s needs at least %2$s items.', (int) $schema['minItems'], 'userfeedback' ), $label, number_format_i18n( (int) $schema['minItems'] ) );
			case 'rest_duplicate_items':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s lists the same item twice.', 'userfeedback' ), $label );
			case 'rest_invalid_hex_color':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a colour in hex form, such as #1E73BE.', 'userfeedback' ), $label );
			case 'rest_invalid_email':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be an email address.', 'userfeedback' ), $label );
			case 'rest_invalid_date':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a date and time, such as 2025-06-30T09:00:00.', 'userfeedback' ), $label );
			case 'rest_invalid_pattern':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s is not in the expected form.', 'userfeedback' ), $label );
			case 'rest_invalid_type':
				return $this->type_sentence( $label, $types );
		}
		// A rule this list does not word: WordPress's message, with the field's label for its path.
		$bracket = preg_replace( '/\.([^.]+)/', '[$1]', $path );
		return str_replace( (string) $bracket, $label, $error->get_error_message() );
	}

	/**
	 * @param string[] $types The types the schema allows.
	 */
	private function type_sentence( string $label, array $types ): string {
		$types = array_values( array_diff( $types, array( 'null' ) ) );
		switch ( $types[0] ?? '' ) {
			case 'integer':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a whole number.', 'userfeedback' ), $label );
			case 'number':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a number.', 'userfeedback' ), $label );
			case 'boolean':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be on or off (true or false).', 'userfeedback' ), $label );
			case 'array':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a list.', 'userfeedback' ), $label );
			case 'object':
				/* translators: %s: name of a field. */
				return sprintf( __( '%s must be a group of fields (a JSON object).', 'userfeedback' ), $label );
		}
		/* translators: %s: name of a field. */
		return sprintf( __( '%s must be text.', 'userfeedback' ), $label );
	}

	private static function join( string $path, string $key ): string {
		return '' === $path ? $key : $path . '.' . $key;
	}
}
