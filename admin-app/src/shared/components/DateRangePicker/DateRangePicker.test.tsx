import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConfigProvider } from '../../context';
import { feature, makeConfig } from '../../test/fixtures';
import { useUpgradeDialog } from '../../upgrade';
import type { DateRange } from './dates';
import { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';

// 2026-11-01 23:30 in New York (EST, just after the DST change): 04:30 UTC on the 2nd.
const NOW = new Date( '2026-11-02T04:30:00Z' );
const TODAY = '2026-11-01';

function Harness( {
	initial,
	onChange,
	...props
}: Omit< DateRangePickerProps, 'value' | 'onChange' > & {
	initial: DateRange;
	onChange: ( range: DateRange ) => void;
} ) {
	const [ value, setValue ] = useState( initial );
	return (
		<DateRangePicker
			{ ...props }
			value={ value }
			onChange={ ( range ) => {
				onChange( range );
				setValue( range );
			} }
		/>
	);
}

function renderPicker(
	props: Partial< DateRangePickerProps > & { allowed?: boolean } = {}
) {
	const { allowed = true, ...rest } = props;
	const config = makeConfig( {
		page: 'results',
		features: {
			results_30_days: feature( {
				allowed,
				label: '30-Day Results',
				reason: allowed ? null : 'upgrade',
			} ),
		},
	} );
	const onChange = vi.fn();
	render(
		<ConfigProvider config={ config }>
			<Harness
				initial={ { from: '2026-10-26', to: TODAY } }
				onChange={ onChange }
				{ ...rest }
			/>
		</ConfigProvider>
	);
	return { onChange, user: userEvent.setup() };
}

const select = () => screen.getByRole( 'combobox', { name: 'Date range' } );
const optionLabels = () =>
	within( select() )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

beforeEach( () => {
	vi.useFakeTimers( { toFake: [ 'Date' ] } );
	vi.setSystemTime( NOW );
	useUpgradeDialog.setState( { feature: null } );
} );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'DateRangePicker', () => {
	it( 'offers the spec’s intervals and shows the current one', () => {
		renderPicker();
		expect( optionLabels() ).toEqual( [
			'Today',
			'Yesterday',
			'Last Week',
			'Last Month',
			'Last 7 days',
			'Last 30 days',
			'Last 90 days',
			'Custom range',
		] );
		expect( select() ).toHaveValue( 'last_7_days' );
		expect(
			screen.getByText( 'October 26, 2026 – November 1, 2026' )
		).toBeInTheDocument();
	} );

	it( 'drops Today and Yesterday on request', () => {
		renderPicker( { hideToday: true } );
		expect( optionLabels() ).not.toContain( 'Today' );
		expect( optionLabels() ).not.toContain( 'Yesterday' );
		expect( optionLabels() ).toContain( 'Last Week' );
	} );

	it( 'applies intervals in the site’s time zone', async () => {
		const { onChange, user } = renderPicker();
		await user.selectOptions( select(), 'today' );
		expect( onChange ).toHaveBeenLastCalledWith( {
			from: TODAY,
			to: TODAY,
		} );
		await user.selectOptions( select(), 'yesterday' );
		expect( onChange ).toHaveBeenLastCalledWith( {
			from: '2026-10-31',
			to: '2026-10-31',
		} );
		await user.selectOptions( select(), 'last_30_days' );
		expect( onChange ).toHaveBeenLastCalledWith( {
			from: '2026-10-03',
			to: TODAY,
		} );
		await user.selectOptions( select(), 'last_month' );
		expect( onChange ).toHaveBeenLastCalledWith( {
			from: '2026-10-01',
			to: '2026-10-31',
		} );
	} );

	it( 'limits custom dates to 2005-01-01..today', async () => {
		const { onChange, user } = renderPicker();
		await user.selectOptions( select(), 'custom' );
		const from = screen.getByLabelText( 'From' );
		const to = screen.getByLabelText( 'To' );
		expect( from ).toHaveAttribute( 'min', '2005-01-01' );
		expect( from ).toHaveAttribute( 'max', TODAY );
		expect( to ).toHaveAttribute( 'max', TODAY );

		await user.clear( from );
		await user.type( from, '2004-12-31' );
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Dates before 2005-01-01 are not available.'
		);

		await user.clear( from );
		await user.type( from, '2026-10-20' );
		await user.clear( to );
		await user.type( to, '2026-11-02' );
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Dates after today (2026-11-01) are not available.'
		);
		expect( onChange ).not.toHaveBeenCalled();

		await user.clear( to );
		await user.type( to, '2026-10-25' );
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		expect( onChange ).toHaveBeenLastCalledWith( {
			from: '2026-10-20',
			to: '2026-10-25',
		} );
		expect( select() ).toHaveValue( 'custom' );
	} );

	it( 'keeps a custom range’s dates on screen to change them again', async () => {
		const config = makeConfig( { page: 'results' } );
		const onChange = vi.fn();
		render(
			<ConfigProvider config={ config }>
				<Harness
					initial={ { from: '2026-10-10', to: '2026-10-12' } }
					onChange={ onChange }
				/>
			</ConfigProvider>
		);
		const user = userEvent.setup();
		expect( select() ).toHaveValue( 'custom' );
		expect( screen.getByLabelText( 'From' ) ).toHaveValue( '2026-10-10' );
		expect( screen.getByLabelText( 'To' ) ).toHaveValue( '2026-10-12' );
		await user.selectOptions( select(), 'today' );
		expect( onChange ).toHaveBeenCalledWith( { from: TODAY, to: TODAY } );
		expect( screen.queryByLabelText( 'From' ) ).toBeNull();
	} );

	it( 'opens the upgrade dialog for ranges over 7 days when gated', async () => {
		const { onChange, user } = renderPicker( {
			allowed: false,
			gate: 'results_30_days',
		} );
		expect( optionLabels() ).toContain( 'Last 30 days (upgrade)' );
		await user.selectOptions( select(), 'last_30_days' );
		expect( onChange ).not.toHaveBeenCalled();
		expect( useUpgradeDialog.getState().feature ).toBe( 'results_30_days' );
		expect( select() ).toHaveValue( 'last_7_days' );

		useUpgradeDialog.setState( { feature: null } );
		await user.selectOptions( select(), 'custom' );
		const from = screen.getByLabelText( 'From' );
		await user.clear( from );
		await user.type( from, '2026-10-01' );
		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		expect( onChange ).not.toHaveBeenCalled();
		expect( useUpgradeDialog.getState().feature ).toBe( 'results_30_days' );

		await user.selectOptions( select(), 'yesterday' );
		expect( onChange ).toHaveBeenCalledWith( {
			from: '2026-10-31',
			to: '2026-10-31',
		} );
	} );

	it( 'lets long ranges through when the feature is allowed', async () => {
		const { onChange, user } = renderPicker( {
			gate: 'results_30_days',
		} );
		await user.selectOptions( select(), 'last_90_days' );
		expect( onChange ).toHaveBeenCalledWith( {
			from: '2026-08-04',
			to: TODAY,
		} );
		expect( useUpgradeDialog.getState().feature ).toBeNull();
	} );
} );
