import './register';

export { LineChart, countStepSize, type LineChartProps } from './LineChart';
export {
	ChoiceChart,
	type ChoiceChartKind,
	type ChoiceChartProps,
} from './ChoiceChart';
export { ChartDataTable } from './ChartDataTable';
export {
	BLUES,
	DEFAULT_CHART_SIZE,
	LINE_COLOR,
	TOOLTIP_OFFSET,
	paletteColor,
} from './register';
