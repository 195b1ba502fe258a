import { useCallback, useMemo, useState } from 'react';
import { Line } from 'react-chartjs-2';
import type { ChartOptions, TooltipModel } from 'chart.js';
import { __ } from '@wordpress/i18n';

import { ChartDataTable } from './ChartDataTable';
import { DEFAULT_CHART_SIZE, LINE_COLOR, TOOLTIP_OFFSET } from './register';

import './charts.scss';

export interface LineChartProps {
	/** The chart's name: the hidden table's caption and the canvas's label. */
	label: string;
	/** X axis labels, one per point (e.g. formatted days). */
	labels: string[];
	/** One value per label; null leaves a gap (a day without answers). */
	values: Array< number | null >;
	/** The series' name in the tooltip and the hidden table's value column. */
	seriesLabel: string;
	/** Y axis bounds and tick step; by default from 0, whole numbers. */
	yMin?: number;
	yMax?: number;
	stepSize?: number;
	/** How a value is written in the tooltip and the hidden table. */
	formatValue?: ( value: number ) => string;
	height?: number;
}

interface TooltipState {
	left: number;
	top: number;
	title: string;
	value: string;
}

/**
 * Tick step for counts (spec 2, section 9: step 2 or 10): 2 for small counts, 10 up
 * to 100, Chart.js's own whole-number steps above.
 *
 * @param max The largest value.
 */
export function countStepSize( max: number ): number | undefined {
	if ( max <= 20 ) {
		return 2;
	}
	return max <= 100 ? 10 : undefined;
}

/**
 * A blue line chart with its legend hidden and an HTML tooltip of our own (Chart.js's
 * external tooltip) 16 px above the point; its data is also a visually hidden table.
 */
export function LineChart( {
	label,
	labels,
	values,
	seriesLabel,
	yMin,
	yMax,
	stepSize,
	formatValue = ( value ) => value.toLocaleString(),
	height = DEFAULT_CHART_SIZE,
}: LineChartProps ) {
	const [ tooltip, setTooltip ] = useState< TooltipState | null >( null );

	const external = useCallback(
		( { tooltip: model }: { tooltip: TooltipModel< 'line' > } ) => {
			if ( model.opacity === 0 || ! model.dataPoints?.length ) {
				setTooltip( null );
				return;
			}
			const point = model.dataPoints[ 0 ];
			const raw = point.parsed.y;
			setTooltip( {
				left: model.caretX,
				top: model.caretY - TOOLTIP_OFFSET,
				title: String( point.label ?? '' ),
				value:
					raw === null || raw === undefined
						? __( 'No data', 'userfeedback' )
						: formatValue( raw ),
			} );
		},
		[ formatValue ]
	);

	const numeric = values.filter(
		( value ): value is number => typeof value === 'number'
	);
	const max = numeric.length ? Math.max( ...numeric ) : 0;

	const options = useMemo< ChartOptions< 'line' > >(
		() => ( {
			responsive: true,
			maintainAspectRatio: false,
			interaction: { mode: 'index', intersect: false },
			plugins: {
				legend: { display: false },
				tooltip: { enabled: false, external },
			},
			scales: {
				x: { grid: { display: false } },
				y: {
					min: yMin ?? 0,
					max: yMax,
					ticks: {
						precision: 0,
						stepSize: stepSize ?? countStepSize( max ),
					},
				},
			},
		} ),
		[ external, yMin, yMax, stepSize, max ]
	);

	const data = {
		labels,
		datasets: [
			{
				label: seriesLabel,
				data: values,
				borderColor: LINE_COLOR,
				backgroundColor: LINE_COLOR,
				pointBackgroundColor: LINE_COLOR,
				pointRadius: 3,
				tension: 0.25,
				spanGaps: false,
			},
		],
	};

	return (
		<figure className="userfeedback-chart userfeedback-chart--line">
			<div
				className="userfeedback-chart__canvas"
				style={ { height } }
				onMouseLeave={ () => setTooltip( null ) }
			>
				<Line
					data={ data }
					options={ options }
					aria-label={ label }
					role="img"
				/>
				{ tooltip && (
					<div
						className="userfeedback-chart__tooltip"
						style={ { left: tooltip.left, top: tooltip.top } }
						aria-hidden="true"
					>
						<div className="userfeedback-chart__tooltip-title">
							{ tooltip.title }
						</div>
						<div>
							{ seriesLabel }: <strong>{ tooltip.value }</strong>
						</div>
					</div>
				) }
			</div>
			<ChartDataTable
				caption={ label }
				labelHeader={ __( 'Date', 'userfeedback' ) }
				valueHeader={ seriesLabel }
				rows={ labels.map( ( text, index ) => {
					const value = values[ index ];
					return {
						label: text,
						value:
							value === null || value === undefined
								? __( 'No data', 'userfeedback' )
								: formatValue( value ),
					};
				} ) }
			/>
		</figure>
	);
}
