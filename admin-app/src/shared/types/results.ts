import type { Pagination, QuestionType, SurveyStatus } from './survey';

/**
 * Results, responses, exports and AI summaries as the REST API sends them
 * (userfeedback/v1). The PHP side (includes/Results, includes/Responses, includes/Exports,
 * includes/Ai) follows these shapes; change both together.
 *
 * Dates: a "day" is 'YYYY-MM-DD' in the site's time zone; moments are UTC RFC 3339
 * ('2026-11-21T09:30:00Z'). Ranges are inclusive site-local days: from=2026-11-01&to=2026-11-30.
 * A range longer than 7 days needs the results_30_days feature (403 otherwise); from may not be
 * before 2005-01-01 and to not after today (400).
 *
 * Capabilities: every GET below needs userfeedback_view_results. Trash, restore and delete need
 * userfeedback_delete_surveys AND the response_management feature (403 with a message otherwise).
 * Exports need view_results and the export feature. AI needs view_results and ai_summary.
 *
 * Routes:
 * - GET  results-summary?from&to&orderby&order&page&per_page
 *        → ResponsesOverview (+ X-WP-Total / X-WP-TotalPages for its surveys table; per_page 10)
 *        orderby: id | title | status | created_at | responses_count | range_responses_count
 *        | completion_rate
 * - GET  surveys/{id}/results?from&to → SurveyResults
 * - GET  surveys/{id}/questions/{qid}/answers?from&to&page&per_page&search&cursor → AnswerList
 *        (text, long-text and email answers, newest first; also nps comments: see below)
 * - GET  surveys/{id}/nps?question_id&from&to → NpsResults (question_id defaults to the survey's
 *        first nps question; 404 when it has none)
 * - GET  surveys/{id}/nps/comments?question_id&from&to&page&search&cursor → AnswerList of the
 *        answers that carry extra.comments, 10 per page, search in the comment text
 * - GET  surveys/{id}/trends?question_id&interval&from&to → Trend of an nps, star-rating or choice
 *        question (interval day | week (default) | month; 400 for another type, or for more than
 *        400 points; 404 for an unknown survey or question)
 * - GET  surveys/{id}/responses?page&per_page&orderby&order&filter[status]&cursor&count
 *        → ResponseList
 *        per_page 10 by default (1-100); filter[status]: all (default; as in WordPress lists,
 *        "all" leaves the trash out, and it shows completed responses: it equals publish)
 *        | publish | partial | trash;
 *        orderby: id | submitted_at (default submitted_at desc, then id desc);
 *        count (boolean, default true): false leaves a list the rollups cannot count (a page URL,
 *        text or multiple-choice condition, several conditions) uncounted: the page answers
 *        `counted: false` with what it knows, as a page read after a cursor. Lists the rollups
 *        count (no condition, a date range, one counted answer condition) answer `counted: true`
 *        with exact numbers whatever `count` says. The admin always sends count=false and asks
 *        the count route below beside the page, so a page never waits for a count.
 * - GET  surveys/{id}/responses/count?filter[status]&filter[conditions] → ResponseCount: the
 *        count of the list those filters give (same args as the list, no page, per_page, orderby,
 *        order or cursor). Errors as the list's: 400 (bad conditions, with a message), 403, 404.
 * - cursor (the three lists above): the next_cursor of an earlier page of the same list (same
 *        arguments but page), `^[0-9]{1,9}-[0-9]{14}-[0-9]{1,20}$`: the server reads the page from
 *        just after that row instead of counting every row before it. A speed hint: the rows
 *        are the same without it (shared/pageCursors.ts keeps and sends them). The responses
 *        route does not count a page it reads after a cursor: it answers `counted: false`.
 * - GET  surveys/{id}/responses/{rid}?filter[status] → ResponseDetail: the response and its
 *        place in the list that filter gives (same default order), so the screen steps prev/next
 *        without loading every response
 * - POST surveys/{id}/responses/trash    body { response_ids: number[] } → ResponseActionResult
 * - POST surveys/{id}/responses/restore  body { response_ids: number[] } → ResponseActionResult
 * - DELETE surveys/{id}/responses        body { response_ids: number[] } → ResponseActionResult
 *        (delete only trashed responses). Every id must belong to survey {id}: one that does not
 *        makes the whole request 400 and changes nothing.
 * - DELETE surveys/{id}/responses        body { all: true } → ResponsesDeleted: every response
 *        of the survey, any status, at most 2,000 per request (send again until remaining is 0);
 *        needs userfeedback_delete_surveys only (every edition).
 * - GET  ai-summary/{id}          → AiSummary, fresh from the provider (then cached)
 * - GET  preload-ai-summary/{id}  → AiSummary, the cached one (summary null when none yet)
 *
 * Exports are browser navigations to
 *   wp-admin/admin.php?page=userfeedback_exports&survey_id=N&report=general|question
 *     &question_id=Q&format=csv|xlsx&from&to&_wpnonce=<config.exports_nonce>
 * which answer a file download (Content-Disposition: attachment) streamed in chunks, or an
 * admin page with the error message (no capability, no export feature, bad parameters).
 * "general": one row per response (id, submitted, status, page, ip, browser, os, device, then
 * one column per question, comments and names in their own columns). "question": one row per
 * answer of that question (response id, submitted, value, comments/name).
 */

