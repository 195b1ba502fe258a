/**
 * Shapes of the widget's boot config (window.userfeedbackConfig, printed by PHP) and
 * of what the UI hands back. Shared by the loader and the UI; types only, no code.
 */
export type Device = 'desktop' | 'tablet' | 'mobile';

export type QuestionType =
	| 'radio-button'
	| 'checkbox'
	| 'image-radio'
	| 'icon-choice'
	| 'email'
	| 'text'
	| 'long-text'
	| 'star-rating'
	| 'nps';

/** Plain strings for radio-button and checkbox; objects for image-radio and icon-choice. */
export type ChoiceOption =
	| string
	| { label: string; image?: { id: number | null; url: string } | null }
	| { label: string; icon?: { name: string; style?: string } | null };

export interface Question {
	id: number;
	title: string;
	type: QuestionType;
	config: {
		options?: ChoiceOption[];
		include_name?: boolean;
	};
	settings?: {
		required?: boolean;
		randomize?: boolean;
		comment_box?: boolean;
		icon_color?: string;
		icon_size?: 'large' | 'medium' | 'small';
	};
	logic?: {
		enabled: boolean;
		/** show: the question is shown when every condition holds; hide: hidden then. */
		action: 'show' | 'hide' | string;
		conditions: LogicCondition[];
	};
}

/**
 * Runtime comparators (spec 3, section 4): equals, not_equals, in, contains,
 * not_contains, starts_with, ends_with, greater_than, less_than. Unknown ones, and a
 * condition with no value, evaluate to false.
 */
export interface LogicCondition {
	question_id: number | null;
	/** A hidden field's name (settings.hidden_fields): the condition is about its value; question_id is then null. */
	field?: string;
	compare: string;
	value: unknown;
}

/** Page rule (spec 3, section 3); a rule's operator joins it to the one before it, left to right. */
export interface PageRule {
	logic: string;
	operator: '&&' | '||';
	/** Free text (URL, query, cookie, contains rules) or chosen items (selector rules). */
	data: string | Array< { id: string | number; label?: string } >;
}

/** One icon's SVG drawing (a Font Awesome Free solid icon, filled with currentColor). */
export interface SurveyIconData {
	viewBox: string;
	path: string;
	unknown?: boolean;
}

export type WidgetPosition =
	'bottom_left' | 'bottom_right' | 'middle_left' | 'middle_right';

export interface Theming {
	color_scheme?: 'light' | 'dark';
	widget_color?: string;
	text_color?: string;
	button_color?: string;
	position?: WidgetPosition;
	widget_toggle_text?: string;
	skip_text?: string;
	next_text?: string;
	start_minimized?: boolean;
	/** Font family of the catalogue ('' inherits the theme's font) and weight ('regular', '400', '700'...). */
	font?: {
		family?: string;
		weight?: string;
		/** The stylesheet that makes the family available, made by the server (Fonts::with_url()). */
		url?: string;
	};
	/** One of the nine toggle icons (ui/glyphs.tsx); default userfeedback. */
	widget_toggle_icon?: string;
	/** Colour of the toggle icon. */
	widget_toggle_color?: string;
	show_logo?: boolean;
	logo_type?: 'userfeedback' | 'custom' | 'none';
	/** Image URL, used when logo_type is custom. */
	custom_logo?: string;
	[ key: string ]: unknown;
}

/** settings.behavior: the loader reads the keys SurveyTarget carries, the UI start_minimized and the rest. */
export interface SurveyBehavior {
	timing?: string;
	timing_delay?: number;
	display_length?: string;
	run_time?: string;
	expire_at?: { month?: number | string; day?: number | string };
	start_minimized?: boolean;
	/** A visitor's × keeps the survey away for the rest of the browser session (default true). */
	remember_dismissal?: boolean;
	/** timing 'event': the custom DOM event (on window or document) that starts the survey. */
	event_name?: string;
	/** timing 'click': a click on an element matching this CSS selector starts the survey. */
	click_selector?: string;
	/** Show to this percentage (1-100, default 100) of matching visitors, drawn once per visitor (uf_sample_<id>). */
	sample_percent?: number;
	/** Starts during the site-wide cooldown (config.cooldown.days) too. */
	ignore_cooldown?: boolean;
}

export interface SurveyTargeting {
	devices?: Device[];
	pages?: string;
	page_rules?: PageRule[];
}

export interface SurveyGeoTargeting {
	target?: 'all' | 'select';
	countries?: string[];
}

/**
 * A survey as the UI shows it: SurveyBody.survey, from GET {rest_url}surveys/{id}/widget
 * (includes/Frontend/WidgetLoader.php body()), with the site's look resolved. Its
 * settings carry no targeting (the loader's, in SurveyTarget); the admin previews build
 * the same shape.
 */
