/**
 * What the server tells the block's editor script (SurveyBlock::editor_config(),
 * printed before it as window.userfeedbackBlockConfig).
 */
import { widgetStrings } from '../shared/widgetStrings';
import type { FontCatalogue } from '../shared/types';

import type {
	Theming,
	WidgetConfig,
	WidgetStrings,
} from '../../../widget/src/types';

export interface BlockConfig {
	/** May pick surveys (the surveys routes need the create/edit surveys capability). */
	canEdit: boolean;
	surveysUrl: string;
	/** admin.php?page=userfeedback_surveys#/new */
	newSurveyUrl: string;
	/** Followed by the survey id. */
	editSurveyUrl: string;
	/** What the site may use, as the visitor widget gets it. */
	features: NonNullable< WidgetConfig[ 'features' ] >;
	/** The widget's strings, with the site's Skip and Next labels. */
	strings: WidgetStrings;
	/**
	 * A survey's look when it sets nothing itself, resolved against the site's
	 * entitlements: the site's widget settings with branding, presets without.
	 */
	theming: Theming;
	/** The font catalogue with each family's stylesheet (Fonts::admin_config()). */
	fonts: FontCatalogue;
}

declare global {
	interface Window {
		userfeedbackBlockConfig?: BlockConfig;
	}
}

let fallback: BlockConfig | undefined;

/**
 * The config, or a safe stand-in when the inline script is missing (someone
 * dequeued it): nobody may pick, the preview uses the default look. The same
 * object every time, so that it can be a hook dependency.
 */
export function getBlockConfig(): BlockConfig {
	return (
		window.userfeedbackBlockConfig ??
		( fallback ??= {
			canEdit: false,
			surveysUrl: '',
			newSurveyUrl: '',
			editSurveyUrl: '',
			features: {},
			strings: widgetStrings(),
			theming: {},
			fonts: { external: false, families: [] },
		} )
	);
}
