/**
 * The loader's logic, with the UI import passed in so tests can drive it; loader.ts
 * wires in the real one. It only reads: everything the visitor's session writes
 * (impression, cookies, answers, redirect) is the UI's start().
 */
import { deviceTier, hiddenReason, pickSurvey } from './select';
import { onTrigger } from './triggers';
import type {
	HiddenRecord,
	UiModule,
	VisitorSurvey,
	WidgetConfig,
} from './types';

/**
 * Starts the inline surveys of the page's placeholders, then picks the floating
 * survey and arms its trigger. The UI chunk is imported only when a survey is
 * started: pages without one never download it. Runs on a parsed DOM (the loader
 * is deferred).
 *
 * @param loadUi Imports the UI chunk (from config.assets_url).
 * @return Settles once the floating survey is picked (and its trigger armed).
 */
export function boot(
	loadUi: ( config: WidgetConfig ) => Promise< UiModule >
): Promise< void > | undefined {
	const config = window.userfeedbackConfig;
	if ( ! config ) {
		return;
	}
	const hidden: HiddenRecord[] = ( window.userfeedbackHidden = [] );
	const device = deviceTier( navigator.userAgent, navigator.maxTouchPoints );
	const start = ( survey: VisitorSurvey, host?: HTMLElement ) =>
		loadUi( config ).then( ( ui ) => ui.start( config, survey, host ) );

	// Inline: no page rules, devices or triggers; the schedule and the addon still apply.
	const inline: number[] = [];
	document
		.querySelectorAll< HTMLElement >(
			'.userfeedback-inline[data-survey-id]'
		)
		.forEach( ( host ) => {
			const survey = config.surveys.find(
				( { id } ) => id === +host.dataset.surveyId!
			);
			if ( survey ) {
				const reason = hiddenReason( survey, config );
				inline.push( survey.id );
				if ( reason ) {
					hidden.push( { survey_id: survey.id, reason } );
				} else {
					start( { ...survey, shortcode: true }, host );
				}
			}
		} );

	return pickSurvey( config, device, inline ).then( ( survey ) => {
		if ( survey ) {
			onTrigger( survey, config, device, () => start( survey ) );
		}
	} );
}
