import type { WidgetConfig } from './types';

declare global {
	interface Window {
		/** Printed inline by PHP before loader.js. */
		userfeedbackConfig?: WidgetConfig;
	}
}