export type Day = string;

export interface DataPoint {
	date: Day;
	count: number;
}

export interface OverviewSurvey {
	id: number;
	title: string;
	type: 'survey' | 'nps';
	status: SurveyStatus;
	created_at: string;
	/** All time, trashed responses excluded (as every count here). */
	responses_count: number;
	/** Within from..to. */
	range_responses_count: number;
	/** Completed / started within from..to (0..1); null when none started. */
	completion_rate: number | null;
}

export interface ResponsesOverview {
	/** Within from..to, every survey. */
	total_responses: number;
	/** One point per day of the range, zero days included, oldest first. */
	data_points: DataPoint[];
	surveys: OverviewSurvey[];
	pagination: Pagination;
}

export interface OptionCount {
	/** The stored value: the option label; '1'..'5' for stars; '0'..'10' for nps. */
	value: string;
	/** What to show (the label; for image-radio/icon-choice the option's label). */
	label: string;
	count: number;
	/** image-radio: the image URL; icon-choice: the icon name. */
	image?: string | null;
	icon?: string | null;
	/** icon-choice: the question's icon colour (with an icon). */
	icon_color?: string | null;
}

export interface QuestionStats {
	id: number;
	title: string;
	type: QuestionType;
	/** Choice, star and nps questions: counted by option. Text types are not. */
	is_quantitative: boolean;
	/** Answers with a value, within the range. */
	total_answers: number;
	/** Answers stored as null (Skip), within the range. */
	skipped: number;
	/**
	 * Every option of the question (zero counts included), in the question's order; for
	 *  checkbox a response counts once per ticked option. Empty for text types.
	 */
	options: OptionCount[];
	/** Star rating: average of the values; null without answers. */
	average?: number | null;
	/** nps questions: the NPS of this question. */
	nps?: NpsOverview;
	/**
	 * Stored answers whose value is no longer an option of the question (renamed or removed
	 *  options). The card warns and links to the question's edit screen.
	 */
	invalid_options: boolean;
	/** A question removed from the survey after it had answers: its card says it was removed. */
	archived?: true;
	/** Text types: the first page of answers (newest first, 10), the rest from the answers route. */
	answers?: AnswerList;
}

export interface NpsOverview {
	promoters: number;
	passives: number;
	detractors: number;
	/** promoters + passives + detractors. */
	total: number;
	/**
	 * Percentages rounded to one decimal; score = %promoters - %detractors from unrounded
	 *  counts, rounded to a whole number (-100..100); null when total is 0.
	 */
	promoters_percent: number;
	passives_percent: number;
	detractors_percent: number;
	score: number | null;
}

/** One question of the drop-off funnel, from the daily_funnel rollup (range by started day). */
export interface FunnelQuestion {
	question_id: number;
	title: string;
	/** answered + skipped + left. */
	reached: number;
	answered: number;
	skipped: number;
	/** Visitors who saw this question last and never came back (closed partial responses). */
	left: number;
}

/** Impressions → started → completed within the range, and where visitors stopped. */
export interface Funnel {
	impressions: number;
	/** Responses (partial or completed) whose first answer falls in the range. */
	started: number;
	completed: number;
	/** completed / started (0..1); null when started is 0. */
	completion_rate: number | null;
	/** Median time from the first answer to completion, in seconds; null without completions. */
	median_seconds: number | null;
	/** In the survey's order. */
	questions: FunnelQuestion[];
}

