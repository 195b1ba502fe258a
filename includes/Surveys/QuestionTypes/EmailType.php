<?php
/**
 * email: an address that WordPress's is_email() accepts, optionally with a name (config
 * include_name). Addresses are personal data: the AI summary never reads them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class EmailType extends FreeTextType {

	public const KEY = 'email';

	/** The longest address (RFC 5321's path limit). */
	public const MAX_LENGTH = 254;

	/** The longest name given with an address. */
	public const NAME_MAX = 100;

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Email', 'userfeedback' );
	}

	protected function limit(): int {
		return self::MAX_LENGTH;
	}

	public function default_config(): array {
		return array( 'include_name' => false );
	}

	public function takes_name( array $question ): bool {
		return ! empty( $question['config']['include_name'] );
	}

	public function in_digest(): bool {
		return false;
	}

	public function validate( array $question, $value ) {
		$id    = (int) $question['id'];
		$email = trim( self::text( $value, $id ) );
		if ( '' === $email ) {
			return null;
		}
		if ( strlen( $email ) > self::MAX_LENGTH || ! is_email( $email ) ) {
			/* translators: %d: question id. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d must be a valid email address.', 'userfeedback' ), (int) $id ) );
		}
		return $email;
	}
}
