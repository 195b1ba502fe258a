import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartOptions } from 'chart.js';

import { chartCalls, lastChart } from './test/chartMock';
import {
	BLUES,
	ChoiceChart,
	LINE_COLOR,
	LineChart,
	TOOLTIP_OFFSET,
	countStepSize,
} from '.';

vi.mock( 'react-chartjs-2', () => import( './test/chartMock' ) );

describe( 'LineChart', () => {
	it( 'draws a blue line without a legend and with an external tooltip', () => {
		render(
			<LineChart
				label="Responses per day"
				seriesLabel="Responses"
				labels={ [ 'Nov 1', 'Nov 2', 'Nov 3' ] }
				values={ [ 1, 4, 0 ] }
			/>
		);
		const props = lastChart( 'line' )!;
		const options = props.options as ChartOptions< 'line' >;
		expect( options.plugins?.legend?.display ).toBe( false );
		expect( options.plugins?.tooltip?.enabled ).toBe( false );
		expect( typeof options.plugins?.tooltip?.external ).toBe( 'function' );
		expect( props.data.datasets[ 0 ] ).toMatchObject( {
			data: [ 1, 4, 0 ],
			borderColor: LINE_COLOR,
			label: 'Responses',
		} );
		expect( props.data.labels ).toEqual( [ 'Nov 1', 'Nov 2', 'Nov 3' ] );
		expect( ( options.scales?.y as { min: number } ).min ).toBe( 0 );
		expect(
			screen.getByRole( 'img', { name: 'Responses per day' } )
		).toBeInTheDocument();
	} );

	it( 'shows its tooltip 16 px above the point and hides it again', () => {
		const { container } = render(
			<LineChart
				label="Daily NPS"
				seriesLabel="NPS"
				labels={ [ 'Nov 1', 'Nov 2' ] }
				values={ [ 50, null ] }
			/>
		);
		const options = lastChart( 'line' )!.options as ChartOptions< 'line' >;
		const external = options.plugins!.tooltip!.external as unknown as (
			context: unknown
		) => void;
		act( () =>
			external( {
				tooltip: {
					opacity: 1,
					caretX: 120,
					caretY: 80,
					dataPoints: [ { label: 'Nov 1', parsed: { y: 50 } } ],
				},
			} )
		);
		const tooltip = container.querySelector(
			'.userfeedback-chart__tooltip'
		) as HTMLElement;
		expect( tooltip ).toHaveTextContent( 'Nov 1' );
		expect( tooltip ).toHaveTextContent( 'NPS: 50' );
		expect( tooltip.style.left ).toBe( '120px' );
		expect( tooltip.style.top ).toBe( `${ 80 - TOOLTIP_OFFSET }px` );
		act( () => external( { tooltip: { opacity: 0 } } ) );
		expect(
			container.querySelector( '.userfeedback-chart__tooltip' )
		).toBeNull();
	} );

	it( 'has its data as a hidden table', () => {
		render(
			<LineChart
				label="Daily NPS"
				seriesLabel="NPS"
				labels={ [ 'Nov 1', 'Nov 2' ] }
				values={ [ -20, null ] }
			/>
		);
		const table = screen.getByRole( 'table', { name: 'Daily NPS' } );
		const rows = within( table ).getAllByRole( 'row' );
		expect( rows[ 1 ] ).toHaveTextContent( 'Nov 1-20' );
		expect( rows[ 2 ] ).toHaveTextContent( 'Nov 2No data' );
		// Hidden by a block that clips it (a table ignores a 1 px height), inside the
		// chart's positioned figure: no page-long empty scroll (issue 17).
		expect( table ).not.toHaveClass( 'screen-reader-text' );
		expect( table.parentElement ).toHaveClass(
			'screen-reader-text',
			'userfeedback-chart__data'
		);
		expect( table.parentElement?.parentElement?.tagName ).toBe( 'FIGURE' );
	} );

	it( 'steps count ticks by 2 or 10', () => {
		expect( countStepSize( 5 ) ).toBe( 2 );
		expect( countStepSize( 60 ) ).toBe( 10 );
		expect( countStepSize( 5000 ) ).toBeUndefined();
	} );
} );

describe( 'ChoiceChart', () => {
	it( 'colours a pie with the five blues, in order and repeating', () => {
		chartCalls.length = 0;
		const labels = [ 'a', 'b', 'c', 'd', 'e', 'f' ];
		render(
			<ChoiceChart
				kind="pie"
				label="Answers"
				labels={ labels }
				values={ [ 1, 2, 3, 4, 5, 6 ] }
			/>
		);
		const props = lastChart( 'pie' )!;
		expect( BLUES ).toHaveLength( 5 );
		expect( props.data.datasets[ 0 ].backgroundColor ).toEqual( [
			...BLUES,
			BLUES[ 0 ],
		] );
		expect(
			( props.options as ChartOptions< 'pie' > ).plugins?.legend?.display
		).toBe( false );
		expect( chartCalls.some( ( call ) => call.kind === 'bar' ) ).toBe(
			false
		);
	} );

	it( 'draws horizontal bars', () => {
		render(
			<ChoiceChart
				kind="bar"
				label="Answers"
				labels={ [ 'Yes', 'No' ] }
				values={ [ 3, 1 ] }
				formatValue={ ( value ) => `${ value } votes` }
			/>
		);
		const props = lastChart( 'bar' )!;
		expect( ( props.options as ChartOptions< 'bar' > ).indexAxis ).toBe(
			'y'
		);
		expect( props.data.datasets[ 0 ].data ).toEqual( [ 3, 1 ] );
		expect(
			within(
				screen.getByRole( 'table', { name: 'Answers' } )
			).getByText( '3 votes' )
		).toBeInTheDocument();
	} );
} );
