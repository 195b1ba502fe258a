import type {
	AnswerLimits,
	QuestionTypeInfo,
	SurveyBody,
	SurveyTarget,
	VisitorSurvey,
	WidgetConfig,
	WidgetStrings,
} from '../types';
import recorded from '../../../tests/fixtures/recorded/question-types.json';

export const strings: WidgetStrings = {
	skip: 'Skip',
	next: 'Next',
	close: 'Close',
	minimize: 'Minimize',
	submit: 'Submit',
	not_likely: 'Not Likely',
	extremely_likely: 'Extremely Likely',
	thank_you: 'Thanks for your feedback!',
	comments: 'Comments',
	first_name: 'First name',
	email: 'Email',
	characters_left: '%d characters left',
	sending: 'Sending…',
	send_refused: 'Your answers could not be sent.',
	send_failed:
		'Your answers could not be sent. Check your connection and try again.',
	retry_in: 'You can try again in %d seconds.',
	retry: 'Retry',
	change_answer: 'Change your answer to “%s”',
	star_label: '%1$d of %2$d stars',
	skip_to_survey: 'Skip to survey: %s',
	survey_opened:
		'A survey is open: %s. Use the “Skip to survey” link at the start of the page to go to it.',
};

/**
 * SurveyBody.question_types as the server sends it (QuestionTypes::widget_config()),
 * from the registry that the PHP tests record (tests/fixtures/recorded/question-types.json),
 * so that the widget's tests run against the server's registry and not a copy.
 */
export const questionTypes: Record< string, QuestionTypeInfo > =
	Object.fromEntries(
		( recorded as Array< QuestionTypeInfo & { key: string } > ).map(
			( type ) => [
				type.key,
				{
					max_length: type.max_length,
					auto_advance: type.auto_advance,
					advanced: type.advanced,
					scale: type.scale,
					required: type.required,
				},
			]
		)
	);

/** SurveyBody.limits (ResponseSchema's COMMENT_MAX and NAME_MAX). */
export const limits: AnswerLimits = { comment_max: 1000, name_max: 100 };

/**
 * A survey with both shapes: the body's (VisitorSurvey, what the UI shows) and the inline
 * config's (SurveyTarget, what the loader reads), so one fixture serves the loader's and
 * the UI's tests. makeTarget() is the config's alone.
 *
 * @param overrides Keys to change.
 */
export function makeSurvey(
	overrides: Partial< VisitorSurvey & SurveyTarget > = {}
): VisitorSurvey & SurveyTarget {
	return {
		id: 7,
		title: 'Quick question',
		type: 'regular',
		cookie_name: 'userfeedback-survey-7',
		v: 'abc1234567',
		questions: [
			{
				id: 1,
				title: 'How did you find us?',
				type: 'radio-button',
				config: { options: [ 'Search', 'Friend', 'Ad' ] },
				settings: { required: false },
			},
			{
				id: 2,
				title: 'Anything else?',
				type: 'text',
				config: {},
				settings: { required: false },
			},
		],
		settings: {
			thank_you: { type: 'message', message: 'Thank you, really!' },
			targeting: { devices: [ 'desktop', 'tablet', 'mobile' ] },
			theming: { position: 'bottom_right' },
		},
		nonces: { impression: 'imp-token', submission: 'sub-token' },
		...overrides,
	};
}

/**
 * A survey as the inline config carries it (WidgetLoader::target()): no title, questions,
 * look or tokens.
 *
 * @param overrides Keys to change.
 */
export function makeTarget(
	overrides: Partial< SurveyTarget > = {}
): SurveyTarget {
	return {
		id: 7,
		cookie_name: 'userfeedback-survey-7',
		publish_at: null,
		v: 'abc1234567',
		settings: {
			behavior: { timing: 'immediate' },
			targeting: { devices: [ 'desktop', 'tablet', 'mobile' ] },
		},
		...overrides,
	};
}

/**
 * What GET surveys/{id}/widget answers for a survey (WidgetLoader::body()).
 *
 * @param survey    The body's survey (makeSurvey() by default).
 * @param overrides Keys to change.
 */
export function makeBody(
	survey: VisitorSurvey = makeSurvey(),
	overrides: Partial< SurveyBody > = {}
): SurveyBody {
	return {
		survey,
		strings,
		question_types: questionTypes,
		limits,
		...overrides,
	};
}

/** A widget config around the given surveys (loader tests). */
export function makeConfig(
	overrides: Partial< WidgetConfig > = {}
): WidgetConfig {
	return {
		version: '0.1.0',
		rest_url: 'http://site.test/wp-json/userfeedback/v1/',
		assets_url:
			'http://site.test/wp-content/plugins/userfeedback/build/widget/',
		surveys: [ makeSurvey() ],
		context: {
			post_id: 0,
			post_type: '',
			page_type: 'other',
			taxonomies: {},
			logged_in: null,
		},
		features: {},
		...overrides,
	};
}

/** Real user agents of each device tier. */
export const userAgents = {
	windowsChrome:
		'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
	macSafari:
		'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
	linuxFirefox:
		'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
	iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
	iphoneChrome:
		'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
	iphoneWebView:
		'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
	ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.6 Mobile/15E148 Safari/604.1',
	operaMini:
		'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
	blackberry:
		'BlackBerry9700/5.0.0.351 Profile/MIDP-2.1 Configuration/CLDC-1.1 VendorID/123',
	androidPhone:
		'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
	samsungPhone:
		'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
	firefoxAndroid:
		'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
	androidTablet:
		'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
	ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
	kindleFire:
		'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.2.1 like Chrome/126.0.6478.71 Safari/537.36',
	kindleEreader:
		'Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ (KHTML, like Gecko) Version/5.0 Safari/531.2+ Kindle/3.0+',
};
