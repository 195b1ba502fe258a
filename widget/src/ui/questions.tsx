/** @jsxImportSource preact */
/**
 * One question of the survey, every type. The draft answer lives in the Widget; this
 * draws it and reports changes.
 *
 * - radio-button, image-radio, icon-choice: a labelled group of buttons; pressing one
 *   answers (and moves on, see AUTO_TYPES in Widget.tsx). With a comment box the
 *   pick is held instead, shown by aria-pressed, and Next moves on.
 * - star-rating, nps: ARIA radio groups of buttons with a roving tabindex: arrow
 *   keys, Home and End move the focus and the choice; a click, Enter or Space picks.
 * - checkbox: native check boxes in a labelled group.
 */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

import type {
	AnswerValue,
	ChoiceOption,
	Question,
	WidgetStrings,
} from '../types';
import { iconGlyph } from './icons';
import { Glyph, STAR } from './glyphs';

export const LONG_TEXT_MAX = 400;

export const ICON_SIZES = { large: 24, medium: 20, small: 16 };

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
}

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

interface Choice {
	value: string | number;
	/** Accessible name when the content alone does not give it. */
	label?: string;
	content: ComponentChildren;
}

/**
 * A radio group of buttons with a roving tabindex.
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
function RadioGroup( {
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
 * A text box with the characters-left counter (spec: a counter when a maximum is set).
 *
 * @param props           Field props.
 * @param props.id        Id of the box.
 * @param props.value     Its text.
 * @param props.labelled  Id of its label, when not wrapped in one.
 * @param props.strings   Widget strings.
 * @param props.className Extra class of the box.
 * @param props.onInput   New text.
 */
function LimitedText( {
	id,
	value,
	labelled,
	strings,
	className = '',
	onInput,
}: {
	id: string;
	value: string;
	labelled?: string;
	strings: WidgetStrings;
	className?: string;
	onInput: ( value: string ) => void;
} ) {
	return (
		<>
			<textarea
				id={ id }
				className={ `uf-input ${ className }` }
				rows={ 3 }
				maxLength={ LONG_TEXT_MAX }
				aria-labelledby={ labelled }
				aria-describedby={ `${ id }-count` }
				value={ value }
				onInput={ ( event ) => onInput( event.currentTarget.value ) }
			/>
			<span className="uf-count" id={ `${ id }-count` }>
				{ strings.characters_left.replace(
					'%d',
					String( LONG_TEXT_MAX - value.length )
				) }
			</span>
		</>
	);
}

