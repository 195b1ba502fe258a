/**
 * A chart's data as a visually hidden table: what a screen reader reads instead of
 * the canvas. The hiding is on a wrapping block: a table ignores the 1 px height and
 * the overflow clipping of a visually hidden box, so a hidden table of 30 days still
 * took its full height and left that much empty scroll below the page (issue 17).
 * The chart's figure is the wrapper's positioned ancestor.
 */
export function ChartDataTable( {
	caption,
	labelHeader,
	valueHeader,
	rows,
}: {
	caption: string;
	labelHeader: string;
	valueHeader: string;
	rows: Array< { label: string; value: string } >;
} ) {
	return (
		<div className="screen-reader-text userfeedback-chart__data">
			<table>
				<caption>{ caption }</caption>
				<thead>
					<tr>
						<th scope="col">{ labelHeader }</th>
						<th scope="col">{ valueHeader }</th>
					</tr>
				</thead>
				<tbody>
					{ rows.map( ( row, index ) => (
						<tr key={ index }>
							<th scope="row">{ row.label }</th>
							<td>{ row.value }</td>
						</tr>
					) ) }
				</tbody>
			</table>
		</div>
	);
}