export interface SurveyResults {
	survey: {
		id: number;
		title: string;
		type: 'survey' | 'nps';
		status: SurveyStatus;
		created_at: string;
	};
	/** All time. */
	responses_count: number;
	/** The last 7 and 30 days up to today (site time), whatever from/to say. */
	responses_count_7_days: number;
	responses_count_30_days: number;
	/** Within from..to. */
	impressions: number;
	range_responses_count: number;
	question_stats: QuestionStats[];
	/** The survey's first nps question's NPS within the range, or null without one. */
	nps_overview: NpsOverview | null;
	funnel: Funnel;
	/** Partial (not completed), untrashed responses of the range: counted nowhere above. */
	partial: number;
}

export interface AnswerItem {
	/** The value as stored; null for skipped. */
	value: string | string[] | null;
	/** The response's submitted_at (UTC). */
	date: string;
	extra: { comments?: string; name?: string } | null;
	response_id: number;
}

export interface AnswerList {
	items: AnswerItem[];
	pagination: Pagination;
	/**
	 * With a search (AnswerSearch): the words to mark, longest first, and whether more answers
	 * match than the total says (the server stops counting at 1,000, or when counting takes too
	 * long). Null without a search.
	 */
	search?: { terms: string[]; capped: boolean } | null;
	/** The cursor of the page's last answer (send as `cursor` for a later page); null when empty. */
	next_cursor: string | null;
}

export interface NpsPoint {
	date: Day;
	/** NPS of that day's answers; null on a day without answers. */
	score: number | null;
	count: number;
}

export interface NpsResults {
	question_id: number;
	overview: NpsOverview;
	/** One point per day of the range. */
	series: NpsPoint[];
}

export type TrendInterval = 'day' | 'week' | 'month';

/** nps: value is the NPS score; stars: the average; choice: none (see shares). */
export type TrendKind = 'nps' | 'stars' | 'choice';

/** One bucket of a trend (Trends.php). */
export interface TrendPoint {
	/** The bucket's first day: the day, the week's first day (start_of_week) or the 1st. */
	start: Day;
	/** The range's last day within the bucket (the first bucket may start before the range). */
	end: Day;
	/** The bucket, in the site's language ('Nov 26', 'Week of Nov 23', 'Nov 2026'). */
	label: string;
	/** Answers to the question in the bucket's days of the range. */
	count: number;
	/** NPS score or average stars; null when count is 0 and for choice questions. */
	value: number | null;
	/** Choice questions: option value → percent (0-100) of those who answered. */
	shares?: Record< string, number >;
}

export interface Trend {
	question: {
		id: number;
		title: string;
		type: QuestionType;
		kind: TrendKind;
		/** The options in the question's order: the keys of shares and their labels. */
		options: { value: string; label: string }[];
	};
	interval: TrendInterval;
	from: Day;
	to: Day;
	/** The site's first day of the week, 0 (Sunday) to 6. */
	start_of_week: number;
	/** A point with fewer answers than this is a small sample (drawn faded). */
	small_sample: number;
	/** Every bucket of the range, oldest first, empty ones with count 0. */
	points: TrendPoint[];
}

/** publish: completed; partial: not completed (still open, or closed after 24 h untouched). */
export type ResponseStatus = 'publish' | 'partial' | 'trash';

export interface ResponseAnswer {
	question_id: number;
	/** null: skipped. */
	value: string | string[] | null;
	extra: { comments?: string; name?: string } | null;
}

export interface ResponseItem {
	id: number;
	status: ResponseStatus;
	/** UTC RFC 3339: the completion time; while partial, the time of the last answer. */
	submitted_at: string;
	page_submitted: {
		/** The page title at the time (may be ''). */
		name: string;
		/** http(s) URL or ''; anything else was never stored. */
		url: string;
	};
	user_ip: string;
	user_browser: string;
	user_os: string;
	user_device: string;
	answers: ResponseAnswer[];
	/** Completed (a trashed response keeps what it was). */
	complete: boolean;
	/** UTC RFC 3339: the first answer; null only for rows that never had it. */
	started_at: string | null;
	/** UTC RFC 3339; null while partial. */
	completed_at: string | null;
	/** 0-based index, in the survey's question order, of the last question the visitor reached. */
	last_question: number;
	/** Unanswered questions the survey's display logic hid from this visitor ("Not shown"). */
	not_shown: number[];
	/** Hidden fields stored with the response, name => value ({} when none). */
	fields: Record< string, string >;
}

