import type { AddonSlug } from './entitlements';

/**
 * Surveys as the REST API sends and takes them (userfeedback/v1). These types mirror the JSON
 * schema in includes/Surveys/SurveySchema.php; change both together.
 *
 * Routes (all need the create/edit surveys capability unless said otherwise):
 * - GET    surveys?page&per_page&orderby&order&search&filter[status]  → SurveyList (+ X-WP-Total, X-WP-TotalPages)
 *          orderby: id | title | status | created_at | publish_at | responses_count; order: asc | desc;
 *          filter[status]: all (not trashed) | publish (live now) | scheduled | draft | trash.
 * - GET    surveys/{id}                  → Survey
 * - POST   surveys                       body SurveyInput → Survey (201, Location: its URL)
 * - PUT    surveys/{id}                  body SurveyInput → Survey (also POST/PATCH)
 *          Both send the header X-UserFeedback-Notes: SaveNotes as JSON (shared/surveys reads
 *          them into a SaveResult).
 * - POST   surveys/{id}/duplicate        → { id } (201)
 * - POST   surveys/bulk                  body { action: BulkAction, ids: number[] } → BulkResult
 *          trash and delete need the delete surveys capability.
 * - GET    surveys/templates             → SurveyTemplate[]
 * - GET    search?title&page             → SearchResult[] (pages and posts for redirect targets)
 * - GET    logic-type?logic_type&search  → LogicTypeOption[] (targeting page-rule choices)
 */

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

export type ImageOption = {
	label: string;
	image: { id: number | null; url: string } | null;
};
export type IconOption = {
	label: string;
	icon: { name: string; style: string } | null;
};
/** Plain strings for radio-button and checkbox; objects for image-radio and icon-choice. */
export type ChoiceOption = string | ImageOption | IconOption;

/** Runtime comparators (spec 3); which ones a question type offers is spec 1, section 5. */
export type Comparator =
	| 'equals'
	| 'not_equals'
	| 'in'
	| 'contains'
	| 'not_contains'
	| 'starts_with'
	| 'ends_with'
	| 'greater_than'
	| 'less_than';

export type LogicCondition = {
	question_id: number | null;
	/**
	 * A hidden field's name (settings.hidden_fields): the condition is about its value
	 * and question_id is null. Absent on a condition about a question.
	 */
	field?: string;
	compare: Comparator | '';
	value: string;
};

export type Question = {
	/** Unique within the survey; never reused after a delete (answers refer to it). */
	id: number;
	title: string;
	type: QuestionType;
	config: {
		options?: ChoiceOption[];
		/** Email questions: also ask for a first name. */
		include_name?: boolean;
	};
	settings: {
		required: boolean;
		randomize: boolean;
		comment_box: boolean;
		/** icon-choice only; default #1579EF. */
		icon_color?: string;
		icon_size?: 'large' | 'medium' | 'small';
	};
	logic: {
		enabled: boolean;
		action: 'show' | 'hide';
		conditions: LogicCondition[];
	};
	/**
	 * Set by the server only, on a question a save removed or retyped while it had answers
	 * (includes/Surveys/QuestionArchive.php): kept for results, responses and exports, never
	 * shown to visitors or edited; the builder leaves it out of its draft and of saves.
	 */
	archived?: true;
};

export type PageLink = { id: number; label: string };

export type RedirectCondition = {
	question: number | null;
	condition_type: Comparator | '';
	condition: string;
	page: PageLink | null;
	redirect_url: string;
};

export type Device = 'desktop' | 'tablet' | 'mobile';

export type PageRuleLogic =
	| 'user_logged_in'
	| 'user_role'
	| 'page_type'
	| 'page_or_post_is'
	| 'page_or_post_is_not'
	| 'post_type_is'
	| 'post_type_is_not'
	| 'taxonomy_is'
	| 'taxonomy_is_not'
	| 'taxonomy_term_is'
	| 'taxonomy_term_is_not'
	| 'referrer'
	| 'query_parameter_contains'
	| 'query_parameter_not_contains'
	| 'query_parameter_regex'
	| 'cookie_exist'
	| 'cookie_not_exist'
	| 'page_url_is'
	| 'page_url_is_not'
	| 'page_url_contains'
	| 'page_url_not_contains';

export type LogicTypeOption = { id: string | number; label: string };

