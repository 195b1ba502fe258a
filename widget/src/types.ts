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

export type ChoiceOption =
	| string
	| { label: string; image?: string }
	| { label: string; icon?: { name: string; style?: string } };

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
		action: string;
		conditions: Array< {
			question_id: number;
			compare: string;
			value: unknown;
		} >;
	};
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
	[ key: string ]: unknown;
}

export interface VisitorSurvey {
	id: number;
	title: string;
	type?: string;
	cookie_name: string;
	questions: Question[];
	settings: {
		thank_you?: {
			type?: string;
			message?: string;
			redirect_url?: string;
		};
		behavior?: {
			timing?: string;
			timing_delay?: number;
			display_length?: string;
			run_time?: string;
			expire_at?: { month?: number | string; day?: number | string };
			start_minimized?: boolean;
		};
		targeting?: {
			devices?: Device[];
			pages?: string;
			page_rules?: unknown[];
		};
		theming?: Theming;
	};
	nonces: { impression: string; submission: string };
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
}

export interface WidgetConfig {
	version: string;
	/** .../wp-json/userfeedback/v1/ (with the trailing slash). */
	rest_url: string;
	/** .../build/widget/ (with the trailing slash): where the UI chunk is. */
	assets_url: string;
	surveys: VisitorSurvey[];
	context?: {
		post_id?: number;
		post_type?: string;
		page_type?: string;
		taxonomies?: Record< string, number[] >;
		logged_in?: unknown;
	};
	strings: WidgetStrings;
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
	/** Called once, with every answer (skips as null), when the last question is done. */
	onFinish?: ( answers: Answer[] ) => void;
	onClose?: () => void;
	/** Start collapsed to the toggle button. */
	minimized?: boolean;
	onMinimizedChange?: ( minimized: boolean ) => void;
}