export interface VisitorSurvey {
	id: number;
	title: string;
	type?: string;
	cookie_name: string;
	/**
	 * What the survey uses that the site may no longer use (a lapsed licence, an addon
	 * switched off: FeaturePolicy::unavailable() in PHP), as feature keys. Present only
	 * when not empty; such a survey is not shown (hidden reason needs_pro).
	 */
	needs_pro?: string[];
	questions: Question[];
	settings: {
		thank_you?: {
			type?: string;
			message?: string;
			redirect_url?: string;
			redirect_to?: { id: number; label: string } | null;
			conditions?: Array< {
				question: number | null;
				condition_type: string;
				condition: string;
				page: { id: number; label: string } | null;
				redirect_url: string;
			} >;
		};
		behavior?: SurveyBehavior;
		targeting?: SurveyTargeting;
		theming?: Theming;
		/** A progress bar and a Back button (free; both off when missing, as on a page cached before them). */
		flow?: { progress_bar?: boolean; back_button?: boolean };
		geo_targeting?: SurveyGeoTargeting;
		enable_tracking?: boolean;
		/** Values the UI collects at start (ui/fields.ts) and sends with every response write. */
		hidden_fields?: HiddenField[];
	};
	/** UTC, RFC 3339, or null. A survey scheduled for later is in the list and waits in the browser. */
	publish_at?: string | null;
	/** UTC, RFC 3339, or null (settings.close.end_at): the loader hides the survey once it has passed (reason closed). */
	end_at?: string | null;
	/** Set by the loader for a survey shown inline (shortcode or block). */
	shortcode?: boolean;
	/**
	 * The drawings of the icons its icon-choice options use, keyed by the stored name
	 * (includes/Frontend/Icons.php: only these travel, never the catalogue). unknown: the
	 * server did not know the name and sent its fallback drawing.
	 */
	icons?: Record< string, SurveyIconData >;
	nonces: { impression: string; submission: string };
}

/**
 * A survey as the inline config carries it (WidgetLoader::target() in PHP): only what
 * targeting, triggers and the schedule need, on every page. No title, questions, look,
 * thank-you, icons or tokens: the UI fetches those (SurveyBody) when the survey starts.
 */
export interface SurveyTarget {
	id: number;
	cookie_name: string;
	/** UTC, RFC 3339, or null. A survey scheduled for later is in the list and waits in the browser. */
	publish_at?: string | null;
	/** UTC, RFC 3339, or null (settings.close.end_at): the loader hides the survey once it has passed (reason closed). */
	end_at?: string | null;
	/**
	 * What the survey uses that the site may no longer use (a lapsed licence, an addon
	 * switched off: FeaturePolicy::unavailable() in PHP), as feature keys. Present only
	 * when not empty; such a survey is not shown (hidden reason needs_pro).
	 */
	needs_pro?: string[];
	/**
	 * The version of its body: changes whenever what GET surveys/{id}/widget answers
	 * changes (the survey, the site's widget settings, entitlements, strings), so the
	 * body's URL (…/widget?v=…) can be cached for long.
	 */
	v: string;
	settings: {
		/** Only the loader's keys: WidgetLoader::TARGET_BEHAVIOR. */
		behavior?: Omit< SurveyBehavior, 'start_minimized' >;
		targeting?: SurveyTargeting;
		geo_targeting?: SurveyGeoTargeting;
	};
	/** Set by the loader for a survey shown inline (shortcode or block). */
	shortcode?: boolean;
}

/**
 * What GET {rest_url}surveys/{id}/widget?v={v} answers (public, Cache-Control public; 404
 * userfeedback_survey_unavailable when the survey is no longer live): the survey and what
 * the UI needs to show it.
 */
export interface SurveyBody {
	survey: VisitorSurvey;
	strings: WidgetStrings;
	/**
	 * Every question type the server knows, keyed by type. The admin previews may leave it
	 * out: each question component then keeps to its own defaults (see
	 * ui/questions/index.tsx) and the server still judges the answers.
	 */
	question_types?: Record< string, QuestionTypeInfo >;
	/** Missing as question_types may be: no cap and no counter then. */
	limits?: AnswerLimits;
}

