/**
 * The builder's rules (spec 1, sections 4 and 5) as pure functions of the draft:
 * option limits, comparators, logic clean-up on delete and drag, type changes,
 * validation and step continue rules. Components call these; tests call them directly.
 */
import { __, _n, sprintf } from '@wordpress/i18n';

import type {
	ChoiceOption,
	Comparator,
	LogicCondition,
	Question,
	QuestionType,
	RedirectCondition,
	Survey,
	SurveySettings,
	SurveyTemplate,
	Theming,
} from '../../shared/types';
import {
	themePreset,
	DEFAULT_THANK_YOU,
	defaultConfig,
	defaultQuestionSettings,
	newRedirectCondition,
} from '../../shared/surveyDefaults';
import {
	comparatorsOf,
	hasOptions,
	isLogicSubject,
	isTextType,
	offersCommentBox,
	offersRandomize,
	optionLimits,
	scaleOf,
} from '../../shared/questionTypes';

/* ---- question types ------------------------------------------------------ */

// What each type is (options, gating, comparators, scale) comes from the registry the
// server prints into the page (shared/questionTypes.ts).
export {
	hasOptions,
	isAdvancedType,
	optionLimits,
} from '../../shared/questionTypes';

export { isLogicSubject };
export const supportsRandomize = offersRandomize;
export const supportsCommentBox = offersCommentBox;

/* ---- options ------------------------------------------------------------- */

export function optionLabel( option: ChoiceOption ): string {
	return typeof option === 'string' ? option : option.label;
}

export function canAddOption( type: QuestionType, count: number ): boolean {
	return count < optionLimits( type ).max;
}

/**
 * Any option can be removed while the list has more than the type's minimum (issue 17:
 * options can be removed down to the minimum, whichever they are); none below it.
 *
 * @param type   Question type.
 * @param _index Position of the option (any position may go).
 * @param count  How many options there are.
 */
export function canRemoveOption(
	type: QuestionType,
	_index: number,
	count: number
): boolean {
	return count > optionLimits( type ).min;
}

/**
 * A typed plain option, trimmed; null when it is empty, a duplicate, or the list is full.
 *
 * @param type    Question type.
 * @param options Current options.
 * @param typed   What the user typed.
 */
export function addPlainOption(
	type: QuestionType,
	options: ChoiceOption[],
	typed: string
): ChoiceOption[] | null {
	const label = typed.trim();
	if (
		! label ||
		! canAddOption( type, options.length ) ||
		options.some( ( option ) => optionLabel( option ) === label )
	) {
		return null;
	}
	return [ ...options, label ];
}

/* ---- logic --------------------------------------------------------------- */

/**
 * Comparators a subject question of this type offers (spec 1, section 5), in the
 * contract's keys: Is → equals, Is not → not_equals, Includes → in, and so on.
 *
 * @param type Type of the question the condition is about.
 */
export function comparatorsFor( type: QuestionType ): Comparator[] {
	return comparatorsOf( type );
}

/**
 * The values a condition on this question chooses from, or null for free text: the
 * type's scale (NPS 0 to 10, DESIGN.md 2; stars 1 to 5), or the options' labels.
 *
 * @param question The subject question.
 */
export function valueChoices( question: Question ): string[] | null {
	if ( isTextType( question.type ) ) {
		return null;
	}
	const scale = scaleOf( question.type );
	if ( scale ) {
		return Array.from( { length: scale.max - scale.min + 1 }, ( _, i ) =>
			String( scale.min + i )
		);
	}
	const labels = ( question.config.options ?? [] )
		.map( optionLabel )
		.filter( ( label ) => label.trim() !== '' );
	return [ ...new Set( labels ) ];
}

/** Earlier questions that a question's display logic can refer to. */
export function logicSubjects(
	questions: Question[],
	questionId: number
): Question[] {
	const index = questions.findIndex( ( q ) => q.id === questionId );
	return questions
		.slice( 0, index === -1 ? questions.length : index )
		.filter( ( q ) => isLogicSubject( q.type ) );
}

/** Questions that conditional email logic can refer to (any position). */
export function emailLogicSubjects( questions: Question[] ): Question[] {
	return questions.filter( ( q ) => isLogicSubject( q.type ) );
}

