export { SurveyIcon } from './SurveyIcon';
export {
	FALLBACK_ICON,
	findIcon,
	iconCatalogueUrl,
	iconData,
	installIconCatalogue,
	loadIconCatalogue,
	loadedIconCatalogue,
	searchIcons,
	surveyIcons,
	useIconCatalogue,
	type CatalogueIcon,
	type IconCatalogue,
} from './catalogue';
