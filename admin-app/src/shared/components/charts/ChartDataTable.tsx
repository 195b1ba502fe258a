/**
 * A chart's data as a visually hidden table: what a screen reader reads instead of
 * the canvas.
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
		<table className="screen-reader-text">
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
	);
}