/** A condition's question changed: its comparator and value no longer apply. */
export function setConditionQuestion(
	condition: LogicCondition,
	questionId: number | null
): LogicCondition {
	return { ...condition, question_id: questionId, compare: '', value: '' };
}

/** A condition's comparator changed: the value is chosen again. */
export function setConditionCompare(
	condition: LogicCondition,
	compare: Comparator | ''
): LogicCondition {
	return { ...condition, compare, value: '' };
}

type Logic = Question[ 'logic' ];
type EmailLogic = Survey[ 'notifications' ][ 'email' ][ 'logic' ];

/**
 * Drops conditions; logic that lost conditions and has none left is turned off. Display logic
 * calls its switch "enabled", email logic "enable".
 */
function filterConditions<
	L extends { conditions: LogicCondition[] },
	K extends keyof L,
>( logic: L, flag: K, keep: ( condition: LogicCondition ) => boolean ): L {
	const conditions = logic.conditions.filter( keep );
	if ( conditions.length === logic.conditions.length ) {
		return logic;
	}
	return {
		...logic,
		conditions,
		[ flag ]: conditions.length > 0 ? logic[ flag ] : false,
	};
}

function filterLogic(
	logic: Logic,
	keep: ( condition: LogicCondition ) => boolean
): Logic {
	return filterConditions( logic, 'enabled', keep );
}

function filterEmailLogic(
	logic: EmailLogic,
	keep: ( condition: LogicCondition ) => boolean
): EmailLogic {
	return filterConditions( logic, 'enable', keep );
}

function withEmailLogic( survey: Survey, logic: EmailLogic ): Survey {
	if ( logic === survey.notifications.email.logic ) {
		return survey;
	}
	return {
		...survey,
		notifications: {
			...survey.notifications,
			email: { ...survey.notifications.email, logic },
		},
	};
}

/**
 * Deletes a question and every condition that refers to it: other questions'
 * display logic, email notification logic and conditional redirect rows. Logic
 * left without conditions is turned off.
 *
 * @param survey The draft.
 * @param id     Id of the question to delete.
 */
export function removeQuestion( survey: Survey, id: number ): Survey {
	const keep = ( condition: LogicCondition ) => condition.question_id !== id;
	const questions = survey.questions
		.filter( ( question ) => question.id !== id )
		.map( ( question ) => {
			const logic = filterLogic( question.logic, keep );
			return logic === question.logic ? question : { ...question, logic };
		} );
	const thankYou = survey.settings.thank_you;
	const conditions = thankYou.conditions.filter(
		( row ) => row.question !== id
	);
	const next: Survey = {
		...survey,
		questions,
		settings:
			conditions.length === thankYou.conditions.length
				? survey.settings
				: {
						...survey.settings,
						thank_you: { ...thankYou, conditions },
					},
	};
	return withEmailLogic(
		next,
		filterEmailLogic( survey.notifications.email.logic, keep )
	);
}

/**
 * Moves a question (drag and drop). The moved question loses conditions on
 * questions that are now after it; every other question loses its conditions on
 * the moved one. Logic left without conditions is turned off.
 *
 * @param survey The draft.
 * @param from   Old index.
 * @param to     New index.
 */
export function moveQuestion(
	survey: Survey,
	from: number,
	to: number
): Survey {
	const count = survey.questions.length;
	if ( from === to || from < 0 || to < 0 || from >= count || to >= count ) {
		return survey;
	}
	const reordered = survey.questions.slice();
	const [ moved ] = reordered.splice( from, 1 );
	reordered.splice( to, 0, moved );
	const after = new Set(
		reordered.slice( to + 1 ).map( ( question ) => question.id )
	);
	const questions = reordered.map( ( question ) => {
		const logic =
			question.id === moved.id
				? filterLogic(
						question.logic,
						( condition ) =>
							condition.question_id === null ||
							! after.has( condition.question_id )
					)
				: filterLogic(
						question.logic,
						( condition ) => condition.question_id !== moved.id
					);
		return logic === question.logic ? question : { ...question, logic };
	} );
	return { ...survey, questions };
}

