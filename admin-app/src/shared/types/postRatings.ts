/**
 * The post-ratings REST shapes (userfeedback/v1/post-ratings/*), mirroring
 * includes/PostRatings/RatingSettingsSchema.php and the routes of issue 8.
 */
import type { Day } from './results';
import type { Pagination } from './survey';

export type YesNo = 'yes' | 'no';

/** The icon ids of RatingSettingsSchema::icons(); the server's list is the truth. */
export type PostRatingIconId =
	'star' | 'heart' | 'circle' | 'diamond' | 'bolt' | 'thumb';

export const POST_RATING_DISPLAYS = [
	'after_content',
	'before_comments',
	'after_comments',
	'manual',
] as const;

export type PostRatingDisplay = ( typeof POST_RATING_DISPLAYS )[ number ];

/** The option userfeedback_post_ratings. */
export interface PostRatingSettings {
	icon_id: PostRatingIconId;
	/** Hex colour, e.g. '#1579EF'. */
	icon_color: string;
	/** At most 200 characters, like the two messages. */
	rating_question: string;
	rating_instruction_message: string;
	thank_you_message: string;
	/** A family name (letters, digits, spaces); '' keeps the theme's font. */
	font: string;
	background_color: string;
	text_color: string;
	show_vote_count: YesNo;
	show_rating: YesNo;
	display_settings: PostRatingDisplay;
	use_review_schema: YesNo;
	show_uf_logo: YesNo;
}

export type PostRatingSettingKey = keyof PostRatingSettings;

/** POST post-ratings/settings takes any subset of the settings, nothing else. */
export type PostRatingSettingsUpdate = Partial< PostRatingSettings >;

/** An entry of the icon list; fill is 'currentColor' (drawn in the icon colour). */
export interface PostRatingIcon {
	id: PostRatingIconId;
	viewBox: string;
	/** SVG path data. */
	path: string;
	fill: string;
}

/** GET and POST post-ratings/settings. */
export interface PostRatingSettingsResponse {
	settings: PostRatingSettings;
	defaults: PostRatingSettings;
	icons: PostRatingIcon[];
}

/** A rated post, with its figures over the requested range. */
export interface PostRatingRow {
	post_id: number;
	post_title: string;
	post_url: string;
	total_ratings: number;
	/** 0-5, rounded to 2 decimals. */
	average_rating: number;
	/** ISO 8601 UTC, e.g. '2026-11-25T10:00:00Z'; null when the post has no rating in range. */
	last_rated_at: string | null;
}

export type PostRatingsOrderBy =
	'post_title' | 'total_ratings' | 'average_rating';

export type PostRatingItemsOrderBy = 'created_at' | 'rating';

/** Query of GET post-ratings/results and post-ratings/results/{post_id}. */
export interface PostRatingsQuery< OrderBy extends string > {
	page?: number;
	per_page?: number;
	orderby?: OrderBy;
	order?: 'asc' | 'desc';
	/** Inclusive site-local days. */
	from?: Day;
	to?: Day;
	search?: string;
}

/** GET post-ratings/results. */
export interface PostRatingList {
	items: PostRatingRow[];
	pagination: Pagination;
}

/** One visitor's vote. */
export interface PostRatingItem {
	id: number;
	post_id: number;
	/** 1-5. */
	rating: number;
	/** ISO 8601 UTC with Z. */
	created_at: string;
}

/** GET post-ratings/results/{post_id}. */
export interface PostRatingDetails {
	post: PostRatingRow;
	items: PostRatingItem[];
	pagination: Pagination;
}