export interface WidgetStrings {
	skip: string;
	next: string;
	close: string;
	minimize: string;
	submit: string;
	not_likely: string;
	extremely_likely: string;
	thank_you: string;
	comments: string;
	first_name: string;
	email: string;
	/** Contains %d, replaced by the number left. */
	characters_left: string;
	/** The submit button while the response is on its way. */
	sending: string;
	/** The server refused the response and said nothing the visitor can read. */
	send_refused: string;
	/** The network failed, or the server could not take the response now (5xx, 429). */
	send_failed: string;
	/** Contains %d, replaced by the seconds the server asked the visitor to wait (Retry-After). */
	retry_in: string;
	/** The button that sends the kept answers again. */
	retry: string;
	/** Contains %s, replaced by the title of the question the server refused the answer to. */
	change_answer: string;
	/**
	 * A star button's name: %1$d the stars, %2$d the most ("4 of 5 stars"). Optional like
	 * the two below: a page cached before they existed falls back to English.
	 */
	star_label?: string;
	/** The skip link put first in the page's tab order while a floating survey is open; %s the title. */
	skip_to_survey?: string;
	/** Announced once (polite live region) when a floating survey opens; %s the title. */
	survey_opened?: string;
	/** The Back button (settings.flow.back_button). */
	back?: string;
	/** The progress bar's text: %1$d the question shown, %2$d how many are shown ("Question 2 of 5"). */
	progress?: string;
}

/**
 * What the widget needs to know of one question type (QuestionTypes::widget_config() in PHP,
 * the one statement of what a type is).
 */
export interface QuestionTypeInfo {
	/** Most characters the server takes for an answer of this type; null when it is not text. */
	max_length: number | null;
	/** Picking an option answers the question and moves on (no Next button). */
	auto_advance: boolean;
	/** Gated by the question-types addon (feature advanced_question_types). */
	advanced: boolean;
	/** Lowest and highest score of a rating type; null for the others. */
	scale: { min: number; max: number } | null;
	/** Never skipped, whatever the question's settings (NPS). */
	required: boolean;
}

/** Lengths of the fields that go with an answer (extra.comments, extra.name). */
export interface AnswerLimits {
	comment_max: number;
	name_max: number;
	/** Most characters of a hidden field's value (HiddenFields::VALUE_MAX); missing on older pages. */
	field_max?: number;
}

/** A hidden field (settings.hidden_fields; includes/Responses/HiddenFields.php). */
export interface HiddenField {
	name: string;
	/** A URL query parameter, a cookie, or userfeedback( 'attributes', {...} ). */
	source: 'query' | 'cookie' | 'attribute';
	key: string;
}

export interface WidgetConfig {
	version: string;
	/**
	 * .../wp-json/userfeedback/v1/ (with the trailing slash). Public routes under it:
	 * POST surveys/{id}/impression, POST surveys/{id}/responses, and GET geo, which
	 * answers { country: 'US' | null } and is asked only when a candidate survey has
	 * country rules and geo_targeting is on.
	 */
	rest_url: string;
	/**
	 * The wp_rest nonce, on pages of logged-in visitors only (null for guests): sent as
	 * X-WP-Nonce with the response writes, so that a response records its user.
	 */
	rest_nonce?: string | null;
	/** .../build/widget/ (with the trailing slash): where the UI chunk is. */
	assets_url: string;
	/** The live surveys, in the order the loader tries them; no questions (SurveyBody has them). */
	surveys: SurveyTarget[];
	/**
	 * The page, the same for every visitor of the URL (DESIGN.md section 2). page_type is
	 * one of front_page, blog, single, page, archive, search, 404, taxonomy, author, date,
	 * other. logged_in is null on pages a logged-out visitor gets (cacheable HTML).
	 */
	context?: {
		post_id?: number;
		post_type?: string;
		page_type?: string;
		/** taxonomy name => term ids of the post (or the archive's term). */
		taxonomies?: Record< string, number[] >;
		logged_in?: { roles: string[] } | null;
	};
	/**
	 * What this site may use (Entitlements::can() of the same keys), the same for every
	 * visitor. advanced_question_types: star-rating and nps surveys are shown;
	 * question_settings: required blocks Skip; device_targeting: tablet and mobile visitors
	 * see surveys; page_targeting: page rules apply (ignored, i.e. every page, without it);
	 * behavior: non-immediate timing, once/repeatedly, expire and start minimised;
	 * thank_you_redirect: redirect and conditional redirect; branding: theming colours,
	 * logo and font; geo_targeting: country rules apply.
	 */
	features?: Partial< Record< WidgetFeature, boolean > >;
	/**
	 * Site-wide pacing (site settings cooldown_days, one_survey_per_page): after a visitor was
	 * shown a survey (localStorage uf_seen), no other floating survey starts for `days` days
	 * (0: off) unless it has behavior.ignore_cooldown; with one_per_page, none starts on a page
	 * where a survey was shown already. Missing from a page printed before it existed: off.
	 */
	cooldown?: { days: number; one_per_page: boolean };
}

export type WidgetFeature =
	| 'advanced_question_types'
	| 'question_settings'
	| 'device_targeting'
	| 'page_targeting'
	| 'behavior'
	| 'thank_you_redirect'
	| 'branding'
	| 'geo_targeting';

