import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
	findIcon,
	iconData,
	installIconCatalogue,
	loadIconCatalogue,
	searchIcons,
	surveyIcons,
} from './catalogue';
import { SurveyIcon } from './SurveyIcon';
import { TEST_CATALOGUE } from './testCatalogue';

vi.mock( '../config', () => ( {
	getConfig: () => ( {
		version: '1.2.3',
		urls: { plugin: 'https://site.test/wp-content/plugins/userfeedback/' },
	} ),
} ) );

afterEach( () => {
	installIconCatalogue( null );
	vi.unstubAllGlobals();
} );

const pathOf = ( name: string ) =>
	TEST_CATALOGUE.icons.find( ( icon ) => icon.name === name )!.path;

describe( 'the icon catalogue', () => {
	it( 'resolves stored older names through the aliases', () => {
		expect( findIcon( TEST_CATALOGUE, 'smile' )?.name ).toBe(
			'face-smile'
		);
		expect( findIcon( TEST_CATALOGUE, 'heart' )?.name ).toBe( 'heart' );
		expect( findIcon( TEST_CATALOGUE, 'nope' ) ).toBeUndefined();
		expect( findIcon( TEST_CATALOGUE, null ) ).toBeUndefined();
	} );

	it( 'searches names, then labels, then search terms', () => {
		expect(
			searchIcons( TEST_CATALOGUE, 'THUMB' ).map( ( i ) => i.name )
		).toEqual( [ 'thumbs-down', 'thumbs-up' ] );
		// "like": no name has it; terms of heart, thumbs-down (dislike) and thumbs-up.
		expect(
			searchIcons( TEST_CATALOGUE, 'like' ).map( ( i ) => i.name )
		).toEqual( [ 'heart', 'thumbs-down', 'thumbs-up' ] );
		expect( searchIcons( TEST_CATALOGUE, 'smile' )[ 0 ].name ).toBe(
			'face-smile'
		);
		expect( searchIcons( TEST_CATALOGUE, '' ) ).toHaveLength( 7 );
		expect( searchIcons( TEST_CATALOGUE, 'nothing-like-this' ) ).toEqual(
			[]
		);
	} );

	it( 'gives a preview the drawings a survey uses, unknown names as the fallback', () => {
		const icons = surveyIcons( TEST_CATALOGUE, [
			{
				type: 'icon-choice',
				config: {
					options: [
						{ label: 'A', icon: { name: 'smile' } },
						{ label: 'B', icon: { name: 'gone-icon' } },
						{ label: 'C', icon: null },
					],
				},
			},
			{ type: 'radio-button', config: { options: [ 'heart' ] } },
		] );
		expect( Object.keys( icons ) ).toEqual( [ 'smile', 'gone-icon' ] );
		expect( icons.smile ).toEqual( {
			viewBox: '0 0 512 512',
			path: pathOf( 'face-smile' ),
		} );
		expect( icons[ 'gone-icon' ] ).toEqual( {
			viewBox: '0 0 512 512',
			path: pathOf( 'circle-question' ),
			unknown: true,
		} );
		expect( iconData( TEST_CATALOGUE, 'truck' )?.viewBox ).toBe(
			'0 0 640 512'
		);
	} );

	it( 'is fetched once from the plugin’s build folder, and again after a failure', async () => {
		const fetch = vi
			.fn()
			.mockResolvedValueOnce( { ok: false, status: 404 } )
			.mockResolvedValue( {
				ok: true,
				json: () => Promise.resolve( TEST_CATALOGUE ),
			} );
		vi.stubGlobal( 'fetch', fetch );
		await expect( loadIconCatalogue() ).rejects.toThrow( /HTTP 404/ );
		await expect( loadIconCatalogue() ).resolves.toBe( TEST_CATALOGUE );
		await loadIconCatalogue();
		expect( fetch ).toHaveBeenCalledTimes( 2 );
		expect( fetch.mock.calls[ 0 ][ 0 ] ).toBe(
			'https://site.test/wp-content/plugins/userfeedback/build/icons/icons.json?ver=1.2.3'
		);
	} );
} );

describe( '<SurveyIcon />', () => {
	it( 'draws the SVG in the given colour and size once the catalogue is there', async () => {
		vi.stubGlobal(
			'fetch',
			vi.fn().mockResolvedValue( {
				ok: true,
				json: () => Promise.resolve( TEST_CATALOGUE ),
			} )
		);
		const { container } = render(
			<SurveyIcon name="frown" color="#ff0000" size={ 24 } />
		);
		// Its place is held while the catalogue loads: no empty glyph box.
		expect(
			container.querySelector( '.userfeedback-survey-icon.is-loading' )
		).toHaveStyle( { width: '24px', height: '24px' } );
		await waitFor( () =>
			expect( container.querySelector( 'svg' ) ).toBeInTheDocument()
		);
		const svg = container.querySelector( 'svg' )!;
		expect( svg ).toHaveAttribute( 'fill', 'currentColor' );
		expect( svg ).toHaveStyle( { color: 'rgb(255, 0, 0)' } );
		expect( svg ).toHaveAttribute( 'height', '24' );
		expect( svg ).toHaveAttribute( 'aria-hidden', 'true' );
		expect( svg.querySelector( 'path' ) ).toHaveAttribute(
			'd',
			pathOf( 'face-frown' )
		);
	} );

	it( 'draws an unknown name as the fallback, and keeps proportions', () => {
		installIconCatalogue( TEST_CATALOGUE );
		const { container } = render(
			<>
				<SurveyIcon name="not-in-the-catalogue" />
				<SurveyIcon name="truck" size={ 16 } label="Delivery" />
			</>
		);
		const [ unknown, truck ] = Array.from(
			container.querySelectorAll( 'svg' )
		);
		expect( unknown ).toHaveAttribute( 'data-icon-unknown' );
		expect( unknown.querySelector( 'path' ) ).toHaveAttribute(
			'd',
			pathOf( 'circle-question' )
		);
		expect( unknown ).toHaveStyle( { color: 'rgb(21, 121, 239)' } );
		expect( truck ).toHaveAttribute( 'width', '20' );
		expect( truck ).toHaveAttribute( 'role', 'img' );
		expect( truck ).toHaveAccessibleName( 'Delivery' );
	} );
} );
