/**
 * A small catalogue in the shape of build/icons/icons.json, for tests (the real one is
 * made by scripts/icons.mjs from the Font Awesome package).
 */
import type { IconCatalogue } from './catalogue';

const icon = ( name: string, label: string, terms: string[], w = 512 ) => ( {
	name,
	label,
	terms,
	viewBox: `0 0 ${ w } 512`,
	path: `M0 0h${ w }v512H0z${ name }`.replace( /[^MHhvz0-9]/g, '' ),
} );

export const TEST_CATALOGUE: IconCatalogue = {
	version: '7.3.1',
	icons: [
		icon( 'circle-question', 'Circle Question', [ 'help', 'support' ] ),
		icon( 'face-frown', 'Face Frown', [ 'sad', 'unhappy' ] ),
		icon( 'face-smile', 'Face Smile', [ 'happy', 'approve' ] ),
		icon( 'heart', 'Heart', [ 'love', 'like' ] ),
		icon( 'thumbs-down', 'Thumbs Down', [ 'dislike' ] ),
		icon( 'thumbs-up', 'Thumbs Up', [ 'like', 'agree' ] ),
		icon( 'truck', 'Truck', [ 'delivery', 'shipping' ], 640 ),
	],
	aliases: { smile: 'face-smile', frown: 'face-frown' },
};