/** Why the loader passed over a survey (kept on window.userfeedbackHidden for support). */
export type HiddenReason =
	| 'needs_pro'
	| 'targeting_addon'
	| 'device'
	| 'cookie'
	| 'expired'
	| 'scheduled'
	| 'pages'
	| 'geo'
	| 'inline'
	/** The visitor closed it with × earlier in this browser session (behavior.remember_dismissal). */
	| 'dismissed'
	/** Past its end_at (settings.close). */
	| 'closed'
	/** Not drawn in behavior.sample_percent for this visitor. */
	| 'sampled_out'
	/** The visitor saw another survey less than config.cooldown.days ago. */
	| 'cooldown'
	/** config.cooldown.one_per_page, and a survey was shown on this page already. */
	| 'one_per_page'
	/** The UI could not get its body (GET surveys/{id}/widget failed twice, or 404: no longer live). */
	| 'unavailable';

export interface HiddenRecord {
	survey_id: number;
	reason: HiddenReason;
}

export type AnswerValue = string | number | string[] | null;

export interface Answer {
	question_id: number;
	/** null when the visitor skipped the question. */
	value: AnswerValue;
	extra?: { comments?: string; name?: string };
}

/** What the UI needs; the admin's live preview passes the same props. */
export interface WidgetProps {
	survey: VisitorSurvey;
	strings: WidgetStrings;
	/** Entitlements that change what the UI does (question_settings, thank_you_redirect, branding, behavior). */
	features?: WidgetConfig[ 'features' ];
	/** SurveyBody.question_types; the admin previews may leave it out (components' defaults then). */
	questionTypes?: SurveyBody[ 'question_types' ];
	/** WidgetConfig.limits; without it comments and names have no cap or counter. */
	limits?: SurveyBody[ 'limits' ];
	/** The survey's hidden fields as collected at start (ui/fields.ts), name => value. */
	fields?: Record< string, string >;
	/** Builder preview: nothing is sent, the answers are cleared on finish. */
	preview?: boolean;
	/** Rendered in the page's flow (shortcode, block): no close or minimise button, no position. */
	inline?: boolean;
	/**
	 * Called with the answers given (skips as null; questions hidden by display logic
	 * are left out) when the survey finishes, and again for each retry. A promise keeps
	 * the submit button busy until it settles: fulfilled, the thank-you shows (then the
	 * redirect); rejected, the widget shows why (a SendFailure from ui/send.ts, anything
	 * else counts as a network failure), keeps every answer and offers to send again;
	 * a SendFailure whose `later` promise is fulfilled afterwards (the answers were sent
	 * again in the background) shows the thank-you then. Anything else shows the thank-you
	 * at once. `reached` is the index of the last question shown.
	 */
	onFinish?: (
		answers: Answer[],
		reached: number
	) => void | Promise< unknown >;
	/**
	 * Called when the visitor answers or skips a question and another question follows
	 * (not for the last one: onFinish has it), with that answer (null value: skipped) and
	 * the index, in the survey's question order, of the question shown next.
	 */
	onAnswer?: ( answer: Answer, reached: number ) => void;
	onClose?: () => void;
	/** The visitor closed the survey with × before finishing it (after onClose). */
	onDismiss?: () => void;
	/** Start on the thank-you state (an inline survey this visitor already answered). */
	initialFinished?: boolean;
	/** Start collapsed to the toggle button. */
	minimized?: boolean;
	onMinimizedChange?: ( minimized: boolean ) => void;
}

/**
 * The UI chunk's entry (widget/src/ui/index.tsx), imported by the loader once a survey
 * passed targeting and its trigger fired. start() owns the visitor session: it posts the
 * impression (POST {rest_url}surveys/{id}/impression?nonce=..., no X-WP-Nonce), sets the
 * survey cookie to {submitted:false,last_response_id:null} when there is none, mounts the
 * widget (floating, or inline into host), remembers minimise in "<cookie_name>-minimized",
 * writes each answer as it is given and then completes the response (through the outbox,
 * widget/src/outbox.ts, under a response id kept in sessionStorage uf_rid_<survey id>), sets {submitted:true,last_response_id} once the server stored it
 * (a refused or failed response is shown in the widget and can be sent again), sends gtag
 * events when enable_tracking is on, and redirects as the thank-you settings say.
 */
export interface UiModule {
	// Inline surveys: the shortcode and the block print
	// <div class="userfeedback-inline" data-survey-id="N"></div>; the survey's target is in
	// config.surveys (every published survey is, scheduled ones included). The loader
	// starts each placeholder's survey into it and keeps that survey out of the floating pick.
	// start() fetches the survey's body (SurveyBody) first, then mounts; the promise
	// resolves to the unmount function once mounted (a no-op when the survey is not shown:
	// its body could not be had, hidden reason 'unavailable').
	start: (
		config: WidgetConfig,
		target: SurveyTarget,
		host?: HTMLElement
	) => Promise< () => void >;
	mount: ( props: WidgetProps, host?: HTMLElement ) => () => void;
}
