import type { VisitorSurvey, WidgetStrings } from '../types';

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
};

export function makeSurvey(
	overrides: Partial< VisitorSurvey > = {}
): VisitorSurvey {
	return {
		id: 7,
		title: 'Quick question',
		type: 'regular',
		cookie_name: 'userfeedback-survey-7',
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
