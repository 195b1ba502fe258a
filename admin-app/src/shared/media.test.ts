/**
 * The media library on demand (shared/media.ts): offered where the page says it can be fetched,
 * fetched once on the first pick with the handles the page already has, inserted in order, then
 * opened; refused and failed loads say so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Win = Window & {
	wp?: { media?: unknown };
	userfeedbackMediaLibrary?: unknown;
	ufLoadedOrder?: string[];
};
const win = window as unknown as Win;

/** What AdminPages::media_library() answers, in small: a style, inline data, a script, a template. */
const ANSWER = `
<link rel="stylesheet" id="media-views-css" href="data:text/css,.x{}" media="all" />
<script id="media-views-js-extra">window.ufLoadedOrder = [ 'extra' ];</script>
<script id="media-views-js">
	window.ufLoadedOrder.push( 'media-views' );
	window.wp = window.wp || {};
	window.wp.media = ( options ) => {
		const handlers = {};
		const frame = {
			options,
			on: ( event, callback ) => { handlers[ event ] = callback; },
			open: () => handlers.select && handlers.select(),
			state: () => ( { get: () => ( { first: () => ( { toJSON: () => ( { id: 7, url: 'https://site.test/a.png' } ) } ) } ) } ),
		};
		window.wp.lastFrame = frame;
		return frame;
	};
</script>
<script type="text/html" id="tmpl-media-frame"><div class="media-frame"></div></script>
`;

async function loadModule() {
	vi.resetModules();
	return import( './media' );
}

/**
 * jsdom inserts script elements without running them: run the inline ones as a browser would,
 * in the order they are inserted (the answer under test has no external script).
 */
function runInsertedScripts(): MutationObserver {
	const observer = new MutationObserver( ( records ) => {
		for ( const record of records ) {
			record.addedNodes.forEach( ( node ) => {
				if (
					node instanceof HTMLScriptElement &&
					! node.src &&
					( ! node.type || /javascript/.test( node.type ) )
				) {
					new Function( node.text )();
				}
			} );
		}
	} );
	observer.observe( document.body, { childList: true } );
	return observer;
}

describe( 'media library on demand', () => {
	let fetchMock: ReturnType< typeof vi.fn >;
	let observer: MutationObserver;

	beforeEach( () => {
		delete win.wp;
		delete win.ufLoadedOrder;
		win.userfeedbackMediaLibrary = {
			url: 'https://site.test/wp-admin/admin-ajax.php',
			nonce: 'n0nce',
		};
		document.head.innerHTML =
			'<script id="jquery-core-js" src="https://site.test/jquery.js"></script>' +
			'<script src="https://site.test/wp-admin/load-scripts.php?c=1&amp;load%5Bchunk_0%5D=utils,hoverIntent&amp;ver=6.6"></script>' +
			'<link rel="stylesheet" href="https://site.test/wp-admin/load-styles.php?c=1&amp;load%5Bchunk_0%5D=dashicons,buttons" />' +
			'<link rel="stylesheet" id="wp-components-css" href="https://site.test/c.css" />';
		document.body.innerHTML = '';
		observer = runInsertedScripts();
		fetchMock = vi.fn(
			async () => new Response( ANSWER, { status: 200 } )
		);
		vi.stubGlobal( 'fetch', fetchMock );
	} );

	afterEach( () => {
		observer.disconnect();
		vi.unstubAllGlobals();
		delete win.userfeedbackMediaLibrary;
	} );

	it( 'reads the handles the page already has, concatenated ones included', async () => {
		const { pageHandles } = await loadModule();
		expect( pageHandles( 'scripts' ).sort() ).toEqual(
			[ 'hoverIntent', 'jquery-core', 'utils' ].sort()
		);
		expect( pageHandles( 'styles' ).sort() ).toEqual(
			[ 'buttons', 'dashicons', 'wp-components' ].sort()
		);
	} );

	it( 'is offered without being on the page, and loads on the first pick only', async () => {
		const { hasMediaLibrary, pickImage, loadMediaLibrary } =
			await loadModule();
		expect( hasMediaLibrary() ).toBe( true );
		expect( fetchMock ).not.toHaveBeenCalled();

		const chosen = vi.fn();
		expect( pickImage( { title: 'Pick', button: 'Use' }, chosen ) ).toBe(
			true
		);
		await vi.waitFor( () =>
			expect( chosen ).toHaveBeenCalledWith( {
				id: 7,
				url: 'https://site.test/a.png',
			} )
		);

		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = fetchMock.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe( 'https://site.test/wp-admin/admin-ajax.php' );
		const body = new URLSearchParams( String( init.body ) );
		expect( body.get( 'action' ) ).toBe( 'userfeedback_media_library' );
		expect( body.get( 'nonce' ) ).toBe( 'n0nce' );
		expect( body.getAll( 'scripts[]' ) ).toContain( 'jquery-core' );
		expect( body.getAll( 'styles[]' ) ).toContain( 'dashicons' );

		// Inserted in order; the template is inert, the style in the head.
		expect( win.ufLoadedOrder ).toEqual( [ 'extra', 'media-views' ] );
		expect(
			document
				.querySelector( 'script#tmpl-media-frame' )
				?.getAttribute( 'type' )
		).toBe( 'text/html' );
		expect(
			document.head.querySelector( '#media-views-css' )
		).not.toBeNull();

		// Second pick: opened at once, nothing fetched again.
		const again = vi.fn();
		pickImage( { title: 'Pick', button: 'Use' }, again );
		expect( again ).toHaveBeenCalledTimes( 1 );
		await loadMediaLibrary();
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'uses wp.media at once when the page already has it', async () => {
		const media = vi.fn( () => ( {
			on: vi.fn(),
			open: vi.fn(),
			state: vi.fn(),
		} ) );
		win.wp = { media };
		const { pickImage } = await loadModule();
		pickImage( { title: 'Pick', button: 'Use' }, vi.fn() );
		expect( media ).toHaveBeenCalledTimes( 1 );
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'is not offered on a page without the loader (no image to pick, or no upload right)', async () => {
		delete win.userfeedbackMediaLibrary;
		const { hasMediaLibrary, pickImage } = await loadModule();
		expect( hasMediaLibrary() ).toBe( false );
		expect( pickImage( { title: 'Pick', button: 'Use' }, vi.fn() ) ).toBe(
			false
		);
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'reports a refused load, and tries again on the next pick', async () => {
		fetchMock.mockResolvedValueOnce(
			new Response( '{"success":false}', { status: 403 } )
		);
		const { pickImage } = await loadModule();
		const onError = vi.fn();
		const chosen = vi.fn();
		pickImage( { title: 'Pick', button: 'Use' }, chosen, onError );
		await vi.waitFor( () => expect( onError ).toHaveBeenCalledTimes( 1 ) );
		expect( String( onError.mock.calls[ 0 ][ 0 ] ) ).toContain( '403' );
		expect( chosen ).not.toHaveBeenCalled();

		pickImage( { title: 'Pick', button: 'Use' }, chosen, onError );
		await vi.waitFor( () => expect( chosen ).toHaveBeenCalledTimes( 1 ) );
		expect( fetchMock ).toHaveBeenCalledTimes( 2 );
	} );
} );
