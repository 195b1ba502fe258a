import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { ChartData, ChartOptions } from 'chart.js';
import { __, sprintf } from '@wordpress/i18n';

import {
	DEFAULT_CHART_SIZE,
	LINE_COLOR,
	paletteColor,
} from '../../shared/components/charts';
import { useNumberFormats } from '../../shared/format';
import type { Trend, TrendKind, TrendPoint } from '../../shared/types';

import './trends.scss';

/** The y axis of each kind: NPS -100..100, stars 0..5, shares 0..100 %. */
const Y_AXES = {
	nps: { min: -100, max: 100, ticks: { stepSize: 50 } },
	stars: { min: 0, max: 5, ticks: { stepSize: 1 } },
	choice: {
		min: 0,
		max: 100,
		ticks: {
			stepSize: 25,
			callback: ( value: string | number ) => `${ value }%`,
		},
	},
} as const;

/** How a point of a small sample is drawn: its colour at this opacity (hex alpha). */
const FADED_ALPHA = '4d';

/**
 * The name of a trend's value.
 *
 * @param kind What the trend's points hold.
 */
function seriesName( kind: TrendKind ): string {
	return kind === 'nps'
		? __( 'NPS score', 'userfeedback' )
		: __( 'Average stars', 'userfeedback' );
}

/**
 * "n = 12": a point's answer count, under it on the x axis and in the hidden table.
 *
 * @param count  The count.
 * @param format Number format.
 */
function countLabel( count: number, format: ( value: number ) => string ) {
	/* translators: %s: number of answers in one point of a trend chart. */
	return sprintf( __( 'n = %s', 'userfeedback' ), format( count ) );
}

/**
 * The datasets: one line (NPS score, average stars) or one line per option (its share);
 * each point of a small sample drawn faded.
 *
 * @param trend The trend.
 */
function datasets( trend: Trend ): ChartData< 'line' >[ 'datasets' ] {
	const small = ( point: TrendPoint ) =>
		point.count > 0 && point.count < trend.small_sample;
	const colours = ( colour: string ) =>
		trend.points.map( ( point ) =>
			small( point ) ? colour + FADED_ALPHA : colour
		);
	const line = (
		label: string,
		colour: string,
		data: Array< number | null >
	) => ( {
		label,
		data,
		borderColor: colour,
		backgroundColor: colour,
		pointBackgroundColor: colours( colour ),
		pointBorderColor: colours( colour ),
		pointRadius: 4,
		tension: 0.25,
		spanGaps: false,
	} );
	if ( trend.question.kind !== 'choice' ) {
		return [
			line(
				seriesName( trend.question.kind ),
				LINE_COLOR,
				trend.points.map( ( point ) =>
					point.count > 0 ? point.value : null
				)
			),
		];
	}
	return trend.question.options.map( ( option, index ) =>
		line(
			option.label,
			paletteColor( index ),
			trend.points.map( ( point ) =>
				point.count > 0 ? ( point.shares?.[ option.value ] ?? 0 ) : null
			)
		)
	);
}

/**
 * A question's trend as a line chart: the NPS score, the average stars, or the share
 * of each option per day, week or month, with each point's answer count under it on
 * the x axis ("n = 12") and points of fewer than `small_sample` answers faded. Its data
 * is also a visually hidden table.
 *
 * @param props        The chart's props.
 * @param props.trend  The trend (GET surveys/{id}/trends).
 * @param props.height Canvas height in px.
 */
export function TrendChart( {
	trend,
	height = Math.round( DEFAULT_CHART_SIZE * 0.7 ),
}: {
	trend: Trend;
	height?: number;
} ) {
	const format = useNumberFormats();
	const { kind } = trend.question;
	const title = sprintf(
		/* translators: %s: question title. */
		__( 'Trend of “%s”', 'userfeedback' ),
		trend.question.title || __( '(no title)', 'userfeedback' )
	);
	const valueText = ( value: number ) => {
		if ( kind === 'choice' ) {
			return format.percent( value );
		}
		return kind === 'stars'
			? format.decimal( value )
			: format.count( value );
	};

	const options = useMemo< ChartOptions< 'line' > >(
		() => ( {
			responsive: true,
			maintainAspectRatio: false,
			interaction: { mode: 'index', intersect: false },
			plugins: { legend: { display: false } },
			scales: {
				x: { grid: { display: false } },
				y: Y_AXES[ kind ],
			},
		} ),
		[ kind ]
	);

	const data: ChartData< 'line' > = {
		// An array label is drawn on two lines: the bucket, then its count.
		labels: trend.points.map( ( point ) => [
			point.label,
			countLabel( point.count, format.count ),
		] ),
		datasets: datasets( trend ),
	};

	const columns =
		kind === 'choice'
			? trend.question.options.map( ( option ) => option.label )
			: [ seriesName( kind ) ];
	const cells = ( point: TrendPoint ): string[] => {
		if ( point.count === 0 ) {
			return columns.map( () => __( 'No answers', 'userfeedback' ) );
		}
		if ( kind === 'choice' ) {
			return trend.question.options.map( ( option ) =>
				valueText( point.shares?.[ option.value ] ?? 0 )
			);
		}
		return [
			point.value === null
				? __( 'No data', 'userfeedback' )
				: valueText( point.value ),
		];
	};

	return (
		<figure className="userfeedback-chart userfeedback-chart--line userfeedback-trend__chart">
			{ kind === 'choice' && (
				<ul className="userfeedback-trend__legend" aria-hidden="true">
					{ trend.question.options.map( ( option, index ) => (
						<li key={ option.value }>
							<span
								className="userfeedback-trend__swatch"
								style={ { background: paletteColor( index ) } }
							/>
							{ option.label }
						</li>
					) ) }
				</ul>
			) }
			<div className="userfeedback-chart__canvas" style={ { height } }>
				<Line
					data={ data }
					options={ options }
					aria-label={ title }
					role="img"
				/>
			</div>
			<figcaption className="userfeedback-trend__note">
				{ sprintf(
					/* translators: %s: a number of answers (5). */
					__(
						'n: answers in each point. Faded points have fewer than %s answers.',
						'userfeedback'
					),
					format.count( trend.small_sample )
				) }
			</figcaption>
			<div className="screen-reader-text userfeedback-chart__data">
				<table>
					<caption>{ title }</caption>
					<thead>
						<tr>
							<th scope="col">
								{ __( 'Period', 'userfeedback' ) }
							</th>
							<th scope="col">
								{ __( 'Answers', 'userfeedback' ) }
							</th>
							{ columns.map( ( column ) => (
								<th scope="col" key={ column }>
									{ column }
								</th>
							) ) }
						</tr>
					</thead>
					<tbody>
						{ trend.points.map( ( point ) => (
							<tr key={ point.start }>
								<th scope="row">{ point.label }</th>
								<td>{ format.count( point.count ) }</td>
								{ cells( point ).map( ( cell, index ) => (
									<td key={ index }>{ cell }</td>
								) ) }
							</tr>
						) ) }
					</tbody>
				</table>
			</div>
		</figure>
	);
}
