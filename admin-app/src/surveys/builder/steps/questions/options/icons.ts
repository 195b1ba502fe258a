/**
 * The icon-choice icons: the catalogue the build extracts from Font Awesome Free
 * (shared/SurveyIcon, loaded on demand); the builder uses it from there.
 */
export {
	findIcon,
	searchIcons,
	SurveyIcon,
	useIconCatalogue,
	type CatalogueIcon,
	type IconCatalogue,
} from '../../../../../shared/SurveyIcon';