export type PageRule = {
	logic: PageRuleLogic;
	operator: '&&' | '||';
	/** Free text for URL, query, cookie and contains rules; chosen items for selector rules. */
	data: string | LogicTypeOption[];
};

export type Theming = {
	/**
	 * site: the survey looks as Settings > Widget says (the values below are ignored and the
	 * behaviour's start_minimized too); custom: the values below over the site's.
	 */
	source: 'site' | 'custom';
	color_scheme: 'light' | 'dark';
	widget_color: string;
	text_color: string;
	button_color: string;
	widget_toggle_text: string;
	font: { family: string; weight: string };
	position: 'bottom_left' | 'bottom_right' | 'middle_left' | 'middle_right';
	widget_toggle_icon: string;
	widget_toggle_color: string;
	show_logo: boolean;
	custom_logo: string;
	start_minimized: boolean;
	logo_type: 'userfeedback' | 'custom';
	skip_text: string;
	next_text: string;
};

/** A progress bar ("Question 2 of 5") and a Back button in the widget. */
export type SurveyFlow = {
	progress_bar: boolean;
	back_button: boolean;
};

/**
 * A value taken from the visitor's page and stored with each response
 * (includes/Responses/HiddenFields.php has the rules; the builder reads them from the
 * boot config's hidden_fields).
 */
export type HiddenField = {
	/** Unique in the survey: lower-case letters, digits and _, starting with a letter. */
	name: string;
	/** A URL query parameter, a cookie, or userfeedback( 'attributes', {...} ). */
	source: 'query' | 'cookie' | 'attribute';
	/** The query parameter, cookie or attribute name. */
	key: string;
};

export type SurveySettings = {
	thank_you: {
		type: 'message' | 'redirect' | 'conditional_redirect';
		message: string;
		redirect_to: PageLink | null;
		redirect_url: string;
		conditions: RedirectCondition[];
	};
	enable_tracking: boolean;
	targeting: {
		devices: Device[];
		pages: 'all' | 'select';
		page_rules: PageRule[];
	};
	geo_targeting: { target: 'all' | 'select'; countries: string[] };
	behavior: {
		/** event: a custom DOM event the page dispatches; click: a click on an element matching a selector. */
		timing:
			| 'immediate'
			| 'delay'
			| 'before_abandon'
			| 'half_page'
			| 'event'
			| 'click';
		/** Seconds, 0 to 60; default 20. */
		timing_delay: number;
		display_length: 'until_response' | 'once' | 'repeatedly';
		run_time: 'indefinitely' | 'expire';
		expire_at: { month: number | null; day: number | null };
		start_minimized: boolean;
		/** A visitor's × keeps the floating survey away for the browser session; missing means on. */
		remember_dismissal?: boolean;
		/** timing event: the DOM event's name (SurveySettingsSchema::EVENT_NAME_PATTERN); '' by default. */
		event_name?: string;
		/** timing click: a CSS selector, at most 300 characters; '' by default. */
		click_selector?: string;
		/** Share of matching visitors shown the survey, 1 to 100 (default 100); below 100 is the behavior feature. */
		sample_percent?: number;
		/** Starts during the site-wide cooldown too (free; default false). */
		ignore_cooldown?: boolean;
	};
	theming: Theming;
	/** How the visitor moves through the questions (free on every tier; both off by default). */
	flow: SurveyFlow;
	/** At most 10; an empty list records nothing. The hidden_fields feature. */
	hidden_fields: HiddenField[];
	/**
	 * Days this survey's responses are kept (the daily purge deletes older ones): null follows
	 * the site's retention_days, 0 keeps them forever; 0 to 3650.
	 */
	retention_days: number | null;
	/**
	 * Among several floating surveys that match a page, the higher is shown; equal
	 * priority: the older survey (lower id). 0 to 100, default 0. Free.
	 */
	priority: number;
	/** When the survey stops taking answers (the scheduling feature). */
	close: SurveyClose;
};

/**
 * settings.close (PHP Surveys\Closing). end_at is answered in UTC ('2026-12-01T14:00:00Z');
 * the builder enters it in the site's time zone and sends it in UTC.
 */
export type SurveyClose = {
	/** Close after this many completed responses (not in the trash); 1 to 1,000,000. */
	after_responses: number | null;
	end_at: string | null;
};

