/** @jsxImportSource preact */
/**
 * What every question component shares: its props, the randomised order of options,
 * the radio group of buttons (ratings), text fields with their limit and counter, and
 * the comment box.
 */
import type { ComponentChildren, FunctionComponent } from 'preact';
import { useRef } from 'preact/hooks';

import type {
	AnswerLimits,
	AnswerValue,
	ChoiceOption,
	Question,
	QuestionTypeInfo,
	VisitorSurvey,
	WidgetStrings,
} from '../../types';

export interface Draft {
	value: AnswerValue;
	name: string;
	comments: string;
}

export interface QuestionViewProps {
	question: Question;
	strings: WidgetStrings;
	draft: Draft;
	/** Unique per widget instance and question, for ids. */
	id: string;
	onChange: ( patch: Partial< Draft > ) => void;
	/** A single-choice option was clicked (or chosen with Enter or Space). */
	onPick: ( value: AnswerValue ) => void;
	/** Picks are held (aria-pressed) rather than answering at once. */
	hold?: boolean;
	/** Display orders of randomised questions, kept by the Widget across re-mounts. */
	orders?: Map< string, number[] >;
	/** The server's word on this type (WidgetConfig.question_types), if the page has it. */
	info?: QuestionTypeInfo;
	/** Lengths of comments and names (WidgetConfig.limits), if the page has them. */
	limits?: AnswerLimits;
	/** The survey's icon drawings (VisitorSurvey.icons), by stored name. */
	icons?: VisitorSurvey[ 'icons' ];
}

/**
 * A question type's component. The server's config says how each type behaves; a
 * component states its own defaults only for a page printed without it (see
 * WidgetConfig.question_types):
 * `picks` (a pick answers and moves on), `scale` and `unskippable` (the server never takes
 * a skip: NPS).
 */
export type QuestionComponent = FunctionComponent< QuestionViewProps > & {
	picks?: boolean;
	unskippable?: boolean;
};

export const titleOf = ( id: string ) => `${ id }-title`;

export function optionLabel( option: ChoiceOption ): string {
	return typeof option === 'string' ? option : ( option?.label ?? '' );
}

/** Fisher-Yates over the indexes 0..n-1. */
function permutation( n: number ): number[] {
	const order = Array.from( { length: n }, ( _, i ) => i );
	for ( let i = n - 1; i > 0; i-- ) {
		const j = Math.floor( Math.random() * ( i + 1 ) );
		[ order[ i ], order[ j ] ] = [ order[ j ], order[ i ] ];
	}
	return order;
}

/**
 * The question's options in display order. Shuffled once per question (and again only
 * if options are added or removed, which happens in the builder's preview), not on
 * every render or re-mount.
 *
 * @param props The question's props.
 */
export function orderedOptions( props: QuestionViewProps ): ChoiceOption[] {
	const { question, orders } = props;
	const options = question.config?.options ?? [];
	const key = `${ question.id }:${ options.length }`;
	let order = options.map( ( _, i ) => i );
	if ( question.settings?.randomize ) {
		order = orders?.get( key ) ?? permutation( options.length );
		orders?.set( key, order );
	}
	return order.map( ( i ) => options[ i ] ).filter( Boolean );
}

export interface Choice {
	value: string | number;
	/** Accessible name when the content alone does not give it. */
	label?: string;
	content: ComponentChildren;
}

/**
 * A radio group of buttons with a roving tabindex: arrow keys, Home and End move the
 * focus and the choice; a click, Enter or Space picks.
 *
 * @param props          Group props.
 * @param props.choices  The options.
 * @param props.value    The chosen value, if any.
 * @param props.title    Id of the question heading (the group's name).
 * @param props.describe Id of a description (NPS labels).
 * @param props.kind     Layout class suffix.
 * @param props.onMove   An arrow key moved the choice.
 * @param props.onPick   An option was clicked.
 */