/**
 * Changes a question's type: its config resets (spec 1, section 4), settings the
 * new type does not offer are turned off, and conditions elsewhere that refer to
 * it are reset (their comparator and value belonged to the old type) or, where the
 * new type cannot be a logic subject, removed.
 *
 * @param survey The draft.
 * @param id     Question id.
 * @param type   New type.
 */
export function retypeQuestion(
	survey: Survey,
	id: number,
	type: QuestionType
): Survey {
	const current = survey.questions.find( ( q ) => q.id === id );
	if ( ! current || current.type === type ) {
		return survey;
	}
	const subject = isLogicSubject( type );
	const keep = ( condition: LogicCondition ) =>
		subject || condition.question_id !== id;
	const reset = ( condition: LogicCondition ) =>
		condition.question_id === id
			? setConditionQuestion( condition, id )
			: condition;
	const resetLogic = < L extends { conditions: LogicCondition[] } >(
		logic: L
	): L =>
		logic.conditions.some( ( c ) => c.question_id === id )
			? { ...logic, conditions: logic.conditions.map( reset ) }
			: logic;

	const defaults = defaultQuestionSettings( type );
	const questions = survey.questions.map( ( question ) => {
		if ( question.id === id ) {
			return {
				...question,
				type,
				config: defaultConfig( type ),
				settings: {
					...defaults,
					required: question.settings.required,
					randomize:
						supportsRandomize( type ) &&
						question.settings.randomize,
					comment_box:
						supportsCommentBox( type ) &&
						question.settings.comment_box,
				},
			};
		}
		const logic = resetLogic( filterLogic( question.logic, keep ) );
		return logic === question.logic ? question : { ...question, logic };
	} );
	const thankYou = survey.settings.thank_you;
	const rows = thankYou.conditions.map( ( row ) =>
		row.question === id ? setRedirectQuestion( row, id ) : row
	);
	const next: Survey = {
		...survey,
		questions,
		settings: {
			...survey.settings,
			thank_you: { ...thankYou, conditions: rows },
		},
	};
	return withEmailLogic(
		next,
		resetLogic( filterEmailLogic( survey.notifications.email.logic, keep ) )
	);
}

/* ---- new questions and templates ---------------------------------------- */

/**
 * An id for a new question. Ids are never reused after a delete (answers refer to
 * them), and the builder cannot know which ids were deleted before it loaded, so
 * the id is at least the current time in seconds and always above the highest one.
 *
 * @param questions Current questions.
 * @param now       Milliseconds since the epoch.
 */
export function nextQuestionId(
	questions: Question[],
	now: number = Date.now()
): number {
	const highest = questions.reduce( ( max, q ) => Math.max( max, q.id ), 0 );
	return Math.max( highest + 1, Math.floor( now / 1000 ) );
}

/**
 * Applies a template: its questions replace the survey's and, unless it is the
 * blank template, its name becomes the title.
 *
 * @param survey   The draft.
 * @param template The chosen template.
 */
export function applyTemplate(
	survey: Survey,
	template: SurveyTemplate
): Survey {
	return {
		...survey,
		template: template.key,
		type: template.type,
		title: template.key === 'blank' ? survey.title : template.name,
		questions: structuredClone( template.config.questions ),
	};
}

/* ---- thank-you ----------------------------------------------------------- */

type ThankYou = SurveySettings[ 'thank_you' ];

/**
 * Switches the thank-you type; conditional_redirect without rows gets one (first
 * question, empty comparator, value and page).
 *
 * @param thankYou  Current thank-you settings.
 * @param type      New type.
 * @param questions The survey's questions.
 */
export function setThankYouType(
	thankYou: ThankYou,
	type: ThankYou[ 'type' ],
	questions: Question[]
): ThankYou {
	const next = { ...thankYou, type };
	if ( type === 'conditional_redirect' && next.conditions.length === 0 ) {
		next.conditions = [
			newRedirectCondition( questions[ 0 ]?.id ?? null ),
		];
	}
	return next;
}

/** The message, or the default one when it was emptied. */
export function thankYouMessage( message: string ): string {
	return message.trim() === '' ? DEFAULT_THANK_YOU() : message;
}

export function setRedirectQuestion(
	row: RedirectCondition,
	question: number | null
): RedirectCondition {
	return { ...row, question, condition_type: '', condition: '' };
}

