/**
 * The icons an icon-choice option can show: a small built-in list (name, style and a
 * glyph the builder and widget can draw without an icon font). It lives with the
 * widget because the admin may import widget code but never the reverse; the
 * builder's options/icons.ts re-exports it.
 */
export interface IconDefinition {
	name: string;
	style: 'solid';
	glyph: string;
}

const GLYPHS: Array< [ string, string ] > = [
	[ 'smile', '☺' ],
	[ 'frown', '☹' ],
	[ 'meh', '😐' ],
	[ 'laugh', '😄' ],
	[ 'angry', '😠' ],
	[ 'heart', '♥' ],
	[ 'star', '★' ],
	[ 'thumbs-up', '👍' ],
	[ 'thumbs-down', '👎' ],
	[ 'check', '✓' ],
	[ 'times', '✕' ],
	[ 'question', '?' ],
	[ 'lightbulb', '💡' ],
	[ 'bolt', '⚡' ],
	[ 'fire', '🔥' ],
	[ 'rocket', '🚀' ],
	[ 'gift', '🎁' ],
	[ 'trophy', '🏆' ],
	[ 'flag', '⚑' ],
	[ 'bell', '🔔' ],
	[ 'envelope', '✉' ],
	[ 'phone', '☎' ],
	[ 'comment', '💬' ],
	[ 'shopping-cart', '🛒' ],
	[ 'credit-card', '💳' ],
	[ 'tag', '🏷' ],
	[ 'truck', '🚚' ],
	[ 'home', '⌂' ],
	[ 'user', '👤' ],
	[ 'users', '👥' ],
	[ 'clock', '🕒' ],
	[ 'calendar', '📅' ],
	[ 'search', '🔍' ],
	[ 'cog', '⚙' ],
	[ 'lock', '🔒' ],
	[ 'globe', '🌐' ],
	[ 'mobile', '📱' ],
	[ 'desktop', '🖥' ],
	[ 'book', '📖' ],
	[ 'music', '♪' ],
	[ 'camera', '📷' ],
	[ 'coffee', '☕' ],
	[ 'sun', '☀' ],
	[ 'moon', '☾' ],
	[ 'leaf', '🍃' ],
	[ 'paw', '🐾' ],
];

export const ICONS: IconDefinition[] = GLYPHS.map( ( [ name, glyph ] ) => ( {
	name,
	style: 'solid',
	glyph,
} ) );

/**
 * Icons whose name contains the search text (case-insensitive); all when it is empty.
 *
 * @param search What the user typed.
 */
export function searchIcons( search: string ): IconDefinition[] {
	const needle = search.trim().toLowerCase();
	return needle
		? ICONS.filter( ( icon ) => icon.name.includes( needle ) )
		: ICONS;
}

export function iconGlyph( name: string | undefined ): string {
	return ICONS.find( ( icon ) => icon.name === name )?.glyph ?? '';
}
