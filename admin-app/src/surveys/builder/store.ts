/**
 * The survey builder's UI state (zustand). Server state (the saved survey, templates,
 * page search) stays in react-query; this store holds only what the user is editing.
 *
 * API (import { useBuilderStore, useDraft, useBuilderActions } from '../../store'):
 *
 * State
 * - draft: Survey | null       the survey being edited (null until loaded)
 * - isNew: boolean             true until the first save created it (POST surveys)
 * - createdHere: boolean       the survey was created in this builder session (stays true after
 *                              the first save): the spec's defaults for new surveys still apply
 * - publishDefaulted: boolean  the publish step has applied its "new surveys default to publish"
 * - dirty: boolean             draft differs from what was last loaded or saved
 * - lastManualSave: number|null  Date.now() of the last save made with the Save button
 * - errors: Record<questionId, string[]>  validation messages shown on question cards; kept
 *                              in step with the draft's questions by every edit (rules.validateQuestions)
 * - activeTab: Record<questionId, 'question' | 'settings' | 'logic'>
 * - preview: boolean           the questions step's Build | Preview toggle (true = Preview)
 *
 * Actions (stable references; use useBuilderActions() to get them without re-rendering)
 * - load( survey, isNew )      replace the draft (after GET surveys/{id} or a template); clears dirty
 * - update( patch | fn )       shallow-merge a patch into the draft, or map it (draft => draft); sets dirty
 * - updateSettings( patch | fn )       same for draft.settings
 * - updateNotifications( patch | fn )  same for draft.notifications
 * - setQuestions( questions )  replace draft.questions
 * - updateQuestion( id, patch | fn )   merge into / map one question
 * - markSaved( survey, manual )  after a save: draft = server's survey, isNew false, dirty false,
 *                                lastManualSave stamped when manual
 * - markPublishDefaulted()     the publish default is applied, and only once
 * - setErrors( errors )        replace the per-question messages
 * - setActiveTab( id, tab ), setPreview( on )
 * - reset()                    back to the initial state (close button, leaving the builder)
 *
 * Scheduling is read from the draft, as the publish step writes it: publish_at null is
 * "not scheduled", '' is "scheduled, fields incomplete", a date-time is complete.
 *
 * useDraft( selector ) reads a slice of the draft (undefined while none is loaded).
 * Step components are controlled (props in, onChange out); StepRoutes.tsx connects them:
 *   const settings = useDraft( ( d ) => d.settings );
 *   const { updateSettings } = useBuilderActions();
 *   settings && <SettingsStep settings={ settings } onChange={ updateSettings } ... />
 */
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

import type {
	Question,
	Survey,
	SurveyNotifications,
	SurveySettings,
} from '../../shared/types';
import { validateQuestions } from './rules';
import { liveSurvey } from './steps/questions/archive';

export type QuestionTab = 'question' | 'settings' | 'logic';

type Patch< T > = Partial< T > | ( ( current: T ) => T );

export interface BuilderState {
	draft: Survey | null;
	isNew: boolean;
	createdHere: boolean;
	publishDefaulted: boolean;
	dirty: boolean;
	lastManualSave: number | null;
	errors: Record< number, string[] >;
	activeTab: Record< number, QuestionTab >;
	preview: boolean;
}

export interface BuilderActions {
	load: ( survey: Survey, isNew: boolean ) => void;
	update: ( patch: Patch< Survey > ) => void;
	updateSettings: ( patch: Patch< SurveySettings > ) => void;
	updateNotifications: ( patch: Patch< SurveyNotifications > ) => void;
	setQuestions: ( questions: Question[] ) => void;
	updateQuestion: ( id: number, patch: Patch< Question > ) => void;
	markSaved: ( survey: Survey, manual: boolean ) => void;
	markPublishDefaulted: () => void;
	setErrors: ( errors: Record< number, string[] > ) => void;
	setActiveTab: ( id: number, tab: QuestionTab ) => void;
	setPreview: ( on: boolean ) => void;
	reset: () => void;
}