/** One field of the responses list's `filterable` answer (Responses\ResponseFilter). */
export interface FilterableField {
	/** e.g. 'date', 'page_url', 'device', 'question:4', 'text:5', 'text:any', 'field:plan'. */
	field: string;
	label: string;
	kind:
		| 'date'
		| 'text'
		| 'devices'
		| 'choice'
		| 'stars'
		| 'nps'
		| 'text_answer'
		| 'hidden';
	/** DataViews' operator names the field takes, the first being its default. */
	operators: string[];
	/** The options of choice, devices and NPS fields: value sent, label shown. */
	elements?: { value: string; label: string }[];
}

export interface ResponseList {
	items: ResponseItem[];
	pagination: Pagination;
	/**
	 * all (completed, as publish), publish, partial, trash, with counts; Lite screens show
	 *  none.
	 */
	status_filters: {
		status: 'all' | 'publish' | 'partial' | 'trash';
		count: number;
	}[];
	/**
	 * The conditions this survey's list takes (filter[conditions]), in the filter bar's
	 * order: built by PHP (ResponseFilter::filterable()), labels translated.
	 */
	filterable?: FilterableField[];
	/** How many responses the status and conditions select (the pagination's total). */
	matched?: number;
	/**
	 * Whether more responses match than `matched` says: a filter the rollups cannot count is
	 * counted up to a cap (or, out of time, up to the page and one more); its pages end there.
	 */
	matched_capped?: boolean;
	/**
	 * False when the server did not count a list the rollups cannot count: the request said
	 * count=false, or the page was read after its cursor (the count of a broad filter costs
	 * time on every page). `matched` and the pagination then only say what the page knows,
	 * the rows before and on it and one more when another follows (`matched_capped`). The
	 * screen shows the list's count from the count route, or its last counted numbers
	 * (shared/pageCursors.ts). Missing (older cached data): counted.
	 */
	counted?: boolean;
	/** The cursor of the page's last row (send as `cursor` for a later page); null when empty. */
	next_cursor: string | null;
	/** The survey, for the table's columns and the single response screen. */
	survey: {
		id: number;
		title: string;
		type: 'survey' | 'nps';
		/** archived: removed from the survey after it had answers (listed as removed). */
		questions: {
			id: number;
			title: string;
			type: QuestionType;
			archived?: true;
		}[];
		/** Names of the survey's hidden fields, in its order (a table column each). */
		hidden_fields: string[];
	};
}

/**
 * GET surveys/{id}/responses/count: how many responses a list's status and conditions select.
 * Exact where the rollups hold the list; else counted up to a cap (1,000 by default: then
 * `matched` is the cap and `matched_capped` true, shown "1,000+"), newest responses first,
 * within a time limit: when it runs out, `matched` is what was counted by then with
 * `matched_capped` true ("600+"), and 0 when nothing was: nothing is known (the page's own
 * numbers stay shown).
 */
export interface ResponseCount {
	matched: number;
	/** Whether `matched` is only a lower bound (the cap, or what was counted in time). */
	matched_capped: boolean;
}

export interface ResponseDetail {
	response: ResponseItem;
	survey: ResponseList[ 'survey' ];
	position: {
		/**
		 * 1-based place in the filtered, ordered list: "Response {index} of {total}"; 0 when
		 *  the rank is not known (a broad filter past its count cap).
		 */
		index: number;
		total: number;
		/**
		 * Whether total is only a lower bound (the list says "1,000+": a filter counted up to a
		 *  cap or out of time). Missing in data cached by an older version: read it as false.
		 */
		capped: boolean;
		prev_id: number | null;
		next_id: number | null;
	};
}

export interface ResponseActionResult {
	/** Ids the action was applied to. */
	done: number[];
}

/** What one request of "delete all responses" did, and what is left for the next. */
export interface ResponsesDeleted {
	deleted: number;
	remaining: number;
}

export interface AiSummary {
	survey_id: number;
	/** Plain text (may contain line breaks); null when there is none yet. */
	summary: string | null;
	/** UTC RFC 3339, when it was made. */
	generated_at: string | null;
	/** How many text answers it read. */
	answers_count: number;
}
