/**
 * The surveys resource: one fetcher per route of includes/Surveys/SurveysController.php
 * (shared/types/survey.ts states them) and the survey list of the results screens. The
 * list, builder, results, responses, widget settings, block and wizard all go through
 * these, and hooks.ts caches them under shared/query.ts's keys.
 */
import { apiGet, apiPost, apiSend, type ApiQuery } from '../api';
import type { DateRange } from '../components/DateRangePicker';
import type {
	BulkAction,
	BulkResult,
	OverviewSurvey,
	ResponsesOverview,
	SaveNotes,
	SaveResult,
	Survey,
	SurveyInput,
	SurveyList,
	SurveyTemplate,
} from '../types';

/** The header a write's notes come in (Rest\Controller::NOTES_HEADER). */
export const NOTES_HEADER = 'X-UserFeedback-Notes';

/**
 * GET surveys: page, per_page, orderby, order, search, filter[status].
 *
 * @param query The REST query (e.g. viewToQuery( view )).
 */
export function fetchSurveyList( query: ApiQuery ): Promise< SurveyList > {
	return apiGet< SurveyList >( 'surveys', query );
}

/** GET surveys/{id}: the whole survey, as the builder edits it. */
export function fetchSurvey( id: number ): Promise< Survey > {
	return apiGet< Survey >( `surveys/${ id }` );
}

/** GET surveys/templates. */
export function fetchTemplates(): Promise< SurveyTemplate[] > {
	return apiGet< SurveyTemplate[] >( 'surveys/templates' );
}

/**
 * The notes of a write (X-UserFeedback-Notes, JSON). A missing or unreadable header
 * reads as "saved as asked": published when the survey is, nothing stripped.
 *
 * @param header The header's value.
 * @param survey The survey the write answered.
 */
export function parseNotes(
	header: string | null,
	survey: Pick< Survey, 'status' >
): SaveNotes {
	const fallback: SaveNotes = {
		published: survey.status === 'publish',
		stripped: [],
		message: '',
	};
	if ( ! header ) {
		return fallback;
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse( header );
	} catch {
		return fallback;
	}
	if ( typeof parsed !== 'object' || parsed === null ) {
		return fallback;
	}
	const notes = parsed as Partial< Record< keyof SaveNotes, unknown > >;
	return {
		published:
			typeof notes.published === 'boolean'
				? notes.published
				: fallback.published,
		stripped: Array.isArray( notes.stripped )
			? notes.stripped.filter(
					( key ): key is string => typeof key === 'string'
				)
			: [],
		message: typeof notes.message === 'string' ? notes.message : '',
	};
}

export interface ToInputOptions {
	/**
	 * Send the notifications (default). Who receives the answers may be changed only
	 * by users who may view results (the server refuses the whole save otherwise), so
	 * the builder leaves them out for other users and the stored ones stay.
	 */
	withNotifications?: boolean;
}

/**
 * What a save sends: the editable fields of a survey.
 *
 * @param survey                    The survey.
 * @param options                   What to leave out.
 * @param options.withNotifications Send the notifications (default true).
 */
export function toInput(
	survey: Survey,
	{ withNotifications = true }: ToInputOptions = {}
): SurveyInput {
	return {
		title: survey.title,
		type: survey.type,
		status: survey.status,
		template: survey.template,
		publish_at: survey.publish_at,
		questions: survey.questions,
		settings: survey.settings,
		...( withNotifications ? { notifications: survey.notifications } : {} ),
	};
}

async function saved(
	answer: Promise< { body: Survey; headers: Headers } >
): Promise< SaveResult > {
	const { body: survey, headers } = await answer;
	const notes = parseNotes( headers.get( NOTES_HEADER ), survey );
	return {
		survey,
		published: notes.published,
		message: notes.message || null,
		stripped: notes.stripped,
	};
}

/**
 * POST surveys: 201 with the new survey (and its Location).
 *
 * @param input The survey's fields.
 */
export function createSurvey( input: SurveyInput ): Promise< SaveResult > {
	return saved( apiSend< Survey >( 'POST', 'surveys', input ) );
}

/**
 * PUT surveys/{id}: the saved survey.
 *
 * @param id    Survey id.
 * @param input The survey's fields.
 */
export function updateSurvey(
	id: number,
	input: SurveyInput
): Promise< SaveResult > {
	return saved( apiSend< Survey >( 'PUT', `surveys/${ id }`, input ) );
}

/**
 * Creates the survey (id 0, not saved yet) or updates it.
 *
 * @param survey  The draft.
 * @param options What to leave out of the payload.
 */
export function saveSurvey(
	survey: Survey,
	options: ToInputOptions = {}
): Promise< SaveResult > {
	return survey.id
		? updateSurvey( survey.id, toInput( survey, options ) )
		: createSurvey( toInput( survey, options ) );
}

/** POST surveys/{id}/duplicate: 201 with the copy (a draft). */
export function duplicateSurvey( id: number ): Promise< Survey > {
	return apiPost< Survey >( `surveys/${ id }/duplicate` );
}

/**
 * POST surveys/bulk: one action on a list of surveys; the answer says which ids were
 * changed and why the others were not.
 *
 * @param action publish, draft, trash, restore or delete.
 * @param ids    Survey ids.
 */
export function bulkSurveys(
	action: BulkAction,
	ids: number[]
): Promise< BulkResult > {
	return apiPost< BulkResult >( 'surveys/bulk', { action, ids } );
}

/** The results dropdowns list at most this many pages of 100 (10,000 surveys). */
const MAX_OPTION_PAGES = 100;

/**
 * Every survey by title, for the survey dropdowns of the results and responses
 * screens: results-summary pages of 100, which need only the view-results capability
 * (GET surveys needs create/edit surveys).
 *
 * @param range Any range every tier may ask for (its counts are not used).
 */
export async function fetchSurveyOptions(
	range: DateRange
): Promise< OverviewSurvey[] > {
	const surveys: OverviewSurvey[] = [];
	for ( let page = 1; page <= MAX_OPTION_PAGES; page++ ) {
		const overview = await apiGet< ResponsesOverview >( 'results-summary', {
			from: range.from,
			to: range.to,
			orderby: 'title',
			order: 'asc',
			page,
			per_page: 100,
		} );
		surveys.push( ...overview.surveys );
		if ( page >= overview.pagination.pages ) {
			break;
		}
	}
	return surveys;
}
