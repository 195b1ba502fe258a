/** @jsxImportSource preact */
/**
 * The survey's flow aids (settings.flow): the progress bar and what it counts. The
 * Back button itself lives in the Widget, which owns the answers it goes back through.
 */
import type { Answer, Question } from '../types';
import { isShown, type Fields } from './logic';

/**
 * Where the visitor is: the question shown is number `at` of `total`. The questions
 * seen before it are counted as they were (skips too; those display logic hid are not),
 * and the questions after it as display logic decides with what is known now: the
 * answers so far, the one being given and those kept after a Back. A question whose
 * conditions depend on an answer not given yet counts as its logic says for no answer
 * (a "show when" one does not count, a "hide when" one does), so the total can change
 * as the visitor answers.
 *
 * @param questions All questions.
 * @param index     Index of the question shown.
 * @param known     The answers before it, then its own (draft) and the kept ones.
 * @param before    How many questions were shown before it.
 * @param fields    The hidden fields collected for this visit (display logic may read them).
 */
export function progressOf(
	questions: Question[],
	index: number,
	known: Answer[],
	before: number,
	fields: Fields = {}
): { at: number; total: number } {
	const at = before + 1;
	let total = at;
	for ( let i = index + 1; i < questions.length; i++ ) {
		if ( isShown( questions[ i ], known, fields ) ) {
			total++;
		}
	}
	return { at, total };
}

/**
 * The bar's filled share at each question number, never less than at the number before
 * it: a total that grows as the visitor answers makes the text say so ("4 of 8") but
 * does not pull the bar back. Kept per widget, as a list indexed by question number.
 *
 * @param shares Shares drawn so far (changed in place).
 * @param at     The question's number.
 * @param total  How many there are.
 */
export function shareOf( shares: number[], at: number, total: number ) {
	shares[ at ] = Math.min( Math.max( at / total, shares[ at - 1 ] ?? 0 ), 1 );
	shares.length = at + 1;
	return shares[ at ];
}

/**
 * A progress bar (role progressbar) named by its visible text ("Question 2 of 5"). It
 * fills with a transform, so it never moves the layout.
 *
 * @param props          The numbers.
 * @param props.id       Id of the text (the bar's name).
 * @param props.at       The question's number.
 * @param props.total    How many questions.
 * @param props.share    Filled share, 0 to 1.
 * @param props.template The progress string (%1$d, %2$d).
 */
export function Progress( {
	id,
	at,
	total,
	share,
	template,
}: {
	id: string;
	at: number;
	total: number;
	share: number;
	template?: string;
} ) {
	const text = ( template || 'Question %1$d of %2$d' )
		.replace( '%1$d', String( at ) )
		.replace( '%2$d', String( total ) );
	return (
		<div className="uf-progress">
			<span className="uf-progress-text" id={ id }>
				{ text }
			</span>
			<div
				className="uf-progress-bar"
				role="progressbar"
				aria-labelledby={ id }
				aria-valuemin={ 0 }
				aria-valuemax={ total }
				aria-valuenow={ at }
				aria-valuetext={ text }
			>
				<span
					className="uf-progress-fill"
					style={ { transform: `scaleX(${ share })` } }
				/>
			</div>
		</div>
	);
}
