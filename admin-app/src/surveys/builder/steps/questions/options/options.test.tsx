import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { IconOption, ImageOption } from '../../../../../shared/types';
import { IconOptions } from './IconOptions';
import { installIconCatalogue } from '../../../../../shared/SurveyIcon';
import { TEST_CATALOGUE } from '../../../../../shared/SurveyIcon/testCatalogue';
import { ImageOptions } from './ImageOptions';

function IconHarness( {
	onChange,
}: {
	onChange: ( o: IconOption[] ) => void;
} ) {
	const [ options, setOptions ] = useState< IconOption[] >( [
		{ label: 'Happy', icon: null },
		{ label: 'Sad', icon: null },
	] );
	return (
		<IconOptions
			type="icon-choice"
			options={ options }
			onChange={ ( next ) => {
				onChange( next );
				setOptions( next );
			} }
		/>
	);
}

function ImageHarness( {
	onChange,
}: {
	onChange: ( o: ImageOption[] ) => void;
} ) {
	const [ options, setOptions ] = useState< ImageOption[] >( [
		{ label: 'Cat', image: null },
		{ label: 'Dog', image: null },
	] );
	return (
		<ImageOptions
			type="image-radio"
			options={ options }
			onChange={ ( next ) => {
				onChange( next );
				setOptions( next );
			} }
		/>
	);
}

afterEach( () => {
	delete ( window as unknown as { wp?: unknown } ).wp;
} );

describe( 'icon options', () => {
	beforeEach( () => installIconCatalogue( TEST_CATALOGUE ) );
	afterEach( () => installIconCatalogue( null ) );

	it( 'shows each chosen icon as its SVG in the question’s colour', () => {
		const { container } = render(
			<IconOptions
				type="icon-choice"
				color="#00ff00"
				size={ 24 }
				options={ [
					{ label: 'Happy', icon: { name: 'smile', style: 'solid' } },
					{ label: 'Sad', icon: null },
				] }
				onChange={ vi.fn() }
			/>
		);
		const svg = container.querySelector( 'svg.userfeedback-survey-icon' );
		expect( svg ).toHaveAttribute( 'data-icon', 'smile' );
		expect( svg ).toHaveStyle( { color: 'rgb(0, 255, 0)' } );
		expect( svg ).toHaveAttribute( 'height', '24' );
		expect(
			screen.getByRole( 'button', { name: 'Choose icon for Option 2' } )
		).toHaveTextContent( 'Choose Icon' );
	} );

	it( 'picks an icon in the dialog after searching', async () => {
		const user = userEvent.setup();
		const onChange = vi.fn();
		render( <IconHarness onChange={ onChange } /> );

		await user.click(
			screen.getByRole( 'button', { name: 'Choose icon for Option 2' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Choose an Icon' } );
		await user.type(
			within( dialog ).getByRole( 'searchbox', { name: 'Search icons' } ),
			'frow'
		);
		const results = within( dialog ).getAllByRole( 'button', {
			name: /frown/i,
		} );
		expect( results ).toHaveLength( 1 );
		expect( results[ 0 ] ).toHaveAccessibleName( 'Face Frown' );
		expect( results[ 0 ].querySelector( 'svg path' ) ).toBeInTheDocument();
		await user.click( results[ 0 ] );

		expect( onChange ).toHaveBeenLastCalledWith( [
			{ label: 'Happy', icon: null },
			{ label: 'Sad', icon: { name: 'face-frown', style: 'solid' } },
		] );
		expect(
			screen.queryByRole( 'dialog', { name: 'Choose an Icon' } )
		).not.toBeInTheDocument();
	} );

	it( 'adds options up to five and removes any of them down to two', async () => {
		const user = userEvent.setup();
		const onChange = vi.fn();
		render( <IconHarness onChange={ onChange } /> );
		for ( let i = 0; i < 3; i++ ) {
			await user.click(
				screen.getByRole( 'button', { name: 'Add Option' } )
			);
		}
		expect(
			screen.queryByRole( 'button', { name: 'Add Option' } )
		).not.toBeInTheDocument();
		// Issue 17: the first options can go too, not only those past the minimum.
		expect(
			screen
				.getAllByRole( 'button', { name: /^Remove Option/ } )
				.map( ( b ) => b.getAttribute( 'aria-label' ) )
		).toEqual( [
			'Remove Option 1',
			'Remove Option 2',
			'Remove Option 3',
			'Remove Option 4',
			'Remove Option 5',
		] );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove Option 1' } )
		);
		expect( onChange ).toHaveBeenLastCalledWith(
			expect.not.arrayContaining( [ { label: 'Happy', icon: null } ] )
		);
		expect( onChange.mock.lastCall?.[ 0 ][ 0 ].label ).toBe( 'Sad' );
		for ( let i = 0; i < 2; i++ ) {
			await user.click(
				screen.getByRole( 'button', { name: 'Remove Option 1' } )
			);
		}
		// Down to the icon choice's minimum of two: nothing more to remove.
		expect(
			screen.queryByRole( 'button', { name: /^Remove Option/ } )
		).not.toBeInTheDocument();
	} );
} );

describe( 'image options', () => {
	it( 'uses the media library when the page has it', async () => {
		const user = userEvent.setup();
		const onChange = vi.fn();
		let onSelect: () => void = () => undefined;
		const open = vi.fn( () => onSelect() );
		const media = vi.fn( () => ( {
			on: ( _event: string, callback: () => void ) => {
				onSelect = callback;
			},
			open,
			state: () => ( {
				get: () => ( {
					first: () => ( {
						toJSON: () => ( {
							id: 42,
							url: 'http://site.test/cat.jpg',
						} ),
					} ),
				} ),
			} ),
		} ) );
		( window as unknown as { wp: unknown } ).wp = { media };
		render( <ImageHarness onChange={ onChange } /> );

		await user.click(
			screen.getAllByRole( 'button', { name: 'Choose Image' } )[ 0 ]
		);
		expect( media ).toHaveBeenCalledWith(
			expect.objectContaining( {
				library: { type: 'image' },
				multiple: false,
			} )
		);
		expect( onChange ).toHaveBeenLastCalledWith( [
			{
				label: 'Cat',
				image: { id: 42, url: 'http://site.test/cat.jpg' },
			},
			{ label: 'Dog', image: null },
		] );
		expect(
			screen.getByRole( 'button', { name: 'Replace Image' } )
		).toBeInTheDocument();
	} );

	it( 'offers an image URL field when wp.media is absent', async () => {
		const user = userEvent.setup();
		const onChange = vi.fn();
		render( <ImageHarness onChange={ onChange } /> );
		expect(
			screen.queryByRole( 'button', { name: 'Choose Image' } )
		).not.toBeInTheDocument();
		await user.type(
			screen.getByRole( 'textbox', { name: 'Option 1 image URL' } ),
			'x'
		);
		expect( onChange ).toHaveBeenLastCalledWith( [
			{ label: 'Cat', image: { id: null, url: 'x' } },
			{ label: 'Dog', image: null },
		] );
	} );
} );
