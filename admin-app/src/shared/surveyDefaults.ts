/**
 * Default values of a new survey and its parts (spec 1, sections 3 and 9).
 */
import { __ } from '@wordpress/i18n';

import type {
	AppConfig,
	Question,
	QuestionType,
	RedirectCondition,
	Settings,
	Survey,
	SurveySettings,
	Theming,
} from './types';
import { themePreset } from './widgetLook';
import { defaultConfigOf, defaultSettingsOf } from './questionTypes';

export const DEFAULT_THANK_YOU = (): string =>
	__( 'Thanks for your feedback!', 'userfeedback' );

/**
 * The colours of a colour scheme: the server's presets (SettingsSchema::PRESETS, in the
 * boot config's theme_presets; shared/widgetLook.ts reads them).
 */
export { themePreset };

/**
 * A survey's theming from the site's widget settings, as the server's default
 * (SurveySchema::default_theming) builds it, so a save on a site without the
 * branding addon has nothing to strip; the light preset when the settings are unknown.
 *
 * @param settings Plugin settings (Settings > Widget), if they could be read.
 */
export function defaultTheming( settings?: Partial< Settings > ): Theming {
	const scheme = settings?.widget_theme === 'dark' ? 'dark' : 'light';
	const preset = themePreset( scheme );
	const font = settings?.widget_font;
	return {
		source: 'site',
		color_scheme: scheme,
		widget_color: settings?.widget_color ?? preset.widget_color,
		text_color: settings?.widget_text_color ?? preset.text_color,
		button_color: settings?.widget_button_color ?? preset.button_color,
		widget_toggle_text: settings?.widget_toggle_text ?? '',
		font: { family: font?.family ?? '', weight: font?.weight ?? '' },
		position: settings?.widget_position ?? 'bottom_right',
		widget_toggle_icon: settings?.widget_toggle_icon ?? 'userfeedback',
		widget_toggle_color: settings?.widget_toggle_color ?? '#23282D',
		show_logo:
			!! settings?.widget_show_logo && settings?.logo_type !== 'none',
		custom_logo: settings?.widget_custom_logo ?? '',
		start_minimized: settings?.widget_start_minimized ?? false,
		logo_type: settings?.logo_type === 'custom' ? 'custom' : 'userfeedback',
		skip_text: settings?.skip_text ?? '',
		next_text: settings?.next_text ?? '',
	};
}

export function defaultSettings(
	settings?: Partial< Settings >
): SurveySettings {
	return {
		thank_you: {
			type: 'message',
			message: DEFAULT_THANK_YOU(),
			redirect_to: null,
			redirect_url: '',
			conditions: [],
		},
		enable_tracking: false,
		targeting: {
			devices: [ 'desktop', 'tablet', 'mobile' ],
			pages: 'all',
			page_rules: [],
		},
		geo_targeting: { target: 'all', countries: [] },
		behavior: {
			timing: 'immediate',
			timing_delay: 20,
			display_length: 'until_response',
			run_time: 'indefinitely',
			expire_at: { month: null, day: null },
			start_minimized: settings?.widget_start_minimized ?? false,
			event_name: '',
			click_selector: '',
			sample_percent: 100,
			ignore_cooldown: false,
		},
		theming: defaultTheming( settings ),
		flow: { progress_bar: false, back_button: false },
		hidden_fields: [],
		retention_days: null,
		priority: 0,
		close: { after_responses: null, end_at: null },
	};
}

/**
 * The draft of a survey that does not exist yet. The server fills what it owns
 * (id, dates, cookie name, shortcode) when the first save creates it.
 *
 * @param config   Page config (the site admin's address for notifications).
 * @param settings Plugin settings, for the widget defaults; optional.
 */
export function newSurvey(
	config: Pick< AppConfig, 'site' >,
	settings?: Partial< Settings >
): Survey {
	return {
		id: 0,
		title: __( 'New Survey', 'userfeedback' ),
		type: 'survey',
		status: 'draft',
		display_status: 'draft',
		template: '',
		created_at: '',
		updated_at: '',
		publish_at: null,
		publish_at_local: null,
		responses_count: 0,
		questions: [],
		settings: defaultSettings( settings ),
		notifications: {
			email: {
				active: true,
				addresses: config.site.admin_email ?? '',
				logic: { enable: false, action: 'send', conditions: [] },
			},
		},
		cookie_name: '',
		shortcode: '',
	};
}

/** A question of the given type with its default config and settings. */
export function newQuestion(
	id: number,
	type: QuestionType = 'text',
	title = ''
): Question {
	return {
		id,
		title,
		type,
		config: defaultConfig( type ),
		settings: defaultQuestionSettings( type ),
		logic: { enabled: false, action: 'show', conditions: [] },
	};
}

/**
 * The config a question gets when created or when its type changes (spec 1, section 4),
 * as the type's descriptor states it.
 *
 * @param type Question type.
 */
export function defaultConfig( type: QuestionType ): Question[ 'config' ] {
	return defaultConfigOf( type );
}

export function defaultQuestionSettings(
	type: QuestionType
): Question[ 'settings' ] {
	return defaultSettingsOf( type );
}

export function newRedirectCondition(
	questionId: number | null
): RedirectCondition {
	return {
		question: questionId,
		condition_type: '',
		condition: '',
		page: null,
		redirect_url: '',
	};
}
