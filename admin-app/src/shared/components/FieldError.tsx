import { fieldErrorAt, type FieldErrorMap } from '../fieldErrors';

/**
 * The sentence of a refused save next to its field (shared/fieldErrors). Give the
 * field aria-describedby={ id } and aria-invalid when it shows.
 *
 * @param props        The props.
 * @param props.path   The field's dot path, e.g. 'ai_base_url'.
 * @param props.errors Dot path => sentence.
 * @param props.id     Id of the message, for the field's aria-describedby.
 */
export function FieldError( {
	path,
	errors,
	id,
}: {
	path: string;
	errors: FieldErrorMap | undefined;
	id?: string;
} ) {
	const message = fieldErrorAt( errors, path );
	if ( ! message ) {
		return null;
	}
	return (
		<p className="userfeedback-field-error" id={ id }>
			{ message }
		</p>
	);
}
