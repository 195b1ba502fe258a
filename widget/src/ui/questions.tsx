/** @jsxImportSource preact */
import { useMemo } from 'preact/hooks';

import type {
	AnswerValue,
	ChoiceOption,
	Question,
	WidgetStrings,
} from '../types';

export const LONG_TEXT_MAX = 400;

/** Types answered by one click: picking an option moves on at once. */
export const IMMEDIATE_TYPES = [
	'radio-button',
	'image-radio',
	'icon-choice',
	'star-rating',
	'nps',
];

export interface QuestionViewProps {
	question: Question;
	strings: WidgetStrings;
	/** The draft answer of a question answered with Next. */
	value: AnswerValue;
	name: string;
	onChange: ( value: AnswerValue, name?: string ) => void;
	/** Answers a one-click question. */
	onPick: ( value: AnswerValue ) => void;
}

function optionLabel( option: ChoiceOption ): string {
	return typeof option === 'string' ? option : option.label;
}

function shuffled< T >( items: T[] ): T[] {
	const copy = items.slice();
	for ( let i = copy.length - 1; i > 0; i-- ) {
		const j = Math.floor( Math.random() * ( i + 1 ) );
		[ copy[ i ], copy[ j ] ] = [ copy[ j ], copy[ i ] ];
	}
	return copy;
}

export function QuestionView( props: QuestionViewProps ) {
	const { question, strings, value, name, onChange, onPick } = props;
	const titleId = `uf-q-${ question.id }`;
	const inputId = `${ titleId }-input`;
	const options = question.config?.options ?? [];
	// Shuffled once per question, not on every render.
	const ordered = useMemo(
		() => ( question.settings?.randomize ? shuffled( options ) : options ),
		[ question.id ] // eslint-disable-line react-hooks/exhaustive-deps
	);
	const title = (
		<h2 className="uf-q-title" id={ titleId }>
			{ question.title }
		</h2>
	);

	switch ( question.type ) {
		case 'radio-button':
		case 'image-radio':
		case 'icon-choice':
			return (
				<div>
					{ title }
					<div
						className="uf-options"
						role="group"
						aria-labelledby={ titleId }
					>
						{ ordered.map( ( option ) => {
							const label = optionLabel( option );
							const image =
								typeof option === 'object' && 'image' in option
									? option.image
									: undefined;
							return (
								<button
									type="button"
									key={ label }
									className="uf-option"
									onClick={ () => onPick( label ) }
								>
									{ image && <img src={ image } alt="" /> }
									<span>{ label }</span>
								</button>
							);
						} ) }
					</div>
				</div>
			);

		case 'checkbox': {
			const checked = Array.isArray( value ) ? value : [];
			return (
				<div>
					{ title }
					<div
						className="uf-options"
						role="group"
						aria-labelledby={ titleId }
					>
						{ ordered.map( ( option ) => {
							const label = optionLabel( option );
							return (
								<label key={ label } className="uf-option">
									<input
										type="checkbox"
										checked={ checked.includes( label ) }
										onChange={ ( event ) =>
											onChange(
												event.currentTarget.checked
													? [ ...checked, label ]
													: checked.filter(
															( item ) =>
																item !== label
														)
											)
										}
									/>
									<span>{ label }</span>
								</label>
							);
						} ) }
					</div>
				</div>
			);
		}

		case 'star-rating':
			return (
				<div>
					{ title }
					<div
						className="uf-stars"
						role="group"
						aria-labelledby={ titleId }
					>
						{ [ 1, 2, 3, 4, 5 ].map( ( star ) => (
							<button
								type="button"
								key={ star }
								className="uf-star"
								aria-label={ `${ star } / 5` }
								onClick={ () => onPick( star ) }
							>
								<span aria-hidden="true">★</span>
							</button>
						) ) }
					</div>
				</div>
			);

		case 'nps':
			return (
				<div>
					{ title }
					<div
						className="uf-nps"
						role="group"
						aria-labelledby={ titleId }
					>
						{ [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ].map(
							( score ) => (
								<button
									type="button"
									key={ score }
									className="uf-nps-score"
									onClick={ () => onPick( score ) }
								>
									{ score }
								</button>
							)
						) }
					</div>
					<div className="uf-nps-labels" aria-hidden="true">
						<span>{ strings.not_likely }</span>
						<span>{ strings.extremely_likely }</span>
					</div>
				</div>
			);

		case 'long-text': {
			const text = typeof value === 'string' ? value : '';
			const countId = `${ titleId }-count`;
			return (
				<div>
					{ title }
					<textarea
						id={ inputId }
						className="uf-input"
						rows={ 4 }
						maxLength={ LONG_TEXT_MAX }
						aria-labelledby={ titleId }
						aria-describedby={ countId }
						value={ text }
						onInput={ ( event ) =>
							onChange( event.currentTarget.value )
						}
					/>
					<p className="uf-count" id={ countId }>
						{ strings.characters_left.replace(
							'%d',
							String( LONG_TEXT_MAX - text.length )
						) }
					</p>
				</div>
			);
		}

		case 'email':
			return (
				<div>
					{ title }
					{ question.config?.include_name && (
						<label className="uf-field">
							<span>{ strings.first_name }</span>
							<input
								type="text"
								className="uf-input"
								autoComplete="given-name"
								value={ name }
								onInput={ ( event ) =>
									onChange( value, event.currentTarget.value )
								}
							/>
						</label>
					) }
					<label className="uf-field">
						<span>{ strings.email }</span>
						<input
							type="email"
							className="uf-input"
							autoComplete="email"
							aria-describedby={ titleId }
							value={ typeof value === 'string' ? value : '' }
							onInput={ ( event ) =>
								onChange( event.currentTarget.value, name )
							}
						/>
					</label>
				</div>
			);

		default:
			return (
				<div>
					{ title }
					<input
						id={ inputId }
						type="text"
						className="uf-input"
						aria-labelledby={ titleId }
						value={ typeof value === 'string' ? value : '' }
						onInput={ ( event ) =>
							onChange( event.currentTarget.value )
						}
					/>
				</div>
			);
	}
}