/** Why a published survey takes no more answers (Closing::reason()). */
export type ClosedReason = 'quota' | 'ended';

export type SurveyNotifications = {
	email: {
		active: boolean;
		/** Comma-separated addresses; a new survey starts with the site admin's. */
		addresses: string;
		logic: {
			enable: boolean;
			action: 'send';
			conditions: LogicCondition[];
		};
	};
};

export type SurveyStatus = 'draft' | 'publish' | 'trash';
/** What the list shows: publish with publish_at in the future is "scheduled". */
export type DisplayStatus = SurveyStatus | 'scheduled';

export type Survey = {
	id: number;
	title: string;
	type: 'survey' | 'nps';
	status: SurveyStatus;
	display_status: DisplayStatus;
	template: string;
	/** UTC, RFC 3339 ('2026-12-01T14:00:00Z'). */
	created_at: string;
	updated_at: string;
	/** UTC, RFC 3339, or null for "as soon as published". */
	publish_at: string | null;
	/** The same moment in the site's time zone, 'YYYY-MM-DDTHH:MM:SS', for the schedule fields. */
	publish_at_local: string | null;
	responses_count: number;
	questions: Question[];
	settings: SurveySettings;
	notifications: SurveyNotifications;
	cookie_name: string;
	/** '[userfeedback id="12"]' */
	shortcode: string;
};

/**
 * What create and update take. publish_at may be null, RFC 3339 with an offset, or a naive
 * 'YYYY-MM-DDTHH:MM:SS' read in the site's time zone (what the schedule fields produce).
 */
export type SurveyInput = Partial<
	Pick<
		Survey,
		| 'title'
		| 'type'
		| 'status'
		| 'template'
		| 'publish_at'
		| 'questions'
		| 'settings'
		| 'notifications'
	>
>;

/** The X-UserFeedback-Notes header of a survey write. */
export type SaveNotes = {
	/** False when a publish was refused and the survey saved as a draft instead. */
	published: boolean;
	/** Features the server removed because this site may not use them (spec 1, section 4). */
	stripped: string[];
	/** Why it was not published (spec 1: 'The Survey can't be published: ...'); '' when nothing to say. */
	message: string;
};

/** A save as the builder and the wizard see it: the survey the server answered and its notes. */
export type SaveResult = {
	survey: Survey;
	published: boolean;
	/** The notes' message, or null when it is empty. */
	message: string | null;
	stripped: string[];
};

export type SurveyListItem = Pick<
	Survey,
	| 'id'
	| 'title'
	| 'type'
	| 'status'
	| 'display_status'
	| 'created_at'
	| 'publish_at'
	| 'responses_count'
	| 'shortcode'
> & {
	/**
	 * What the survey uses that the site may no longer use (FeaturePolicy::unavailable()):
	 * visitors do not see it until the plan covers it again. Empty when nothing.
	 */
	needs_pro?: { feature: string; label: string }[];
	/** settings.priority (the list sorts by it: orderby=priority). Always sent; optional for older fixtures. */
	priority?: number;
	/** Why a published survey is closed, or null while it takes answers. */
	closed?: ClosedReason | null;
	/** The reason in words ('Reached 500 responses', 'Ended <date in site time>'); '' when open. */
	closed_label?: string;
};

export type StatusFilter = {
	status: 'all' | 'publish' | 'scheduled' | 'draft' | 'trash';
	count: number;
};

export type Pagination = {
	page: number;
	pages: number;
	per_page: number;
	total: number;
};

export type SurveyList = {
	items: SurveyListItem[];
	pagination: Pagination;
	status_filters: StatusFilter[];
};

export type BulkAction = 'publish' | 'draft' | 'trash' | 'restore' | 'delete';

export type BulkResult = {
	/** Ids the action was applied to. */
	done: number[];
	/** Ids left alone, with the reason (not found, not allowed, questions missing options). */
	failed: { id: number; message: string }[];
};

export type SurveyTemplate = {
	key: string;
	name: string;
	description: string;
	/** On this site's tier and addons; otherwise the card is disabled with a reason. */
	is_available: boolean;
	required_addons: AddonSlug[];
	/** 'pro' templates need a licensed Pro edition (and the templates addon). */
	tier: 'lite' | 'pro';
	type: 'survey' | 'nps';
	config: { questions: Question[] };
};

export type SearchResult = { id: number; title: string };
