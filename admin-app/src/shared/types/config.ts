/**
 * The boot configuration every admin page receives in its data-config attribute.
 * Keys are snake_case because they mirror the PHP array one to one.
 */
import type { Entitlements } from './entitlements';
import type { ServerNotice } from './notifications';
import type { Settings } from './settings';
import type { Comparator, Question, QuestionType } from './survey';

export const PAGE_KEYS = [
	'surveys',
	'results',
	'settings',
	'addons',
	'about',
	'growth-tools',
	'post-ratings',
	'welcome',
] as const;

export type PageKey = ( typeof PAGE_KEYS )[ number ];

/** The colours a scheme sets (SettingsSchema::PRESETS). */
export interface ThemePreset {
	widget_color: string;
	text_color: string;
	button_color: string;
}

/** VisitorTheming::fallbacks(): presets, and what replaces branding without the addon. */
export interface ThemeFallbacks {
	presets: Record< 'light' | 'dark', ThemePreset >;
	unbranded: {
		widget_toggle_text: string;
		widget_toggle_icon: string;
		widget_toggle_color: string;
		font: { family: string; weight: string };
		logo_type: 'userfeedback';
		custom_logo: string;
	};
}

/** A family of the font catalogue: its upright weights ('regular' for 400) and its stylesheet. */
export interface FontFamily {
	family: string;
	weights: string[];
	/** The plugin's own stylesheet, or Google's when the site opted in (external_fonts). */
	url: string;
}

/** Frontend\Fonts::admin_config(). */
export interface FontCatalogue {
	/** The site loads fonts from Google Fonts (the external_fonts setting). */
	external: boolean;
	families: FontFamily[];
}

/** Keys of urls.pages (PHP uses underscores where the entries use dashes). */
export type PageUrlKey =
	| 'surveys'
	| 'results'
	| 'settings'
	| 'addons'
	| 'about'
	| 'growth_tools'
	| 'post_ratings'
	| 'welcome';

export type Capability =
	| 'create_edit_surveys'
	| 'view_results'
	| 'delete_surveys'
	| 'manage_settings';

export interface AppConfig {
	page: PageKey;
	version: string;
	rest: {
		root: string;
		namespace: string;
		nonce: string;
	};
	ajax: {
		url: string;
		nonce: string;
		install_nonce: string;
	};
	urls: {
		admin: string;
		plugin: string;
		upgrade: string;
		settings: string;
		pages: Partial< Record< PageUrlKey, string > >;
	};
	site: {
		timezone: string;
		gmt_offset: number;
		date_format: string;
		time_format: string;
		locale: string;
		admin_email: string;
	};
	user: {
		id: number;
		display_name: string;
		capabilities: Partial< Record< Capability, boolean > >;
	};
	entitlements: Entitlements;
	/** Base URL of the export download (admin.php?page=userfeedback_exports); see types/results.ts. */
	exports_url: string;
	/** The _wpnonce of export URLs (action userfeedback_export). */
	exports_nonce: string;
	/** Admin notice banners for this page (closing one dismisses it remotely). */
	notices?: ServerNotice[];
	/**
	 * The colour schemes' presets and the look without branding
	 * (Frontend\VisitorTheming::fallbacks()), read through shared/widgetLook.ts.
	 */
	theme_presets?: ThemeFallbacks;
	/**
	 * The site's look (Settings > Widget: Frontend\VisitorTheming::site_settings()), which surveys
	 * that follow the site get; read through shared/widgetLook.ts siteWidgetValues().
	 */
	widget_settings?: Partial< Settings >;
	/** The upgrade offer of Lite sites (BootConfig, filter userfeedback_lite_offer). */
	lite_offer?: {
		price_per_year: number;
		discount_percent: number;
		coupon: string;
	};
	/** What an AI summary sends at most (Ai\FeedbackDigest), for the note in Settings > AI Summaries. */
	ai_digest?: {
		max_items: number;
		max_chars: number;
		email_placeholder: string;
	};
	/** The site's retention_days setting (0: responses kept forever), for the builder's retention choice. */
	retention_days?: number;
	/** The font catalogue with each family's stylesheet (Frontend\Fonts::admin_config()), read through shared/fonts.ts. */
	fonts?: FontCatalogue;
	/**
	 * The survey feature table (Surveys\FeaturePolicy::client_table()): what a save strips
	 * on this site. The builder evaluates each row's tests (surveys/builder/featureUse.ts)
	 * to list what a save would remove before it saves.
	 */
	feature_policy?: FeaturePolicyRow[];
	/** The question-type registry (QuestionTypes::admin_config()), in builder order. */
	question_types: QuestionTypeInfo[];
	/** Sizes the server refuses past (SurveySchema, ResponseSchema). */
	survey_limits: SurveyLimits;
	/** Hidden fields' rules (Responses\HiddenFields::client_rules()). */
	hidden_fields?: HiddenFieldRules;
}

