import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { EditableText } from './EditableText';

function Harness( { onSave }: { onSave: ( value: string ) => void } ) {
	const [ value, setValue ] = useState( 'Customer feedback' );
	return (
		<EditableText
			as="h2"
			label="Survey title"
			value={ value }
			onSave={ ( next ) => {
				onSave( next );
				setValue( next );
			} }
		/>
	);
}

async function startEditing() {
	const user = userEvent.setup();
	await user.click(
		screen.getByRole( 'button', { name: 'Edit survey title' } )
	);
	const field = screen.getByRole( 'textbox', { name: 'Survey title' } );
	expect( field ).toHaveFocus();
	return { user, field };
}

describe( 'EditableText', () => {
	it( 'saves the trimmed text on Enter', async () => {
		const onSave = vi.fn();
		render( <Harness onSave={ onSave } /> );
		const { user, field } = await startEditing();

		await user.clear( field );
		await user.type( field, '  Exit survey  {Enter}' );

		expect( onSave ).toHaveBeenCalledExactlyOnceWith( 'Exit survey' );
		expect(
			screen.getByRole( 'heading', { name: 'Exit survey' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'textbox' ) ).not.toBeInTheDocument();
	} );

	it( 'cancels on Escape and keeps the previous text', async () => {
		const onSave = vi.fn();
		render( <Harness onSave={ onSave } /> );
		const { user, field } = await startEditing();

		await user.type( field, ' changed{Escape}' );

		expect( onSave ).not.toHaveBeenCalled();
		expect(
			screen.getByRole( 'heading', { name: 'Customer feedback' } )
		).toBeInTheDocument();

		// Editing again starts from the saved text, not the abandoned one.
		await user.click(
			screen.getByRole( 'button', { name: 'Edit survey title' } )
		);
		expect(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		).toHaveValue( 'Customer feedback' );
	} );

	it( 'rejects an empty value and restores the previous text', async () => {
		const onSave = vi.fn();
		render( <Harness onSave={ onSave } /> );
		const { user, field } = await startEditing();

		await user.clear( field );
		await user.type( field, '   {Enter}' );

		expect( onSave ).not.toHaveBeenCalled();
		expect(
			screen.getByRole( 'heading', { name: 'Customer feedback' } )
		).toBeInTheDocument();
	} );

	it( 'saves when the field loses focus', async () => {
		const onSave = vi.fn();
		render( <Harness onSave={ onSave } /> );
		const { user, field } = await startEditing();

		await user.type( field, '!' );
		await user.tab();

		expect( onSave ).toHaveBeenCalledExactlyOnceWith(
			'Customer feedback!'
		);
	} );
} );
