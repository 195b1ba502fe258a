import { Bar, Pie } from 'react-chartjs-2';
import type { ChartOptions } from 'chart.js';
import { __ } from '@wordpress/i18n';

import { ChartDataTable } from './ChartDataTable';
import { DEFAULT_CHART_SIZE, paletteColor } from './register';

import './charts.scss';

export type ChoiceChartKind = 'bar' | 'pie';

export interface ChoiceChartProps {
	kind: ChoiceChartKind;
	/** The chart's name: the hidden table's caption and the canvas's label. */
	label: string;
	/** One label per option. */
	labels: string[];
	/** One count per option. */
	values: number[];
	/** How a value is written in the hidden table (counts with their percentages). */
	formatValue?: ( value: number, index: number ) => string;
	size?: number;
}

/**
 * The answers of a choice question as horizontal bars or a pie in the five-blue
 * palette; no legend (the card's table names the colours), data also as a hidden table.
 */
export function ChoiceChart( {
	kind,
	label,
	labels,
	values,
	formatValue = ( value ) => value.toLocaleString(),
	size = DEFAULT_CHART_SIZE,
}: ChoiceChartProps ) {
	const colors = labels.map( ( _label, index ) => paletteColor( index ) );
	const dataset = {
		label,
		data: values,
		backgroundColor: colors,
		borderColor: kind === 'pie' ? '#fff' : colors,
		borderWidth: 1,
	};
	const data = { labels, datasets: [ dataset ] };
	const barOptions: ChartOptions< 'bar' > = {
		indexAxis: 'y',
		responsive: true,
		maintainAspectRatio: false,
		plugins: { legend: { display: false } },
		scales: {
			x: { beginAtZero: true, ticks: { precision: 0 } },
			y: { grid: { display: false } },
		},
	};
	const pieOptions: ChartOptions< 'pie' > = {
		responsive: true,
		maintainAspectRatio: true,
		plugins: { legend: { display: false } },
	};
	// Bars grow with the number of options; a pie stays square.
	const height =
		kind === 'bar'
			? Math.min( size, Math.max( 120, labels.length * 40 + 40 ) )
			: size;

	return (
		<figure
			className={ `userfeedback-chart userfeedback-chart--${ kind }` }
		>
			<div
				className="userfeedback-chart__canvas"
				style={ {
					height,
					maxWidth: kind === 'pie' ? size : undefined,
				} }
			>
				{ kind === 'bar' ? (
					<Bar
						data={ data }
						options={ barOptions }
						aria-label={ label }
						role="img"
					/>
				) : (
					<Pie
						data={ data }
						options={ pieOptions }
						aria-label={ label }
						role="img"
					/>
				) }
			</div>
			<ChartDataTable
				caption={ label }
				labelHeader={ __( 'Option', 'userfeedback' ) }
				valueHeader={ __( 'Answers', 'userfeedback' ) }
				rows={ labels.map( ( text, index ) => ( {
					label: text,
					value: formatValue( values[ index ], index ),
				} ) ) }
			/>
		</figure>
	);
}
