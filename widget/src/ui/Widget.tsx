/** @jsxImportSource preact */
import {
	useEffect,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from 'preact/hooks';

import type { Answer, AnswerValue, WidgetProps } from '../types';
import { CLOSE, Glyph, Mark, TOGGLE_ICONS } from './glyphs';
import { isEmpty, nextQuestion, redirectUrl } from './logic';
import { QuestionView, type Draft } from './questions';
import { loadFont, themeStyle } from './theme';

/**
 * Types that move on as soon as an option is picked. The spec lists checkbox too,
 * but moving on at the first tick would make a multi-select question single-select:
 * checkboxes take Next. image-radio and icon-choice are single choices like
 * radio-button, so they move on at once as well. A question with a comment box
 * never moves on by itself (the visitor could not write the comment): a pick is
 * held and Next moves on.
 */
export const AUTO_TYPES = [
	'radio-button',
	'image-radio',
	'icon-choice',
	'star-rating',
	'nps',
];

const POSITIONS = [
	'bottom_left',
	'bottom_right',
	'middle_left',
	'middle_right',
];

const EMPTY: Draft = { value: null, name: '', comments: '' };

let instances = 0;

/**
 * The survey widget: one question at a time, then the thank-you message. Everything
 * it shows comes from its props (no globals), so the admin's live preview renders it
 * with a draft survey.
 *
 * Focus: nothing is focused when a floating widget first appears (it must not steal
 * focus from the page); each later question's heading, the thank-you, the reopened
 * widget and the toggle (after minimising) get the focus; closing hands it back to
 * where it was before.
 *
 * @param props The survey, strings, entitlements and callbacks.
 */
export function Widget( props: WidgetProps ) {
	const {
		survey,
		strings,
		features = {},
		preview,
		inline,
		onFinish,
		onClose,
		onMinimizedChange,
	} = props;
	const questions = survey.questions ?? [];
	const theming = survey.settings?.theming ?? {};

	const uid = useMemo( () => `uf${ ++instances }`, [] );
	const orders = useMemo( () => new Map< string, number[] >(), [] );
	const [ index, setIndex ] = useState( () =>
		Math.max( nextQuestion( questions, 0, [] ), 0 )
	);
	const [ answers, setAnswers ] = useState< Answer[] >( [] );
	const [ draft, setDraft ] = useState< Draft >( EMPTY );
	const [ finished, setFinished ] = useState( !! props.initialFinished );
	const [ minimized, setMinimized ] = useState(
		! inline && !! props.minimized
	);
	const [ closed, setClosed ] = useState( false );
	const root = useRef< HTMLDivElement >( null );
	const focusNext = useRef( false );
	// Where the focus was when the widget appeared (it takes none then): closing
	// hands it back.
	const before = useRef< Element | null >( null );
	useLayoutEffect( () => {
		before.current = root.current?.ownerDocument.activeElement ?? null;
	}, [] );

	const font = theming.font;
	// A layout effect runs within the render that changed the font: an admin preview that put the
	// font's stylesheet on the page first is then always found, where a deferred effect could run
	// after the preview had moved on to another weight and leave a stale stylesheet behind.
	useLayoutEffect(
		() => loadFont( { font } ),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the font's values, not its object.
		[ font?.family, font?.weight ]
	);

	useEffect( () => {
		if ( ! focusNext.current || ! root.current ) {
			return;
		}
		focusNext.current = false;
		let selector = '.uf-q-title';
		if ( minimized ) {
			selector = '.uf-toggle';
		} else if ( finished ) {
			selector = inline ? '.uf-thanks' : '.uf-done';
		}
		root.current.querySelector< HTMLElement >( selector )?.focus();
	} );

	if ( closed || ( ! questions.length && ! finished ) ) {
		return null;
	}

	const question = questions[ Math.min( index, questions.length - 1 ) ];
	const type = question?.type;
	const auto =
		AUTO_TYPES.includes( type ) && ! question.settings?.comment_box;
	// NPS can never be skipped; "required" blocks Skip only with the entitlement.
	const blocks =
		type === 'nps' ||
		( !! features.question_settings && !! question?.settings?.required );
	const value: AnswerValue =
		typeof draft.value === 'string' ? draft.value.trim() : draft.value;
	const answered = ! isEmpty( value );
	const answer = ( given: AnswerValue ): Answer => {
		const result: Answer = { question_id: question.id, value: given };
		const extra: Answer[ 'extra' ] = {};
		if ( given !== null && draft.comments.trim() ) {
			extra.comments = draft.comments.trim();
		}
		if (
			given !== null &&
			type === 'email' &&
			question.config?.include_name &&
			draft.name.trim()
		) {
			extra.name = draft.name.trim();
		}
		if ( extra.comments || extra.name ) {
			result.extra = extra;
		}
		return result;
	};
	const lastOne =
		nextQuestion( questions, index + 1, [
			...answers,
			answer( answered ? value : null ),
		] ) < 0;

	const finish = ( given: Answer[] ) => {
		setFinished( true );
		if ( preview ) {
			// The builder's preview sends nothing and starts again from scratch.
			setAnswers( [] );
			return;
		}
		const url = features.thank_you_redirect
			? redirectUrl( survey, given )
			: '';
		// Redirect once the response is saved (or failed: the visitor is done either way).
		new Promise( ( resolve ) => resolve( onFinish?.( given ) ) )
			.catch( () => undefined )
			.then( () => url && window.location.assign( url ) );
	};

	const commit = ( given: AnswerValue ) => {
		const next = [ ...answers, answer( isEmpty( given ) ? null : given ) ];
		const to = nextQuestion( questions, index + 1, next );
		focusNext.current = true;
		setDraft( EMPTY );
		setAnswers( next );
		if ( to < 0 ) {
			finish( next );
		} else {
			setIndex( to );
		}
	};

	const restart = () => {
		focusNext.current = true;
		setAnswers( [] );
		setDraft( EMPTY );
		setFinished( false );
		setIndex( Math.max( nextQuestion( questions, 0, [] ), 0 ) );
	};

	const minimize = ( on: boolean ) => {
		focusNext.current = true;
		setMinimized( on );
		onMinimizedChange?.( on );
	};

	const close = () => {
		if ( preview ) {
			restart();
			return;
		}
		const previous = before.current;
		if (
			previous instanceof HTMLElement &&
			previous !== previous.ownerDocument.body &&
			previous.isConnected
		) {
			previous.focus();
		}
		setClosed( true );
		onClose?.();
	};

	const position = POSITIONS.includes( theming.position ?? '' )
		? theming.position
		: 'bottom_right';
	const rootClass = `userfeedback-widget ${
		inline ? 'uf-inline' : `uf-pos-${ position }`
	}${ preview ? ' uf-preview' : '' }`;
	const toggleText = theming.widget_toggle_text;
	let logo = null;
	if ( theming.show_logo !== false && theming.logo_type !== 'none' ) {
		// A custom logo is decoration here (the region is named by the survey): empty alt.
		logo =
			theming.logo_type === 'custom' ? (
				theming.custom_logo && (
					<img
						className="uf-logo"
						src={ theming.custom_logo }
						alt=""
					/>
				)
			) : (
				<Mark />
			);
	}

	const titleId = `${ uid }-survey`;
	return (
		<div
			ref={ root }
			className={ rootClass }
			style={ themeStyle( theming ) }
		>
			{ minimized ? (
				<button
					type="button"
					className="uf-toggle"
					aria-expanded="false"
					aria-label={ toggleText ? undefined : survey.title }
					onClick={ () => minimize( false ) }
				>
					<Glyph
						d={
							TOGGLE_ICONS[ theming.widget_toggle_icon ?? '' ] ??
							TOGGLE_ICONS.userfeedback
						}
						size={ 22 }
					/>
					{ toggleText && <span>{ toggleText }</span> }
				</button>
			) : (
				// A non-modal dialog when floating (a region in the page's flow when
				// inline), named by the survey's visible title. Escape anywhere in it
				// minimises it, a shortcut of the Minimize button.

				<div
					className="uf-card"
					role={ inline ? 'region' : 'dialog' }
					aria-labelledby={ titleId }
					onKeyDown={ ( event ) => {
						if ( event.key === 'Escape' && ! inline ) {
							minimize( true );
						}
					} }
				>
					<div className="uf-head">
						{ logo }
						<span className="uf-title" id={ titleId }>
							{ survey.title }
						</span>
						{ ! inline && (
							<>
								<button
									type="button"
									className="uf-icon"
									aria-label={ strings.minimize }
									aria-expanded="true"
									onClick={ () => minimize( true ) }
								>
									<Glyph
										d={ TOGGLE_ICONS[ 'chevron-down' ] }
									/>
								</button>
								<button
									type="button"
									className="uf-icon"
									aria-label={ strings.close }
									onClick={ close }
								>
									<Glyph d={ CLOSE } />
								</button>
							</>
						) }
					</div>

					{ ! finished && (
						<form
							onSubmit={ ( event ) => {
								event.preventDefault();
								if ( answered || ! blocks ) {
									commit( value );
								}
							} }
						>
							<QuestionView
								key={ `${ question.id }` }
								id={ `${ uid }-${ question.id }` }
								question={ question }
								strings={ strings }
								draft={ draft }
								hold={ ! auto }
								orders={ orders }
								onChange={ ( patch ) =>
									setDraft( { ...draft, ...patch } )
								}
								onPick={ ( picked ) =>
									auto
										? commit( picked )
										: setDraft( {
												...draft,
												value: picked,
											} )
								}
							/>
							<div className="uf-foot">
								{ ! blocks && (
									<button
										type="button"
										className="uf-link"
										onClick={ () => commit( null ) }
									>
										{ theming.skip_text || strings.skip }
									</button>
								) }
								{ ! auto && (
									<button
										type="submit"
										className="uf-btn"
										disabled={ blocks && ! answered }
									>
										{ lastOne
											? strings.submit
											: theming.next_text ||
												strings.next }
									</button>
								) }
							</div>
						</form>
					) }

					{ /* Always in the DOM so that the thank-you is announced when it appears. */ }
					<div className="uf-status" role="status">
						{ finished && (
							<p className="uf-thanks" tabIndex={ -1 }>
								{ survey.settings?.thank_you?.message ||
									strings.thank_you }
							</p>
						) }
					</div>
					{ finished && ! inline && (
						<div className="uf-foot">
							<button
								type="button"
								className="uf-btn uf-done"
								onClick={ close }
							>
								{ strings.close }
							</button>
						</div>
					) }
				</div>
			) }
		</div>
	);
}