/** What the server checks a survey's hidden fields against. */
export interface HiddenFieldRules {
	/** Most fields a survey has. */
	max: number;
	/** Most characters of a stored value. */
	value_max: number;
	/** Most characters of a name. */
	name_max: number;
	/** JSON-schema pattern of a name (a JavaScript RegExp source). */
	name_pattern: string;
	/** Most characters of the query parameter, cookie or attribute name. */
	key_max: number;
	/** Pattern of the query parameter, cookie or attribute name. */
	key_pattern: string;
	sources: Array< 'query' | 'cookie' | 'attribute' >;
}

/**
 * One question type as the PHP registry (includes/Surveys/QuestionTypes/) states it.
 * Read through shared/questionTypes.ts, never from a copy.
 */
export interface QuestionTypeInfo {
	key: QuestionType;
	/** Translated display name. */
	label: string;
	/** How many options the author writes; null for types without options. */
	options: { min: number; max: number } | null;
	/** Needs the question-types addon (advanced_question_types feature). */
	advanced: boolean;
	/** What a condition on an answer of this type may compare with. */
	comparators: Comparator[];
	/** A new question's config, and its config after a change of type. */
	default_config: Question[ 'config' ];
	default_settings: Question[ 'settings' ];
	/** Longest answer the server takes (text types); null when the answer is not text. */
	max_length: number | null;
	/** The widget moves on as soon as it is answered. */
	auto_advance: boolean;
	/** The numbers it is answered with (star rating, NPS); null otherwise. */
	scale: { min: number; max: number } | null;
	/** The answer may pick several options. */
	multiple: boolean;
	/** Never skipped, whatever the question's settings (NPS). */
	required: boolean;
	/** The builder offers "randomize" (order of the options). */
	randomize: boolean;
	/** The builder offers a comment box. */
	comment_box: boolean;
	/** Display logic and email logic may depend on an answer of this type. */
	logic_subject: boolean;
}

export interface SurveyLimits {
	max_questions: number;
	max_options: number;
	max_conditions: number;
	/** Survey and question titles. */
	title_max: number;
	/** Option labels and condition values. */
	label_max: number;
	/** The thank-you message. */
	message_max: number;
	/** A visitor's comment on an answer. */
	comment_max: number;
	/** The first name an email question may ask for. */
	name_max: number;
	email_max: number;
}

/** A test of FeaturePolicyRow.uses (see includes/Surveys/FeatureUse.php). */
export type FeatureUseTest =
	| { path: string; in: unknown[] }
	| { path: string; not: unknown }
	| { all: FeatureUseTest[] };

export interface FeaturePolicyRow {
	feature: string;
	label: string;
	/** What a save without the feature does to a survey that uses it. */
	removal: string;
	/** The site may use it. */
	available: boolean;
	/** A published survey that uses it while unavailable is hidden from visitors. */
	hides: boolean;
	/** The survey uses the feature when any test holds. */
	uses: FeatureUseTest[];
}
