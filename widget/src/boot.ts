/**
 * The loader's logic, with the UI import passed in so tests can drive it; loader.ts
 * wires in the real one. It only reads: everything the visitor's session writes
 * (impression, cookies, answers, redirect, uf_seen) is the UI's start(), and the
 * sample draw is select.ts's.
 */
import {
	deviceTier,
	doneReason,
	liveReason,
	pacedReason,
	pickSurvey,
} from './select';
import type {
	HiddenRecord,
	UiModule,
	SurveyTarget,
	WidgetConfig,
} from './types';

/**
 * Takes over the JavaScript API's queue (api.ts, imported once it is called), starts
 * the inline surveys of the page's placeholders, then picks the floating survey and arms its trigger. The UI chunk is
 * imported only when a survey is started: pages without one never download it; nor
 * the triggers chunk, which only a survey that does not start at once needs. Runs on a
 * parsed DOM (the loader calls it after the page's load event).
 *
 * One floating survey at a time: a trigger that fires while one is shown (through
 * userfeedback('show')) starts nothing. userfeedback('show', id) replaces the floating
 * survey shown by another; it ignores the trigger, page rules, devices, the sample, the
 * cooldown and an earlier ×, but never shows a survey that is not live (scheduled,
 * ended, needs_pro: liveReason()) or that the visitor's cookie says is done
 * (doneReason()); such a call is recorded on window.userfeedbackHidden and warned about.
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
	const start = ( survey: SurveyTarget, host?: HTMLElement ) =>
		loadUi( config ).then( ( ui ) => ui.start( config, survey, host ) );
	// The floating survey shown, and its unmount (UiModule.start()'s promise).
	let shown: number | undefined;
	let floating: Promise< () => void > | undefined;
	const hide = () => {
		floating?.then( ( unmount ) => unmount() );
		floating = shown = undefined;
	};
	const float = ( survey: SurveyTarget ) => {
		shown = survey.id;
		floating = start( survey );
	};

	// The API's queue: the stub's calls, then the calls made until the API chunk is in.
	const queued = Array.from( window.userfeedback?.q ?? [] );
	const api = () =>
		import( /* webpackChunkName: "api" */ './api' ).then( ( { install } ) =>
			install( queued, show, hide )
		);
	const show = ( id: number ) => {
		const survey = config.surveys.find( ( item ) => item.id === id );
		const reason =
			survey && ( liveReason( survey ) || doneReason( survey, config ) );
		if ( ! survey || reason ) {
			// eslint-disable-next-line no-console -- telling the site's developer
			console.warn(
				`userfeedback: survey ${ id } not shown (${
					reason || 'not on this page'
				}).`
			);
			if ( reason ) {
				hidden.push( { survey_id: id, reason } );
			}
		} else if ( shown !== id ) {
			hide();
			float( survey );
		}
	};
	window.userfeedback = function () {
		// eslint-disable-next-line prefer-rest-params -- what the stub queues too
		queued.push( arguments );
		api();
	};
	if ( queued.length ) {
		api();
	}

	// Inline: no page rules, devices, triggers or pacing; liveReason() still applies.
	const inline: number[] = [];
	let shownHere = false;
	document
		.querySelectorAll< HTMLElement >(
			'.userfeedback-inline[data-survey-id]'
		)
		.forEach( ( host ) => {
			const survey = config.surveys.find(
				( { id } ) => id === +host.dataset.surveyId!
			);
			if ( survey ) {
				const reason = liveReason( survey );
				inline.push( survey.id );
				if ( reason ) {
					hidden.push( { survey_id: survey.id, reason } );
				} else {
					shownHere = true;
					start( { ...survey, shortcode: true }, host );
				}
			}
		} );

	return pickSurvey( config, device, inline ).then( ( survey ) => {
		if ( ! survey ) {
			return;
		}
		// Checked again when the trigger fires: a survey may have been shown since.
		const fire = () => {
			const reason = pacedReason( survey, config, shownHere );
			if ( reason ) {
				hidden.push( { survey_id: survey.id, reason } );
			} else if ( ! floating ) {
				float( survey );
			}
		};
		const { timing } =
			( config.features?.behavior && survey.settings.behavior ) || {};
		if ( ! timing || timing === 'immediate' ) {
			fire();
		} else {
			return import(
				/* webpackChunkName: "triggers" */ './triggers'
			).then( ( { onTrigger } ) =>
				onTrigger( survey, config, device, fire )
			);
		}
	} );
}
