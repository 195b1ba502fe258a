import { describe, expect, it } from 'vitest';

import {
	DEFAULT_RESPONSES_VIEW,
	exportFilterQuery,
	parseView,
	serializeView,
	viewToRestQuery,
	type ResponsesView,
} from './view';

const FILTERED: ResponsesView = {
	status: 'partial',
	conditions: [
		{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
		{ field: 'question:5', operator: 'greaterThanOrEqual', value: 4 },
		{ field: 'date', operator: 'between', value: [ '2026-10-01', '' ] },
	],
	page: 2,
	perPage: 20,
	sort: { field: 'id', direction: 'asc' },
	search: 'slow checkout',
};

describe( 'the responses view in the URL', () => {
	it( 'writes only what differs from the default, and reads it back the same', () => {
		expect( serializeView( DEFAULT_RESPONSES_VIEW ) ).toBe( '' );
		expect(
			JSON.parse(
				serializeView( { ...DEFAULT_RESPONSES_VIEW, page: 3 } )
			)
		).toEqual( { page: 3 } );
		const text = serializeView( FILTERED );
		expect( parseView( text ) ).toEqual( {
			view: FILTERED,
			invalid: false,
		} );
	} );

	it( 'reads no parameter as the default view, without a notice', () => {
		expect( parseView( null ) ).toEqual( {
			view: DEFAULT_RESPONSES_VIEW,
			invalid: false,
		} );
	} );

	it.each( [
		[ 'not JSON', '{status:' ],
		[ 'not an object', '[1,2]' ],
		[ 'an unknown status', '{"status":"spam"}' ],
		[ 'conditions not a list', '{"conditions":{"field":"device"}}' ],
		[
			'a condition without an operator',
			'{"conditions":[{"field":"device","value":["mobile"]}]}',
		],
		[
			'a condition value of the wrong type',
			'{"conditions":[{"field":"device","operator":"isAny","value":{"a":1}}]}',
		],
		[
			'the search box given as a condition',
			'{"conditions":[{"field":"text:any","operator":"contains","value":"x"}]}',
		],
		[ 'page 0', '{"page":0}' ],
		[ 'a page that is not a number', '{"page":"2"}' ],
		[ 'an unknown sort', '{"sort":{"field":"user_ip","direction":"asc"}}' ],
		[ 'a bad direction', '{"sort":{"field":"id","direction":"up"}}' ],
		[ 'a search that is not text', '{"search":5}' ],
	] )( 'falls back to the default view, flagged, on %s', ( _name, raw ) => {
		expect( parseView( raw ) ).toEqual( {
			view: DEFAULT_RESPONSES_VIEW,
			invalid: true,
		} );
	} );

	it( 'caps the page size and shows a status the tier does not list as the default one', () => {
		expect( parseView( '{"perPage":5000}' ).view.perPage ).toBe( 100 );
		expect( parseView( '{"status":"trash"}', [ 'all' ] ) ).toEqual( {
			view: DEFAULT_RESPONSES_VIEW,
			invalid: false,
		} );
	} );
} );

describe( 'the REST query of a view', () => {
	it( 'sends paging, order, status and the conditions with the search last, as JSON text', () => {
		const query = viewToRestQuery( FILTERED );
		expect( query ).toEqual( {
			page: 2,
			per_page: 20,
			orderby: 'id',
			order: 'asc',
			'filter[status]': 'partial',
			'filter[conditions]': JSON.stringify( [
				...FILTERED.conditions,
				{
					field: 'text:any',
					operator: 'contains',
					value: 'slow checkout',
				},
			] ),
		} );
	} );

	it( 'sends no conditions for the plain list', () => {
		expect( viewToRestQuery( DEFAULT_RESPONSES_VIEW ) ).toEqual( {
			page: 1,
			per_page: 10,
			orderby: 'submitted_at',
			order: 'desc',
			'filter[status]': 'all',
		} );
	} );

	it( 'gives the exports the same filters, without paging and without the default status', () => {
		expect( exportFilterQuery( DEFAULT_RESPONSES_VIEW ) ).toEqual( {} );
		expect( exportFilterQuery( FILTERED ) ).toEqual( {
			'filter[status]': 'partial',
			'filter[conditions]':
				viewToRestQuery( FILTERED )[ 'filter[conditions]' ],
		} );
	} );
} );
