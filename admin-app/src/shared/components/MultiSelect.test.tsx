import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { MultiSelect, type MultiSelectOption } from './MultiSelect';

const OPTIONS: MultiSelectOption[] = [
	{ id: 'administrator', label: 'Administrator' },
	{ id: 'editor', label: 'Editor' },
	{ id: 'author', label: 'Author' },
];

function renderSelect(
	value: MultiSelectOption[],
	extra: { locked?: string[]; help?: string } = {}
) {
	const onChange = vi.fn();
	render(
		<MultiSelect
			label="Roles"
			options={ OPTIONS }
			value={ value }
			onChange={ onChange }
			{ ...extra }
		/>
	);
	return onChange;
}

describe( 'MultiSelect', () => {
	it( 'filters the fixed list as the user types and toggles options', async () => {
		const user = userEvent.setup();
		const onChange = renderSelect( [ OPTIONS[ 1 ] ] );
		await user.type(
			screen.getByRole( 'combobox', { name: 'Roles' } ),
			'auth'
		);
		expect( screen.getAllByRole( 'option' ) ).toHaveLength( 1 );
		await user.click( screen.getByRole( 'option', { name: 'Author' } ) );
		expect( onChange ).toHaveBeenLastCalledWith( [
			OPTIONS[ 1 ],
			OPTIONS[ 2 ],
		] );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove Editor' } )
		);
		expect( onChange ).toHaveBeenLastCalledWith( [] );
	} );

	it( 'never removes a locked item', async () => {
		const user = userEvent.setup();
		const onChange = renderSelect( [ OPTIONS[ 0 ] ], {
			locked: [ 'administrator' ],
			help: 'Who may do it.',
		} );
		const field = screen.getByRole( 'combobox', { name: 'Roles' } );
		expect( field ).toHaveAccessibleDescription( 'Who may do it.' );
		expect(
			screen.queryByRole( 'button', { name: 'Remove Administrator' } )
		).not.toBeInTheDocument();
		await user.click( field );
		const admin = screen.getByRole( 'option', { name: 'Administrator' } );
		expect( admin ).toHaveAttribute( 'aria-disabled', 'true' );
		await user.click( admin );
		await user.keyboard( '{Backspace}' );
		expect( onChange ).not.toHaveBeenCalled();
		// Others still toggle.
		await user.click( screen.getByRole( 'option', { name: 'Editor' } ) );
		expect( onChange ).toHaveBeenLastCalledWith( [
			OPTIONS[ 0 ],
			OPTIONS[ 1 ],
		] );
	} );
} );
