/**
 * The WordPress media library picker (wp.media). No admin page loads it up front (it is about
 * 65 KB gzip of scripts, plus styles and templates): the pages with an image to pick (the builder,
 * Settings) carry window.userfeedbackMediaLibrary, and the first pick fetches the library from
 * admin-ajax (AdminPages::media_library()) and inserts it, then opens it. A page that already has
 * wp.media (another plugin loaded it) uses it at once. Without either, callers offer a URL field.
 */
interface MediaAttachment {
	id: number;
	url: string;
}

interface MediaFrame {
	on: ( event: 'select', callback: () => void ) => void;
	open: () => void;
	state: () => {
		get: ( key: 'selection' ) => {
			first: () => { toJSON: () => MediaAttachment } | undefined;
		};
	};
}

type MediaFactory = ( options: {
	title: string;
	button: { text: string };
	library: { type: string };
	multiple: boolean;
} ) => MediaFrame;

/** Printed by AdminPages::enqueue() on the pages that pick images, for users who may upload. */
interface MediaLoader {
	url: string;
	nonce: string;
}

function factory(): MediaFactory | null {
	const wp = ( window as unknown as { wp?: { media?: MediaFactory } } ).wp;
	return typeof wp?.media === 'function' ? wp.media : null;
}

function loader(): MediaLoader | null {
	const config = (
		window as unknown as {
			userfeedbackMediaLibrary?: Partial< MediaLoader >;
		}
	 ).userfeedbackMediaLibrary;
	return typeof config?.url === 'string' && typeof config.nonce === 'string'
		? { url: config.url, nonce: config.nonce }
		: null;
}

export function hasMediaLibrary(): boolean {
	return factory() !== null || loader() !== null;
}

/**
 * The script and style handles already on the page: each tag WordPress prints carries
 * id="<handle>-js" / "<handle>-css"; concatenated core files (load-scripts.php, load-styles.php)
 * name theirs in load[chunk_N].
 *
 * @param kind Scripts or styles.
 */
export function pageHandles( kind: 'scripts' | 'styles' ): string[] {
	const suffix = kind === 'scripts' ? '-js' : '-css';
	const selector =
		kind === 'scripts' ? 'script[id], script[src]' : 'link[id], link[href]';
	const handles = new Set< string >();
	document.querySelectorAll( selector ).forEach( ( element ) => {
		if ( element.id.endsWith( suffix ) ) {
			handles.add( element.id.slice( 0, -suffix.length ) );
		}
		const src =
			element.getAttribute( 'src' ) ??
			element.getAttribute( 'href' ) ??
			'';
		if ( /\/load-(scripts|styles)\.php\?/.test( src ) ) {
			new URL( src, document.baseURI ).searchParams.forEach(
				( value, key ) => {
					if ( /^load\[/.test( key ) ) {
						value
							.split( ',' )
							.filter( Boolean )
							.forEach( ( handle ) => handles.add( handle ) );
					}
				}
			);
		}
	} );
	return [ ...handles ];
}

/**
 * Inserts the answer of AdminPages::media_library() in order: styles, then each script (an
 * external one finishes loading before the next runs, as in the page's own footer), then the
 * templates (script type="text/html").
 *
 * @param html The answer.
 */
async function insert( html: string ): Promise< void > {
	const parsed = new DOMParser().parseFromString( html, 'text/html' );
	const nodes = [
		...Array.from( parsed.head.children ),
		...Array.from( parsed.body.children ),
	];
	for ( const node of nodes ) {
		const type = node.getAttribute( 'type' );
		const runs =
			node.tagName === 'SCRIPT' &&
			( ! type || /javascript|^module$/i.test( type ) );
		if ( ! runs ) {
			// Styles, links, templates: inert copies are enough.
			( node.tagName === 'SCRIPT'
				? document.body
				: document.head
			).append( document.importNode( node, true ) );
			continue;
		}
		const script = document.createElement( 'script' );
		for ( const attribute of Array.from( node.attributes ) ) {
			script.setAttribute( attribute.name, attribute.value );
		}
		if ( script.src ) {
			await new Promise< void >( ( resolve, reject ) => {
				script.onload = () => resolve();
				script.onerror = () =>
					reject( new Error( `Could not load ${ script.src }` ) );
				document.body.append( script );
			} );
		} else {
			script.text = node.textContent ?? '';
			document.body.append( script );
		}
	}
}

let loading: Promise< MediaFactory | null > | null = null;

/**
 * The media library, fetched and inserted the first time it is asked for (once per page).
 *
 * @return The wp.media factory, or null when the page cannot have it.
 */
export function loadMediaLibrary(): Promise< MediaFactory | null > {
	const ready = factory();
	if ( ready ) {
		return Promise.resolve( ready );
	}
	const config = loader();
	if ( ! config ) {
		return Promise.resolve( null );
	}
	if ( ! loading ) {
		const body = new URLSearchParams( {
			action: 'userfeedback_media_library',
			nonce: config.nonce,
		} );
		pageHandles( 'scripts' ).forEach( ( handle ) =>
			body.append( 'scripts[]', handle )
		);
		pageHandles( 'styles' ).forEach( ( handle ) =>
			body.append( 'styles[]', handle )
		);
		loading = window
			.fetch( config.url, {
				method: 'POST',
				credentials: 'same-origin',
				body,
			} )
			.then( ( response ) => {
				if ( ! response.ok ) {
					throw new Error(
						`The media library did not load (HTTP ${ response.status }).`
					);
				}
				return response.text();
			} )
			.then( insert )
			.then( factory )
			.catch( ( error: unknown ) => {
				loading = null; // The next pick tries again.
				throw error;
			} );
	}
	return loading;
}

function open(
	media: MediaFactory,
	labels: { title: string; button: string },
	onSelect: ( image: MediaAttachment ) => void
): void {
	const frame = media( {
		title: labels.title,
		button: { text: labels.button },
		library: { type: 'image' },
		multiple: false,
	} );
	frame.on( 'select', () => {
		const attachment = frame.state().get( 'selection' ).first()?.toJSON();
		if ( attachment ) {
			onSelect( { id: attachment.id, url: attachment.url } );
		}
	} );
	frame.open();
}

/**
 * Opens the media library to pick one image: at once when it is on the page, else after it has
 * loaded (the first pick on a page).
 *
 * @param labels        Frame title and button text.
 * @param labels.title  Frame title.
 * @param labels.button Select button text.
 * @param onSelect      Called with the chosen image.
 * @param onError       Called when the library could not be loaded.
 * @return False when the page cannot have the media library.
 */
export function pickImage(
	labels: { title: string; button: string },
	onSelect: ( image: MediaAttachment ) => void,
	onError: ( error: unknown ) => void = ( error ) =>
		// eslint-disable-next-line no-console -- nowhere else to say it; callers may pass onError.
		console.error( error )
): boolean {
	const media = factory();
	if ( media ) {
		open( media, labels, onSelect );
		return true;
	}
	if ( ! loader() ) {
		return false;
	}
	loadMediaLibrary().then( ( loaded ) => {
		if ( loaded ) {
			open( loaded, labels, onSelect );
		} else {
			onError( new Error( 'The media library is not available.' ) );
		}
	}, onError );
	return true;
}
