/** @jsxImportSource preact */
import { useState } from 'preact/hooks';

import type { Answer, AnswerValue, WidgetProps } from '../types';
import { IMMEDIATE_TYPES, QuestionView } from './questions';

const THEMES = {
	light: { widget: '#ffffff', text: '#23282D', button: '#2D87F1' },
	dark: { widget: '#333333', text: '#ffffff', button: '#2D87F1' },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty( value: AnswerValue ): boolean {
	return (
		value === null ||
		value === '' ||
		( Array.isArray( value ) && value.length === 0 )
	);
}

/**
 * The survey widget: one question at a time, then the thank-you message. Everything
 * it shows comes from its props (no globals), so the admin's live preview can render
 * it with a draft survey.
 *
 * @param props The survey, strings and callbacks.
 */
export function Widget( props: WidgetProps ) {
	const { survey, strings, onFinish, onClose, onMinimizedChange } = props;
	const questions = survey.questions;
	const theming = survey.settings.theming ?? {};
	const scheme = theming.color_scheme === 'dark' ? 'dark' : 'light';
	const colors = THEMES[ scheme ];

	const [ index, setIndex ] = useState( 0 );
	const [ answers, setAnswers ] = useState< Answer[] >( [] );
	const [ draft, setDraft ] = useState< AnswerValue >( null );
	const [ name, setName ] = useState( '' );
	const [ finished, setFinished ] = useState( false );
	const [ minimized, setMinimized ] = useState( !! props.minimized );
	const [ closed, setClosed ] = useState( false );

	if ( closed || questions.length === 0 ) {
		return null;
	}

	const question = questions[ index ];
	const required = !! question.settings?.required || question.type === 'nps';
	const isLast = index === questions.length - 1;
	const invalidEmail =
		question.type === 'email' &&
		typeof draft === 'string' &&
		draft !== '' &&
		! EMAIL.test( draft );
	const canContinue = ! invalidEmail && ( ! required || ! isEmpty( draft ) );

	const commit = ( value: AnswerValue ) => {
		const answer: Answer = { question_id: question.id, value };
		if ( question.type === 'email' && name && value !== null ) {
			answer.extra = { name };
		}
		const next = [ ...answers, answer ];
		setAnswers( next );
		setDraft( null );
		setName( '' );
		if ( isLast ) {
			setFinished( true );
			onFinish?.( next );
		} else {
			setIndex( index + 1 );
		}
	};

	const minimize = ( value: boolean ) => {
		setMinimized( value );
		onMinimizedChange?.( value );
	};

	const close = () => {
		setClosed( true );
		onClose?.();
	};

	const position = theming.position ?? 'bottom_right';
	const style = {
		'--uf-bg': theming.widget_color || colors.widget,
		'--uf-text': theming.text_color || colors.text,
		'--uf-btn': theming.button_color || colors.button,
	};
	const rootClass = `userfeedback-widget uf-pos-${ position }`;

	if ( minimized ) {
		return (
			<div className={ rootClass } style={ style }>
				<button
					type="button"
					className="uf-toggle"
					aria-expanded="false"
					onClick={ () => minimize( false ) }
				>
					{ theming.widget_toggle_text || survey.title }
				</button>
			</div>
		);
	}

	const titleId = `uf-survey-${ survey.id }`;
	return (
		<div className={ rootClass } style={ style }>
			<form
				className="uf-card"
				role="dialog"
				aria-labelledby={ titleId }
				onSubmit={ ( event ) => {
					event.preventDefault();
					if ( ! finished && canContinue ) {
						commit( isEmpty( draft ) ? null : draft );
					}
				} }
			>
				<div className="uf-head">
					<span className="uf-title" id={ titleId }>
						{ survey.title }
					</span>
					<button
						type="button"
						className="uf-icon"
						aria-label={ strings.minimize }
						aria-expanded="true"
						onClick={ () => minimize( true ) }
					>
						<span aria-hidden="true">–</span>
					</button>
					<button
						type="button"
						className="uf-icon"
						aria-label={ strings.close }
						onClick={ close }
					>
						<span aria-hidden="true">×</span>
					</button>
				</div>

				{ finished ? (
					<div className="uf-body">
						<p className="uf-thanks" role="status">
							{ survey.settings.thank_you?.message ||
								strings.thank_you }
						</p>
						<div className="uf-foot">
							<button
								type="button"
								className="uf-btn"
								onClick={ close }
							>
								{ strings.close }
							</button>
						</div>
					</div>
				) : (
					<div className="uf-body">
						<QuestionView
							key={ question.id }
							question={ question }
							strings={ strings }
							value={ draft }
							name={ name }
							onChange={ ( value, newName ) => {
								setDraft( value );
								if ( newName !== undefined ) {
									setName( newName );
								}
							} }
							onPick={ commit }
						/>
						<div className="uf-foot">
							{ ! required && (
								<button
									type="button"
									className="uf-link"
									onClick={ () => commit( null ) }
								>
									{ theming.skip_text || strings.skip }
								</button>
							) }
							{ ! IMMEDIATE_TYPES.includes( question.type ) && (
								<button
									type="submit"
									className="uf-btn"
									disabled={ ! canContinue }
								>
									{ isLast
										? strings.submit
										: theming.next_text || strings.next }
								</button>
							) }
						</div>
					</div>
				) }
			</form>
		</div>
	);
}
