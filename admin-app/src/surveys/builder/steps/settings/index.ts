export { SettingsStep, type SettingsStepProps } from './SettingsStep';
export {
	canContinueSettings,
	settingsErrors,
	DELAY_MIN,
	DELAY_MAX,
} from './validation';
export {
	logicTypeLabel,
	pageRuleError,
	isValidUrl,
	newPageRule,
	LOGIC_TYPE_KEYS,
} from './pageRules';
export type { AnalyticsPlugin, InstallAnalytics } from './analytics';
