import { useId, useState, type FormEvent } from 'react';
import { Button, SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../context';
import { useFeature } from '../../gating';
import type { FeatureKey } from '../../types';
import {
	EARLIEST_DAY,
	INTERVAL_IDS,
	formatDay,
	intervalRange,
	matchInterval,
	rangeLength,
	rangeProblem,
	siteToday,
	type DateRange,
	type IntervalId,
	type RangeProblem,
} from './dates';

import './DateRangePicker.scss';

export interface DateRangePickerProps {
	/** The chosen range, site-local days: { from: '2026-10-23', to: '2026-11-21' }. */
	value: DateRange;
	onChange: ( range: DateRange ) => void;
	/** Leave out Today and Yesterday (spec 2, section 9: the queries route). */
	hideToday?: boolean;
	/**
	 * A feature that ranges longer than `maxDays` need (e.g. 'results_30_days'): a
	 * longer choice opens the upgrade dialog instead of applying when it is locked.
	 */
	gate?: FeatureKey;
	/** Longest range without the gate's feature; 7 by default. */
	maxDays?: number;
	/** The control's name; 'Date range' by default. */
	label?: string;
	/** First day of the week for "Last Week": 0 Sunday - 6 Saturday; Monday by default. */
	weekStartsOn?: number;
}

const CUSTOM = 'custom';

function intervalLabel( id: IntervalId ): string {
	switch ( id ) {
		case 'today':
			return __( 'Today', 'userfeedback' );
		case 'yesterday':
			return __( 'Yesterday', 'userfeedback' );
		case 'last_week':
			return __( 'Last Week', 'userfeedback' );
		case 'last_month':
			return __( 'Last Month', 'userfeedback' );
		case 'last_7_days':
			return __( 'Last 7 days', 'userfeedback' );
		case 'last_30_days':
			return __( 'Last 30 days', 'userfeedback' );
		case 'last_90_days':
			return __( 'Last 90 days', 'userfeedback' );
	}
}

function problemMessage( problem: RangeProblem, today: string ): string {
	switch ( problem ) {
		case 'invalid':
			return __( 'Enter both dates.', 'userfeedback' );
		case 'before_earliest':
			return sprintf(
				/* translators: %s: the earliest date, 2005-01-01. */
				__( 'Dates before %s are not available.', 'userfeedback' ),
				EARLIEST_DAY
			);
		case 'after_today':
			return sprintf(
				/* translators: %s: today's date (YYYY-MM-DD). */
				__(
					'Dates after today (%s) are not available.',
					'userfeedback'
				),
				today
			);
		case 'reversed':
			return __(
				'The start date must not be after the end date.',
				'userfeedback'
			);
	}
}

/**
 * The shared date-range picker (spec 2, section 9): intervals Today, Yesterday, Last
 * Week, Last Month, Last 7, 30 and 90 days, or a custom range of days from 2005-01-01
 * up to today in the site's time zone. Ranges longer than `maxDays` can be gated by a
 * feature.
 */
export function DateRangePicker( {
	value,
	onChange,
	hideToday = false,
	gate,
	maxDays = 7,
	label,
	weekStartsOn = 1,
}: DateRangePickerProps ) {
	const config = useConfig();
	const id = useId();
	// useFeature needs a key; without a gate nothing is ever locked.
	const feature = useFeature( gate ?? 'results_30_days' );
	const today = siteToday( config.site );
	const ids = hideToday
		? INTERVAL_IDS.filter(
				( interval ) => interval !== 'today' && interval !== 'yesterday'
			)
		: INTERVAL_IDS;
	const current = matchInterval( value, today, ids, weekStartsOn );
	const [ customOpen, setCustomOpen ] = useState( false );
	const [ draft, setDraft ] = useState< DateRange >( value );
	const [ error, setError ] = useState< string | null >( null );
	// The value can change under the form (back/forward, another control): follow it.
	const [ shown, setShown ] = useState< DateRange >( value );
	if ( shown.from !== value.from || shown.to !== value.to ) {
		setShown( value );
		setDraft( value );
	}
	// A custom range keeps its dates on screen, so they can be changed again.
	const showCustom = customOpen || ! current;

	const isLocked = ( range: DateRange ) =>
		!! gate && ! feature.allowed && rangeLength( range ) > maxDays;

	/** Applies a range unless its length is gated, in which case the dialog opens. */
	const apply = ( range: DateRange ): boolean => {
		if ( isLocked( range ) ) {
			feature.guard( 'date-range-picker' );
			return false;
		}
		onChange( range );
		return true;
	};

	const onSelect = ( selected: string ) => {
		if ( selected === CUSTOM ) {
			setDraft( value );
			setError( null );
			setCustomOpen( true );
			return;
		}
		setCustomOpen( false );
		apply( intervalRange( selected as IntervalId, today, weekStartsOn ) );
	};

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		const problem = rangeProblem( draft, today );
		if ( problem ) {
			setError( problemMessage( problem, today ) );
			return;
		}
		setError( null );
		if ( apply( draft ) ) {
			setCustomOpen( false );
		}
	};

	const format = config.site.date_format || 'F j, Y';
	const summary =
		value.from === value.to
			? formatDay( value.from, format, config.site )
			: sprintf(
					/* translators: 1: first day, 2: last day. */
					__( '%1$s – %2$s', 'userfeedback' ),
					formatDay( value.from, format, config.site ),
					formatDay( value.to, format, config.site )
				);
	const options = [
		...ids.map( ( interval ) => {
			const range = intervalRange( interval, today, weekStartsOn );
			return {
				value: interval,
				label: isLocked( range )
					? sprintf(
							/* translators: %s: an interval, e.g. "Last 30 days". */
							__( '%s (upgrade)', 'userfeedback' ),
							intervalLabel( interval )
						)
					: intervalLabel( interval ),
			};
		} ),
		{ value: CUSTOM, label: __( 'Custom range', 'userfeedback' ) },
	];

	return (
		<div
			className="userfeedback-date-range"
			role="group"
			aria-label={ label ?? __( 'Date range', 'userfeedback' ) }
		>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ label ?? __( 'Date range', 'userfeedback' ) }
				hideLabelFromVision
				value={ showCustom ? CUSTOM : current }
				options={ options }
				onChange={ onSelect }
			/>
			<span className="userfeedback-date-range__summary">
				{ summary }
			</span>
			{ showCustom && (
				<form
					className="userfeedback-date-range__custom"
					onSubmit={ onSubmit }
					noValidate
				>
					<label htmlFor={ `${ id }-from` }>
						{ __( 'From', 'userfeedback' ) }
					</label>
					<input
						id={ `${ id }-from` }
						type="date"
						min={ EARLIEST_DAY }
						max={ today }
						value={ draft.from }
						onChange={ ( event ) =>
							setDraft( { ...draft, from: event.target.value } )
						}
					/>
					<label htmlFor={ `${ id }-to` }>
						{ __( 'To', 'userfeedback' ) }
					</label>
					<input
						id={ `${ id }-to` }
						type="date"
						min={ EARLIEST_DAY }
						max={ today }
						value={ draft.to }
						onChange={ ( event ) =>
							setDraft( { ...draft, to: event.target.value } )
						}
					/>
					<Button variant="secondary" type="submit">
						{ __( 'Apply', 'userfeedback' ) }
					</Button>
					{ current && (
						<Button
							variant="tertiary"
							onClick={ () => {
								setCustomOpen( false );
								setDraft( value );
								setError( null );
							} }
						>
							{ __( 'Cancel', 'userfeedback' ) }
						</Button>
					) }
					{ error && (
						<p
							className="userfeedback-date-range__error"
							role="alert"
						>
							{ error }
						</p>
					) }
				</form>
			) }
		</div>
	);
}
