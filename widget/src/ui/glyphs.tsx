/** @jsxImportSource preact */
import type { SurveyIconData } from '../types';

/**
 * The widget's drawings: the nine toggle icons, our logo mark, the rating star and the
 * header buttons. Stroke icons on a 24-unit grid, drawn in currentColor, decorative
 * (aria-hidden): the buttons that hold them carry the names.
 */
const BUBBLE = 'M3 4h18v12H10l-5 4v-4H3z';
const CHECK = 'M8 10l3 3 5-5';

export const TOGGLE_ICONS: Record< string, string > = {
	userfeedback: BUBBLE + CHECK,
	smile: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM8 14a5 5 0 0 0 8 0M9 9.5h.01M15 9.5h.01',
	'mail-open': 'M3 10l9-6 9 6v10H3zM3 10l9 6 9-6',
	'hand-star':
		'M12 2.5l1.1 3 3.2.1-2.5 2 .8 3-2.6-1.7-2.6 1.7.8-3-2.5-2 3.2-.1zM2 14h4v8H2zM6 15h4l3 2h2a1.5 1.5 0 0 1 0 3H6m9-1l5-3a1.5 1.5 0 0 1 1.5 2.5L15 22H6',
	comments: 'M3 8h12v9H8l-4 3v-3H3zM8 8V4h13v9h-2v3l-3-3h-1',
	'comment-star':
		BUBBLE +
		'M12 6l1 2.6 2.8.2-2.2 1.7.8 2.7-2.4-1.5-2.4 1.5.8-2.7-2.2-1.7 2.8-.2z',
	'comment-heart':
		BUBBLE + 'M12 13.5l-3.2-3.2A2 2 0 0 1 12 7.8a2 2 0 0 1 3.2 2.5z',
	'comment-edit': BUBBLE + 'M9 13v-2l5-5 2 2-5 5z',
	'chevron-down': 'M6 9l6 6 6-6',
};

export const CLOSE = 'M6 6l12 12M18 6L6 18';

/** The rating star (filled by CSS when chosen). */
export const STAR =
	'M12 2.5l2.5 6.6 7 .3-5.5 4.4 1.9 6.8-5.9-3.9-5.9 3.9 1.9-6.8-5.5-4.4 7-.3z';

/**
 * A decorative stroke icon.
 *
 * @param props      Path data and size.
 * @param props.d    SVG path data.
 * @param props.size Width and height in px (default 20).
 */
export function Glyph( { d, size = 20 }: { d: string; size?: number } ) {
	return (
		<svg
			className="uf-glyph"
			width={ size }
			height={ size }
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
		>
			<path d={ d } />
		</svg>
	);
}

/** The UserFeedback mark (logo_type userfeedback): a filled bubble with a tick. */
export function Mark() {
	return (
		<svg
			className="uf-logo"
			width="24"
			height="24"
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
		>
			<path d={ BUBBLE } fill="#2D87F1" stroke="#2D87F1" />
			<path d={ CHECK } stroke="#fff" fill="none" />
		</svg>
	);
}

/**
 * Drawn for an icon the page has no drawing of (a page cached before the server sent
 * icons, a name nobody knows): a question mark in a disc, never an empty box. Our own
 * drawing on a 24-unit grid, evenodd so that the mark is cut out of the disc.
 */
export const FALLBACK_ICON: SurveyIconData = {
	viewBox: '0 0 24 24',
	path: 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 14.6a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 1 0 0-2.6zM12 5.5c-2.2 0-3.9 1.5-4 3.6h2.4c.1-.9.7-1.4 1.6-1.4s1.6.6 1.6 1.4c0 .7-.4 1-1.2 1.6-1 .6-1.6 1.3-1.6 2.6v.6h2.4v-.4c0-.7.3-1 1.1-1.5 1-.7 1.7-1.5 1.7-2.9 0-2.1-1.7-3.6-4-3.6z',
	unknown: true,
};

/**
 * An icon-choice icon: the SVG drawing the server sent with the survey (Font Awesome
 * Free solid, includes/Frontend/Icons.php), filled in the question's icon colour;
 * decorative, as the option's label names the button.
 *
 * @param props       Drawing, colour and size.
 * @param props.icon  The drawing; the fallback when missing.
 * @param props.color Fill colour (the question's icon_color).
 * @param props.size  Height in px; the width follows the drawing's proportions.
 */
export function SurveyIcon( {
	icon,
	color,
	size,
}: {
	icon?: SurveyIconData;
	color: string;
	size: number;
} ) {
	const { viewBox, path, unknown } = icon ?? FALLBACK_ICON;
	const [ , , width, height ] = viewBox.split( ' ' ).map( Number );
	return (
		<svg
			className="uf-survey-icon"
			data-icon-unknown={ unknown ? '' : undefined }
			width={ Math.round( ( size * width ) / height ) || size }
			height={ size }
			viewBox={ viewBox }
			fill="currentColor"
			fillRule="evenodd"
			style={ { color } }
			aria-hidden="true"
			focusable="false"
		>
			<path d={ path } />
		</svg>
	);
}