export function QuestionView( props: QuestionViewProps ) {
	const { question, strings, draft, id, onChange, onPick, hold, orders } =
		props;
	const { value } = draft;
	const titleId = `${ id }-title`;
	const options = question.config?.options ?? [];
	const settings = question.settings ?? {};
	// Shuffled once per question (and again only if options are added or removed,
	// which happens in the builder's preview), not on every render or re-mount.
	const key = `${ question.id }:${ options.length }`;
	let order = options.map( ( _, i ) => i );
	if ( settings.randomize ) {
		order = orders?.get( key ) ?? permutation( options.length );
		orders?.set( key, order );
	}
	const ordered = order.map( ( i ) => options[ i ] ).filter( Boolean );
	const text = typeof value === 'string' ? value : '';
	const pick = ( choice: string | number ) => onPick( choice );
	const move = ( choice: string | number ) => onChange( { value: choice } );

	let body: ComponentChildren;
	switch ( question.type ) {
		case 'radio-button':
		case 'image-radio':
		case 'icon-choice': {
			const size = ICON_SIZES[ settings.icon_size ?? 'medium' ] ?? 20;
			body = (
				<div
					className={ `uf-choices uf-${ question.type }` }
					role="group"
					aria-labelledby={ titleId }
				>
					{ ordered.map( ( option ) => {
						const label = optionLabel( option );
						const image =
							typeof option === 'object' && 'image' in option
								? option.image?.url
								: '';
						const icon =
							typeof option === 'object' && 'icon' in option
								? iconGlyph( option.icon?.name )
								: '';
						return (
							<button
								key={ label }
								type="button"
								className="uf-choice"
								aria-pressed={
									hold ? value === label : undefined
								}
								onClick={ () => pick( label ) }
							>
								{ image ? (
									// The picture's alt text is the label; the caption repeats
									// it for sight and is hidden from assistive technology.
									<>
										<img src={ image } alt={ label } />
										<span aria-hidden="true">
											{ label }
										</span>
									</>
								) : (
									<>
										{ icon && (
											<span
												className="uf-icon-glyph"
												aria-hidden="true"
												style={ {
													color:
														settings.icon_color ||
														'#1579EF',
													fontSize: `${ size }px`,
												} }
											>
												{ icon }
											</span>
										) }
										<span>{ label }</span>
									</>
								) }
							</button>
						);
					} ) }
				</div>
			);
			break;
		}

		case 'checkbox': {
			const ticked = Array.isArray( value ) ? value : [];
			const labels = options.map( optionLabel );
			body = (
				<div
					className="uf-choices uf-checkbox"
					role="group"
					aria-labelledby={ titleId }
				>
					{ ordered.map( ( option ) => {
						const label = optionLabel( option );
						return (
							<label key={ label } className="uf-choice">
								<input
									type="checkbox"
									checked={ ticked.includes( label ) }
									onChange={ ( event ) => {
										const on = event.currentTarget.checked;
										// Kept in the options' own order, whatever the display order.
										onChange( {
											value: labels.filter( ( item ) =>
												item === label
													? on
													: ticked.includes( item )
											),
										} );
									} }
								/>
								<span>{ label }</span>
							</label>
						);
					} ) }
				</div>
			);
			break;
		}

		case 'star-rating':
			body = (
				<RadioGroup
					kind="stars"
					title={ titleId }
					value={ value }
					onMove={ move }
					onPick={ pick }
					choices={ [ 1, 2, 3, 4, 5 ].map( ( star ) => ( {
						value: star,
						label: String( star ),
						content: <Glyph d={ STAR } size={ 30 } />,
					} ) ) }
				/>
			);
			break;

		case 'nps':
			body = (
				<>
					<RadioGroup
						kind="nps"
						title={ titleId }
						describe={ `${ id }-scale` }
						value={ value }
						onMove={ move }
						onPick={ pick }
						choices={ [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ].map(
							( score ) => ( { value: score, content: score } )
						) }
					/>
					<div className="uf-scale" id={ `${ id }-scale` }>
						<span>{ strings.not_likely }</span>
						<span>{ strings.extremely_likely }</span>
					</div>
				</>
			);
			break;

		case 'long-text':
			body = (
				<LimitedText
					id={ `${ id }-input` }
					labelled={ titleId }
					strings={ strings }
					value={ text }
					onInput={ ( input ) => onChange( { value: input } ) }
				/>
			);
			break;

		case 'email': {
			const email = (
				<input
					id={ `${ id }-input` }
					type="email"
					className="uf-input"
					autoComplete="email"
					aria-labelledby={
						question.config?.include_name
							? `${ id }-email`
							: titleId
					}
					value={ text }
					onInput={ ( event ) =>
						onChange( { value: event.currentTarget.value } )
					}
				/>
			);
			body = question.config?.include_name ? (
				<>
					<label className="uf-field">
						<span>{ strings.first_name }</span>
						<input
							type="text"
							className="uf-input"
							autoComplete="given-name"
							value={ draft.name }
							onInput={ ( event ) =>
								onChange( { name: event.currentTarget.value } )
							}
						/>
					</label>
					<div className="uf-field">
						<label
							id={ `${ id }-email` }
							htmlFor={ `${ id }-input` }
						>
							{ strings.email }
						</label>
						{ email }
					</div>
				</>
			) : (
				email
			);
			break;
		}

		default:
			body = (
				<input
					id={ `${ id }-input` }
					type="text"
					className="uf-input"
					aria-labelledby={ titleId }
					value={ text }
					onInput={ ( event ) =>
						onChange( { value: event.currentTarget.value } )
					}
				/>
			);
	}

	return (
		<div className="uf-question">
			<h2 className="uf-q-title" id={ titleId } tabIndex={ -1 }>
				{ question.title }
			</h2>
			{ body }
			{ settings.comment_box &&
				! [ 'text', 'long-text', 'email' ].includes(
					question.type
				) && (
					<div className="uf-field">
						<label htmlFor={ `${ id }-comments` }>
							{ strings.comments }
						</label>
						<LimitedText
							id={ `${ id }-comments` }
							strings={ strings }
							value={ draft.comments }
							onInput={ ( comments ) => onChange( { comments } ) }
						/>
					</div>
				) }
		</div>
	);
}