export function RadioGroup( {
	choices,
	value,
	title,
	describe,
	kind,
	onMove,
	onPick,
}: {
	choices: Choice[];
	value: AnswerValue;
	title: string;
	describe?: string;
	kind: string;
	onMove: ( value: string | number ) => void;
	onPick: ( value: string | number ) => void;
} ) {
	const buttons = useRef< Array< HTMLButtonElement | null > >( [] );
	const checked = choices.findIndex( ( choice ) => choice.value === value );
	const stop = checked < 0 ? 0 : checked;
	const star = kind === 'stars';

	const onKeyDown = ( event: KeyboardEvent, at: number ) => {
		const last = choices.length - 1;
		const to = {
			ArrowRight: at + 1,
			ArrowDown: at + 1,
			ArrowLeft: at - 1,
			ArrowUp: at - 1,
			Home: 0,
			End: last,
		}[ event.key ];
		if ( to === undefined ) {
			return;
		}
		event.preventDefault();
		// Wraps around at both ends.
		const next = ( to + choices.length ) % choices.length;
		buttons.current[ next ]?.focus();
		onMove( choices[ next ].value );
	};

	return (
		<div
			className={ `uf-choices uf-${ kind }` }
			role="radiogroup"
			aria-labelledby={ title }
			aria-describedby={ describe }
		>
			{ choices.map( ( choice, at ) => (
				<button
					key={ choice.value }
					ref={ ( element ) => {
						buttons.current[ at ] = element;
					} }
					type="button"
					role="radio"
					className={
						star && checked >= at ? 'uf-choice uf-on' : 'uf-choice'
					}
					aria-checked={ at === checked }
					aria-label={ choice.label }
					tabIndex={ at === stop ? 0 : -1 }
					onClick={ () => onPick( choice.value ) }
					onKeyDown={ ( event ) => onKeyDown( event, at ) }
				>
					{ choice.content }
				</button>
			) ) }
		</div>
	);
}

/**
 * A text box that takes at most `max` characters, the server's limit, with a
 * characters-left counter (its description). Without a known limit: neither.
 *
 * @param props           Field props.
 * @param props.id        Id of the box.
 * @param props.value     Its text.
 * @param props.max       Most characters the server takes, if known.
 * @param props.multiline A textarea rather than a one-line input.
 * @param props.strings   Widget strings.
 * @param props.field     More attributes of the box (type, label, autocomplete).
 * @param props.onInput   New text.
 */
export function LimitedField( {
	id,
	value,
	max,
	multiline,
	strings,
	field = {},
	onInput,
}: {
	id: string;
	value: string;
	max?: number | null;
	multiline?: boolean;
	strings: WidgetStrings;
	field?: Record< string, string | undefined >;
	onInput: ( value: string ) => void;
} ) {
	const Box = multiline ? 'textarea' : 'input';
	const limited = typeof max === 'number' && max > 0;
	const count = `${ id }-count`;
	return (
		<>
			<Box
				id={ id }
				className="uf-input"
				rows={ multiline ? 3 : undefined }
				type={ multiline ? undefined : 'text' }
				maxLength={ limited ? max : undefined }
				aria-describedby={ limited ? count : undefined }
				value={ value }
				{ ...field }
				onInput={ ( event ) =>
					onInput( ( event.currentTarget as HTMLInputElement ).value )
				}
			/>
			{ limited && (
				<span className="uf-count" id={ count }>
					{ strings.characters_left.replace(
						'%d',
						String( Math.max( max - value.length, 0 ) )
					) }
				</span>
			) }
		</>
	);
}

/**
 * The comment box of a question that has one (settings.comment_box). Components whose
 * answer is text leave it out: the answer is the place for a comment.
 *
 * @param props The question's props.
 */
export function CommentBox( props: QuestionViewProps ) {
	const { question, id, strings, draft, limits, onChange } = props;
	if ( ! question.settings?.comment_box ) {
		return null;
	}
	return (
		<div className="uf-field">
			<label htmlFor={ `${ id }-comments` }>{ strings.comments }</label>
			<LimitedField
				id={ `${ id }-comments` }
				multiline
				max={ limits?.comment_max }
				strings={ strings }
				value={ draft.comments }
				onInput={ ( comments ) => onChange( { comments } ) }
			/>
		</div>
	);
}
