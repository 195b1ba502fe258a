import { describe, expect, it } from 'vitest';

import type { View } from './types';
import {
	DEFAULT_VIEW,
	MAX_PER_PAGE,
	searchFromView,
	viewFromSearch,
	viewToQuery,
} from './view';

const DEFAULTS: View = { ...DEFAULT_VIEW, filters: { status: 'all' } };
const OPTIONS = {
	sortFields: [ 'id', 'title' ],
	filterValues: { status: [ 'all', 'trash' ] },
};

describe( 'view <-> URL', () => {
	it( 'starts from the spec defaults: page 1, 10 per page, id descending', () => {
		expect( viewFromSearch( new URLSearchParams(), DEFAULTS ) ).toEqual( {
			page: 1,
			perPage: 10,
			sort: { field: 'id', direction: 'desc' },
			filters: { status: 'all' },
			search: '',
		} );
	} );

	it( 'reads a view back from the query it wrote', () => {
		const view: View = {
			page: 3,
			perPage: 20,
			sort: { field: 'title', direction: 'asc' },
			filters: { status: 'trash' },
			search: 'feedback',
		};
		const params = searchFromView( view, DEFAULTS );
		expect( params.toString() ).toBe(
			'status=trash&s=feedback&orderby=title&order=asc&per_page=20&paged=3'
		);
		expect( viewFromSearch( params, DEFAULTS, OPTIONS ) ).toEqual( view );
		// The default view is the bare URL.
		expect( searchFromView( DEFAULTS, DEFAULTS ).toString() ).toBe( '' );
	} );

	it( 'falls back to the defaults for anything invalid', () => {
		const params = new URLSearchParams(
			'paged=-2&per_page=100000&orderby=password&order=sideways&status=everything'
		);
		expect( viewFromSearch( params, DEFAULTS, OPTIONS ) ).toEqual( {
			...DEFAULTS,
			perPage: MAX_PER_PAGE,
		} );
		expect(
			viewFromSearch( new URLSearchParams( 'paged=2.5' ), DEFAULTS ).page
		).toBe( 1 );
	} );

	it( 'keeps parameters that are not the view’s', () => {
		const params = searchFromView(
			{ ...DEFAULTS, page: 2 },
			DEFAULTS,
			new URLSearchParams( 'tab=x&paged=5&status=trash' )
		);
		expect( params.toString() ).toBe( 'tab=x&paged=2' );
	} );

	it( 'maps to the REST query of our list routes', () => {
		expect(
			viewToQuery( {
				...DEFAULTS,
				filters: { status: 'draft' },
				search: 'x',
			} )
		).toEqual( {
			page: 1,
			per_page: 10,
			orderby: 'id',
			order: 'desc',
			search: 'x',
			'filter[status]': 'draft',
		} );
	} );
} );
