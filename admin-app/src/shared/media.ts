/**
 * The WordPress media library picker (wp.media), present when the admin page
 * enqueued it (wp_enqueue_media()). Absent elsewhere: callers offer a URL field.
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

function factory(): MediaFactory | null {
	const wp = ( window as unknown as { wp?: { media?: MediaFactory } } ).wp;
	return typeof wp?.media === 'function' ? wp.media : null;
}

export function hasMediaLibrary(): boolean {
	return factory() !== null;
}

/**
 * Opens the media library to pick one image.
 *
 * @param labels        Frame title and button text.
 * @param labels.title  Frame title.
 * @param labels.button Select button text.
 * @param onSelect      Called with the chosen image.
 * @return False when the media library is not on the page.
 */
export function pickImage(
	labels: { title: string; button: string },
	onSelect: ( image: MediaAttachment ) => void
): boolean {
	const media = factory();
	if ( ! media ) {
		return false;
	}
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
	return true;
}
