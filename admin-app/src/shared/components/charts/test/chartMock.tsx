/**
 * Stand-ins for react-chartjs-2 (jsdom has no canvas): they record the props each
 * chart got, so tests can check the data and options.
 */
import type { ChartProps } from 'react-chartjs-2';

export type RecordedChart = {
	kind: 'line' | 'bar' | 'pie';
	props: Omit< ChartProps, 'type' >;
};

export const chartCalls: RecordedChart[] = [];

export function lastChart( kind: RecordedChart[ 'kind' ] ) {
	const calls = chartCalls.filter( ( call ) => call.kind === kind );
	return calls[ calls.length - 1 ]?.props;
}

function fake( kind: RecordedChart[ 'kind' ] ) {
	return function FakeChart( props: Omit< ChartProps, 'type' > ) {
		chartCalls.push( { kind, props } );
		return (
			<canvas
				data-chart={ kind }
				role="img"
				aria-label={ props[ 'aria-label' ] }
			/>
		);
	};
}

export const Line = fake( 'line' );
export const Bar = fake( 'bar' );
export const Pie = fake( 'pie' );
