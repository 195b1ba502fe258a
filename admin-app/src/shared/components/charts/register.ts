/**
 * Chart.js is tree-shaken: only the parts our charts use are registered, once.
 */
import {
	ArcElement,
	BarElement,
	CategoryScale,
	Chart as ChartJS,
	LineElement,
	LinearScale,
	PointElement,
	Tooltip,
} from 'chart.js';

ChartJS.register(
	CategoryScale,
	LinearScale,
	PointElement,
	LineElement,
	BarElement,
	ArcElement,
	Tooltip
);

/** Spec 2, section 9. */
export const LINE_COLOR = '#1579EF';
export const TOOLTIP_OFFSET = 16;
export const DEFAULT_CHART_SIZE = 400;
/** Five blues, darkest first; options past the fifth reuse them in order. */
export const BLUES = [
	'#0b4a9c',
	'#1579ef',
	'#4e9cf5',
	'#8bbff9',
	'#c5defc',
] as const;

export function paletteColor( index: number ): string {
	return BLUES[ index % BLUES.length ];
}
