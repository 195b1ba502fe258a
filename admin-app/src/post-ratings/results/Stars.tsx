/**
 * A rating as five stars filled up to it (partly filled for an average such as 4.3),
 * read by screen readers as its label ('4.3 out of 5').
 */
const STAR =
	'M12 1.1l2.82 7.62 8.12.33-6.37 5.03 2.19 7.82L12 17.4l-6.76 4.5 2.19-7.82-6.37-5.03 8.12-.33z';

/** Spec 2, section 9: the rating scale. */
const SCALE = 5;

function Row() {
	return (
		<>
			{ Array.from( { length: SCALE }, ( _, index ) => (
				<svg key={ index } viewBox="0 0 24 24" focusable="false">
					<path d={ STAR } fill="currentColor" />
				</svg>
			) ) }
		</>
	);
}

export function Stars( { value, label }: { value: number; label: string } ) {
	const percent = Math.max( 0, Math.min( 100, ( value / SCALE ) * 100 ) );
	return (
		<span className="userfeedback-pr-stars" role="img" aria-label={ label }>
			<span className="userfeedback-pr-stars__empty" aria-hidden="true">
				<Row />
			</span>
			<span
				className="userfeedback-pr-stars__full"
				aria-hidden="true"
				style={ { width: `${ percent }%` } }
			>
				<Row />
			</span>
		</span>
	);
}
