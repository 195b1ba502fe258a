/**
 * The icon-choice icons. The list lives with the visitor widget (which draws them
 * and may not import admin code); the builder uses it from there.
 */
export {
	ICONS,
	iconGlyph,
	searchIcons,
	type IconDefinition,
} from '../../../../../../../widget/src/ui/icons';