export type BuilderStore = BuilderState & BuilderActions;

export const initialBuilderState: BuilderState = {
	draft: null,
	isNew: false,
	createdHere: false,
	publishDefaulted: false,
	dirty: false,
	lastManualSave: null,
	errors: {},
	activeTab: {},
	preview: false,
};

function apply< T extends object >( current: T, patch: Patch< T > ): T {
	return typeof patch === 'function'
		? patch( current )
		: { ...current, ...patch };
}

export const useBuilderStore = create< BuilderStore >()( ( set ) => {
	const edit = ( fn: ( draft: Survey ) => Survey ) =>
		set( ( state ) => {
			if ( ! state.draft ) {
				return {};
			}
			const draft = fn( state.draft );
			return {
				draft,
				dirty: true,
				errors:
					draft.questions === state.draft.questions
						? state.errors
						: validateQuestions( draft.questions ),
			};
		} );
	return {
		...initialBuilderState,
		load: ( loaded, isNew ) => {
			const survey = liveSurvey( loaded );
			set( {
				draft: survey,
				isNew,
				createdHere: isNew,
				publishDefaulted: false,
				dirty: false,
				errors: validateQuestions( survey.questions ),
			} );
		},
		update: ( patch ) => edit( ( draft ) => apply( draft, patch ) ),
		updateSettings: ( patch ) =>
			edit( ( draft ) => ( {
				...draft,
				settings: apply( draft.settings, patch ),
			} ) ),
		updateNotifications: ( patch ) =>
			edit( ( draft ) => ( {
				...draft,
				notifications: apply( draft.notifications, patch ),
			} ) ),
		setQuestions: ( questions ) =>
			edit( ( draft ) => ( { ...draft, questions } ) ),
		updateQuestion: ( id, patch ) =>
			edit( ( draft ) => ( {
				...draft,
				questions: draft.questions.map( ( question ) =>
					question.id === id ? apply( question, patch ) : question
				),
			} ) ),
		markSaved: ( saved, manual ) =>
			set( ( state ) => ( {
				draft: liveSurvey( saved ),
				isNew: false,
				dirty: false,
				lastManualSave: manual ? Date.now() : state.lastManualSave,
				errors: validateQuestions( liveSurvey( saved ).questions ),
			} ) ),
		markPublishDefaulted: () => set( { publishDefaulted: true } ),
		setErrors: ( errors ) => set( { errors } ),
		setActiveTab: ( id, tab ) =>
			set( ( state ) => ( {
				activeTab: { ...state.activeTab, [ id ]: tab },
			} ) ),
		setPreview: ( preview ) => set( { preview } ),
		reset: () => set( initialBuilderState ),
	};
} );

/**
 * A slice of the draft; the component re-renders only when the slice changes.
 * Undefined while no draft is loaded (before loading, and for the render in which
 * the builder is closed).
 *
 * @param selector Picks the slice, e.g. ( d ) => d.settings.
 */
export function useDraft< T >(
	selector: ( draft: Survey ) => T
): T | undefined {
	return useBuilderStore( ( state ) =>
		state.draft ? selector( state.draft ) : undefined
	);
}

/** All actions, without subscribing to state. */
export function useBuilderActions(): BuilderActions {
	return useBuilderStore(
		useShallow( ( state ) => ( {
			load: state.load,
			update: state.update,
			updateSettings: state.updateSettings,
			updateNotifications: state.updateNotifications,
			setQuestions: state.setQuestions,
			updateQuestion: state.updateQuestion,
			markSaved: state.markSaved,
			markPublishDefaulted: state.markPublishDefaulted,
			setErrors: state.setErrors,
			setActiveTab: state.setActiveTab,
			setPreview: state.setPreview,
			reset: state.reset,
		} ) )
	);
}
