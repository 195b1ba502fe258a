/** @jsxImportSource preact */
import type { Question, WidgetStrings } from '../types';
import type { SendFailure } from './send';

/**
 * Why the answers were not stored, and what the visitor can do: go back to a question
 * the server named (a refusal), or send them again (a network failure). A role=alert
 * region that the Widget focuses when it appears, so that it is read first and Tab
 * leads to its buttons.
 *
 * @param props         Alert props.
 * @param props.failure What went wrong.
 * @param props.faults  The questions the server named, other than the one on screen.
 * @param props.sending The answers are on their way again.
 * @param props.waiting A Retry-After is not over yet.
 * @param props.strings Widget strings.
 * @param props.onBack  Go back to a question.
 * @param props.onRetry Send again.
 */
export function SendAlert( {
	failure,
	faults,
	sending,
	waiting,
	strings,
	onBack,
	onRetry,
}: {
	failure: SendFailure;
	faults: Question[];
	sending: boolean;
	waiting: boolean;
	strings: WidgetStrings;
	onBack: ( id: number ) => void;
	onRetry: () => void;
} ) {
	const refused = failure.kind === 'refused';
	let message = strings.send_failed;
	if ( refused ) {
		message = failure.message || strings.send_refused;
	}
	return (
		<div className="uf-alert" role="alert" tabIndex={ -1 }>
			<p>{ message }</p>
			{ waiting && (
				<p>
					{ strings.retry_in.replace( '%d', String( failure.wait ) ) }
				</p>
			) }
			{ refused ? (
				faults.map( ( question ) => (
					<button
						key={ question.id }
						type="button"
						className="uf-link"
						onClick={ () => onBack( question.id ) }
					>
						{ strings.change_answer.replace(
							'%s',
							question.title
						) }
					</button>
				) )
			) : (
				// aria-disabled rather than disabled: the focus stays on it.
				<button
					type="button"
					className="uf-btn"
					aria-disabled={ sending || waiting || undefined }
					onClick={ onRetry }
				>
					{ sending ? strings.sending : strings.retry }
				</button>
			) }
		</div>
	);
}