export function setRedirectComparator(
	row: RedirectCondition,
	comparator: Comparator | ''
): RedirectCondition {
	return { ...row, condition_type: comparator, condition: '' };
}

export function canRemoveRedirectRow( rows: RedirectCondition[] ): boolean {
	return rows.length > 1;
}

/* ---- theming ------------------------------------------------------------- */

/** Changing the colour scheme replaces the colours with that scheme's preset. */
export function applyColorScheme(
	theming: Theming,
	scheme: Theming[ 'color_scheme' ]
): Theming {
	return { ...theming, color_scheme: scheme, ...themePreset( scheme ) };
}

/* ---- validation ---------------------------------------------------------- */

/**
 * The messages a question card shows: the server's SurveyRules::question_errors(),
 * message for message (tests/fixtures/contract/publish-validation.json), so that a
 * survey the builder lets continue is never saved as a draft for "missing options".
 * Option limits are the type's, from the registry.
 *
 * @param question The question.
 */
export function validateQuestion( question: Question ): string[] {
	const messages: string[] = [];
	if ( question.title.trim() === '' ) {
		messages.push( __( 'Title is required.', 'userfeedback' ) );
	}
	if ( hasOptions( question.type ) ) {
		const { min, max } = optionLimits( question.type );
		const options = question.config.options ?? [];
		const empty = options.some(
			( option ) => optionLabel( option ).trim() === ''
		);
		if ( options.length === 0 || empty ) {
			messages.push( __( 'Options are required.', 'userfeedback' ) );
		} else if ( options.length < min ) {
			messages.push(
				sprintf(
					/* translators: %d: the fewest options this question type takes. */
					_n(
						'At least %d option is required.',
						'At least %d options are required.',
						min,
						'userfeedback'
					),
					min
				)
			);
		} else if ( options.length > max ) {
			messages.push(
				sprintf(
					/* translators: %d: the most options a question of this type takes. */
					__(
						'A question takes at most %d options.',
						'userfeedback'
					),
					max
				)
			);
		}
	}
	return messages;
}

/** Messages by question id, for questions that have any. */
export function validateQuestions(
	questions: Question[]
): Record< number, string[] > {
	const errors: Record< number, string[] > = {};
	for ( const question of questions ) {
		const messages = validateQuestion( question );
		if ( messages.length > 0 ) {
			errors[ question.id ] = messages;
		}
	}
	return errors;
}

/* ---- step continue rules ------------------------------------------------- */

export function canContinueSetup( survey: Survey ): boolean {
	return survey.template !== '';
}

export function canContinueQuestions( survey: Survey ): boolean {
	if ( survey.questions.length === 0 ) {
		return false;
	}
	if ( survey.questions.some( ( q ) => validateQuestion( q ).length > 0 ) ) {
		return false;
	}
	const thankYou = survey.settings.thank_you;
	if ( thankYou.type === 'message' ) {
		return thankYou.message.trim() !== '';
	}
	if ( thankYou.type === 'redirect' ) {
		// As the server judges it (SurveyRules::publish_errors()): a chosen page has an id.
		return (
			!! thankYou.redirect_to?.id || thankYou.redirect_url.trim() !== ''
		);
	}
	return true;
}

/* ---- saving -------------------------------------------------------------- */

/**
 * Whether the publish step's scheduling is on: it writes publish_at, '' while the
 * date and time are incomplete, null when off.
 *
 * @param survey The draft.
 */
export function isScheduling( survey: Pick< Survey, 'publish_at' > ): boolean {
	return survey.publish_at !== null;
}

/**
 * The Save button's label: 'Save as Draft' for a draft, 'Save and Schedule' when
 * scheduling, otherwise 'Save and Publish'.
 *
 * @param status     The draft's status.
 * @param scheduling Whether the publish step's scheduling is on.
 */
export function saveLabel(
	status: Survey[ 'status' ],
	scheduling: boolean
): string {
	if ( status === 'draft' ) {
		return __( 'Save as Draft', 'userfeedback' );
	}
	if ( scheduling ) {
		return __( 'Save and Schedule', 'userfeedback' );
	}
	return __( 'Save and Publish', 'userfeedback' );
}
