import { test, expect, request } from '@playwright/test';

/** Routes a visitor may call; every other userfeedback/v1 endpoint must refuse them. */
const PUBLIC = new Set( [
	'POST /userfeedback/v1/surveys/(?P<id>[\\d]+)/impression',
	'POST /userfeedback/v1/surveys/(?P<id>[\\d]+)/responses',
	'GET /userfeedback/v1/geo',
	'POST /userfeedback/v1/post-ratings/(?P<post_id>[\\d]+)/votes',
	// A published survey's body, the same for every visitor (cacheable, rate-limited).
	'GET /userfeedback/v1/surveys/(?P<id>[\\d]+)/widget',
] );

type RouteIndex = {
	routes: Record< string, { methods: string[] } >;
};

test( 'an anonymous request to any non-public route is refused', async ( {
	baseURL,
} ) => {
	const anonymous = await request.newContext( { baseURL } );
	const index = await anonymous.get( '/wp-json/userfeedback/v1' );
	expect( index.status() ).toBe( 200 );
	const { routes } = ( await index.json() ) as RouteIndex;

	const endpoints = Object.entries( routes )
		.filter( ( [ route ] ) => route !== '/userfeedback/v1' )
		.flatMap( ( [ route, { methods } ] ) =>
			methods.map( ( method ) => `${ method } ${ route }` )
		)
		.filter( ( endpoint ) => ! PUBLIC.has( endpoint ) );

	const checked: string[] = [];
	for ( const endpoint of endpoints ) {
		const [ method, route ] = endpoint.split( ' ' );
		const url =
			'/wp-json' + route.replace( /\(\?P<[a-z_]+>[^)]*\)/gi, '1' );
		const response = await anonymous.fetch( url, {
			method,
			data: method === 'GET' ? undefined : {},
		} );
		expect( [ 401, 403 ], endpoint ).toContain( response.status() );
		checked.push( endpoint );
	}
	expect( checked ).toContain( 'GET /userfeedback/v1/settings' );
	expect( checked ).toContain( 'POST /userfeedback/v1/settings' );

	// The visitor routes exist, with these methods and no others open.
	const offered = Object.entries( routes ).flatMap(
		( [ route, { methods } ] ) =>
			methods.map( ( method ) => `${ method } ${ route }` )
	);
	for ( const endpoint of PUBLIC ) {
		expect( offered ).toContain( endpoint );
	}
	await anonymous.dispose();
} );
