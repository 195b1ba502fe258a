/**
 * Plugin settings as GET/POST userfeedback/v1/settings sends them.
 * POST takes any subset and answers with the whole object.
 */
export type AutomaticUpdates = 'all' | 'minor' | 'none';
export type WidgetPosition =
	'bottom_left' | 'bottom_right' | 'middle_left' | 'middle_right';
export type LogoType = 'userfeedback' | 'custom' | 'none';

export interface Settings {
	notifications_recipients: string;
	notifications_header_image: string;
	summaries_html_template: boolean;
	summaries_disabled: boolean;
	allow_usage_tracking: boolean;
	/** Empty until an admin chooses; the Misc screen treats that as 'none'. */
	automatic_updates: AutomaticUpdates | '';
	create_edit_surveys: string[];
	view_results: string[];
	delete_surveys: string[];
	widget_button_color: string;
	widget_toggle_icon: string;
	widget_toggle_color: string;
	widget_toggle_text: string;
	widget_font: { family: string; weight: string };
	/** Load fonts from Google Fonts instead of the plugin's own files (opt-in: Google sees visitors' IPs). */
	external_fonts: boolean;
	widget_position: WidgetPosition;
	widget_theme: 'light' | 'dark';
	widget_color: string;
	widget_text_color: string;
	widget_start_minimized: boolean;
	widget_custom_logo: string;
	widget_show_logo: boolean;
	logo_type: LogoType;
	skip_text: string;
	next_text: string;
	uninstall_delete_data: boolean;
	ip_header: string;
	anonymize_ips: boolean;
	geo_header: string;
	ai_base_url: string;
	/** Masked on read; sending the masked value back leaves the key unchanged. */
	ai_api_key: string;
	ai_model: string;
	/** Where the notifications drawer reads its remote feed; '' for the default feed. */
	notifications_feed_url: string;
	/** Delete responses older than this many days (a daily purge); 0 keeps them forever; 0 to 3650. */
	retention_days: number;
	/** After a visitor was shown any survey, no other floating survey for this many days; 0 (off) to 365. */
	cooldown_days: number;
	/** At most one floating survey per page view. */
	one_survey_per_page: boolean;
}

export type SettingsUpdate = Partial< Settings >;
