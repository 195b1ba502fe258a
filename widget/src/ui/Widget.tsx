/** @jsxImportSource preact */
import {
	useEffect,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from 'preact/hooks';

import type { Answer, AnswerValue, WidgetProps } from '../types';
import { Progress, progressOf, shareOf } from './flow';
import { CLOSE, Glyph, Mark, TOGGLE_ICONS } from './glyphs';
import { isEmpty, nextQuestion, redirectUrl } from './logic';
import { navigation } from './navigation';
import { componentOf, QuestionView, type Draft } from './questions';
import { SendFailure } from './send';
import { SendAlert } from './SendAlert';
import { loadFont, themeStyle } from './theme';

/** A response on its way, or one the server did not take. */
interface Outbox {
	/** The answers last sent: kept for a retry and for going back to fix one. */
	answers: Answer[];
	sending: boolean;
	failure: SendFailure | null;
	/** The failure's message is shown (not while the visitor fixes an answer). */
	alert: boolean;
	/** The server's Retry-After is not over yet. */
	waiting: boolean;
}

const POSITIONS = [
	'bottom_left',
	'bottom_right',
	'middle_left',
	'middle_right',
];

const EMPTY: Draft = { value: null, name: '', comments: '' };

const draftOf = ( answer?: Answer ): Draft => ( {
	value: answer?.value ?? null,
	name: answer?.extra?.name ?? '',
	comments: answer?.extra?.comments ?? '',
} );

let instances = 0;

/** Lets the live region be on the page before the announcement goes in. */
const SETTLE_MS = 150;

/**
 * @param template A widget string with one %s.
 * @param value    What replaces it.
 */
const fill = ( template: string, value: string ) =>
	template.replace( '%s', value );

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
 * Sending: the thank-you shows only once onFinish's promise is fulfilled. Until then
 * the submit button says it is busy; if the server refuses the answers or cannot be
 * reached, a message (role alert, focused) says so, every answer stays as it was, the
 * visitor can go back to an answer the server named, and the answers go again with
 * Submit or Retry (not before a Retry-After is over), or by themselves: a failure's
 * `later` promise (the outbox sent them again) brings the thank-you, or the refusal.
 *
 * Each question answered or skipped before the last is handed to onAnswer as it is
 * given, so that the response is written as the visitor goes (again when a Back
 * changed it; not again when it is the same).
 *
 * settings.flow: a progress bar ("Question 2 of 5", see flow.tsx) and a Back button,
 * which returns to the question shown before, its answer in the inputs, and keeps
 * every answer given after it: going on shows each again with its answer (a pick
 * then waits for Next rather than moving on), until the visitor changes it.
 *
 * @param props The survey, strings, entitlements and callbacks.
 */
export function Widget( props: WidgetProps ) {
	const {
		survey,
		strings,
		features = {},
		questionTypes,
		limits,
		preview,
		inline,
		onFinish,
		onAnswer,
		onClose,
		onDismiss,
		onMinimizedChange,
	} = props;
	// Hidden fields collected at start: display logic may be about them (logic.ts).
	const fields = props.fields;
	const questions = survey.questions ?? [];
	const theming = survey.settings?.theming ?? {};

	const uid = useMemo( () => `uf${ ++instances }`, [] );
	const orders = useMemo( () => new Map< string, number[] >(), [] );
	const [ index, setIndex ] = useState( () =>
		Math.max( nextQuestion( questions, 0, [], fields ), 0 )
	);
	const [ answers, setAnswers ] = useState< Answer[] >( [] );
	// Answers of the questions after the one shown, kept by a Back (and the one gone back to).
	const [ restored, setRestored ] = useState< Record< number, Answer > >(
		{}
	);
	// What onAnswer last had for each question, and the progress bar's shares.
	const written = useMemo( () => new Map< number, string >(), [] );
	const shares = useMemo< number[] >( () => [], [] );
	const [ draft, setDraft ] = useState< Draft >( EMPTY );
	const [ finished, setFinished ] = useState( !! props.initialFinished );
	const [ minimized, setMinimized ] = useState(
		! inline && !! props.minimized
	);
	const [ closed, setClosed ] = useState( false );
	const [ outbox, setOutbox ] = useState< Outbox | null >( null );
	const [ announcement, setAnnouncement ] = useState( '' );
	const root = useRef< HTMLDivElement >( null );
	// Floating on a visitor's page (not inline, not the builder's preview): announced and
	// reachable from the start of the page.
	const floating = ! inline && ! preview;
	// Where the skip link takes the keyboard: the toggle, the question or the thank-you.
	const goTo = useRef( () => {} );
	// Each sending of the answers (Submit, Retry) counts: only the latest one's outcome shows.
	const sent = useRef( 0 );
	const focusNext = useRef( false );
	const focusAlert = useRef( false );
	// Where the focus was when the widget appeared (it takes none then): closing
	// hands it back.
	const before = useRef< Element | null >( null );
	useLayoutEffect( () => {
		before.current = root.current?.ownerDocument.activeElement ?? null;
	}, [] );

	// Announced once, through a polite live region that is on the page before its text
	// (a region added with its text already in it is not read out).
	useEffect( () => {
		if ( ! floating ) {
			return;
		}
		const timer = setTimeout(
			() =>
				setAnnouncement(
					fill(
						strings.survey_opened ||
							'A survey is open: %s. Use the “Skip to survey” link at the start of the page to go to it.',
						survey.title
					)
				),
			SETTLE_MS
		);
		return () => clearTimeout( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it first opens.
	}, [] );

	// While it is on the page, a skip link first in the page's tab order leads to it
	// (on a theme's front page it is otherwise dozens of Tab presses away). It goes to
	// the start of <body>, outside the widget's own element: after the widget's first
	// paint, since a node put before all of the page's own makes the browser lay out the
	// whole page again, which in the render's task blocked the page's input too long.
	useEffect( () => {
		const doc = root.current?.ownerDocument;
		if ( ! floating || closed || ! doc ) {
			return;
		}
		const link = doc.createElement( 'a' );
		link.className = 'uf-skip-link';
		link.href = `#${ uid }-survey`;
		link.textContent = fill(
			strings.skip_to_survey || 'Skip to survey: %s',
			survey.title
		);
		link.addEventListener( 'click', ( event ) => {
			event.preventDefault();
			goTo.current();
		} );
		doc.body.prepend( link );
		return () => link.remove();
	}, [ floating, closed, uid, survey.title, strings.skip_to_survey ] );

	const font = theming.font;
	// A layout effect runs within the render that changed the font: an admin preview that put the
	// font's stylesheet on the page first is then always found, where a deferred effect could run
	// after the preview had moved on to another weight and leave a stale stylesheet behind.
	useLayoutEffect(
		() => loadFont( { font } ),
		// eslint-disable-next-line react-hooks/exhaustive-deps -- the font's values, not its object.
		[ font?.family, font?.weight, font?.url ]
	);

	// A Retry-After holds Submit and Retry until it is over.
	const wait = outbox?.waiting ? ( outbox.failure?.wait ?? 0 ) : 0;
	useEffect( () => {
		if ( ! wait ) {
			return;
		}
		const timer = setTimeout(
			() => setOutbox( ( box ) => box && { ...box, waiting: false } ),
			wait * 1000
		);
		return () => clearTimeout( timer );
	}, [ wait, outbox?.failure ] );

	// Within the render that changed the question: focus never rests on the page between
	// one question and the next, where a key pressed in that moment would be lost.
	useLayoutEffect( () => {
		if ( ! ( focusNext.current || focusAlert.current ) || ! root.current ) {
			return;
		}
		let selector = focusAlert.current ? '.uf-alert' : '.uf-q-title';
		focusNext.current = focusAlert.current = false;
		if ( minimized ) {
			selector = '.uf-toggle';
		} else if ( finished ) {
			selector = inline ? '.uf-thanks' : '.uf-done';
		}
		root.current.querySelector< HTMLElement >( selector )?.focus();
	} );

	goTo.current = () => {
		let selector = '.uf-q-title';
		if ( minimized ) {
			selector = '.uf-toggle';
		} else if ( finished ) {
			selector = '.uf-done';
		}
		root.current?.querySelector< HTMLElement >( selector )?.focus();
	};

	if ( closed || ( ! questions.length && ! finished ) ) {
		return null;
	}

	const question = questions[ Math.min( index, questions.length - 1 ) ];
	const type = question?.type;
	const info = questionTypes?.[ type ];
	const Component = componentOf( type );
	// A pick answers at once where the type says so, unless there is a comment to
	// write, or the answers wait to be sent again (the pick is then held for Submit).
	const auto =
		( info ? info.auto_advance : !! Component.picks ) &&
		! question.settings?.comment_box &&
		! outbox &&
		! restored[ question.id ];
	// Some types can never be skipped; "required" blocks Skip only with the entitlement.
	const blocks =
		( info ? info.required : !! Component.unskippable ) ||
		( !! features.question_settings && !! question?.settings?.required );
	const busy = !! ( outbox?.sending || outbox?.waiting );
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

	/**
	 * The next question to ask after `given`, and the answers up to it. After the
	 * server refused the answers, the questions that had one keep it: fixing one
	 * answer goes straight on to the next question without one, or to sending.
	 *
	 * @param given Answers so far, the current question's last.
	 * @param from  Index to look from.
	 */
	const ahead = ( given: Answer[], from: number ): [ number, Answer[] ] => {
		let path = given;
		let to = nextQuestion( questions, from, path, fields );
		while ( to >= 0 ) {
			const kept = outbox?.answers.find(
				( { question_id: id } ) => id === questions[ to ].id
			);
			if ( ! kept ) {
				break;
			}
			path = [ ...path, kept ];
			to = nextQuestion( questions, to + 1, path, fields );
		}
		return [ to, path ];
	};
	const lastOne =
		ahead(
			[ ...answers, answer( answered ? value : null ) ],
			index + 1
		)[ 0 ] < 0;

	const finish = ( given: Answer[] ) => {
		const done = () => {
			focusNext.current = true;
			setOutbox( null );
			setDraft( EMPTY );
			// The builder's preview sends nothing and starts again from scratch.
			setAnswers( preview ? [] : given );
			setFinished( true );
		};
		if ( preview ) {
			done();
			return;
		}
		const url = features.thank_you_redirect
			? redirectUrl( survey, given )
			: '';
		let pending: unknown;
		const mine = ++sent.current;
		try {
			pending = onFinish?.(
				given,
				Math.min( index, questions.length - 1 )
			);
		} catch ( error ) {
			pending = Promise.reject( error );
		}
		if (
			typeof ( pending as PromiseLike< unknown > )?.then !== 'function'
		) {
			done();
			if ( url ) {
				navigation.assign( url );
			}
			return;
		}
		// The question on screen stays as it is, with its answer, while the answers go.
		const at = given.findIndex(
			( { question_id: id } ) => id === question.id
		);
		if ( at >= 0 ) {
			setAnswers( given.slice( 0, at ) );
			setDraft( draftOf( given[ at ] ) );
		}
		// A retry after a network failure keeps its message up, the Retry button busy.
		setOutbox( ( box ) => {
			const again = box?.failure?.kind === 'unreachable' && box.alert;
			return {
				answers: given,
				sending: true,
				failure: again && box ? box.failure : null,
				alert: again,
				waiting: false,
			};
		} );
		const sentAt =
			( then: ( outcome: unknown ) => void ) => ( outcome: unknown ) =>
				mine === sent.current && then( outcome );
		const stored = sentAt( () => {
			done();
			if ( url ) {
				navigation.assign( url );
			}
		} );
		const failed = sentAt( ( error: unknown ) => {
			const failure =
				error instanceof SendFailure
					? error
					: new SendFailure( 'unreachable' );
			focusAlert.current = true;
			setOutbox( {
				answers: given,
				sending: false,
				failure,
				alert: true,
				waiting: failure.wait > 0,
			} );
			// Sent again by itself: the thank-you, or the refusal, once it is.
			failure.later?.then( stored, failed );
		} );
		( pending as PromiseLike< unknown > ).then( stored, failed );
	};

	const commit = ( given: AnswerValue ) => {
		if ( busy ) {
			return;
		}
		const [ to, next ] = ahead(
			[ ...answers, answer( isEmpty( given ) ? null : given ) ],
			index + 1
		);
		if ( to < 0 ) {
			finish( next );
			return;
		}
		const made = next[ answers.length ];
		const sign = JSON.stringify( made );
		if ( ! preview && written.get( made.question_id ) !== sign ) {
			written.set( made.question_id, sign );
			onAnswer?.( made, to );
		}
		focusNext.current = true;
		setDraft( draftOf( restored[ questions[ to ].id ] ) );
		setAnswers( next );
		setIndex( to );
	};

	/** Back to the question shown before this one, with its answer; this one's is kept. */
	const back = () => {
		const prev = answers[ answers.length - 1 ];
		if ( ! prev || busy ) {
			return;
		}
		const keep = { ...restored, [ prev.question_id ]: prev };
		delete keep[ question.id ];
		if ( answered ) {
			keep[ question.id ] = answer( value );
		}
		focusNext.current = true;
		setRestored( keep );
		setAnswers( answers.slice( 0, -1 ) );
		setDraft( draftOf( prev ) );
		setIndex(
			questions.findIndex( ( item ) => item.id === prev.question_id )
		);
	};

	const submit = () => {
		if ( answered || ! blocks ) {
			commit( value );
		}
	};

	/**
	 * Back to a question whose answer the server refused, with its answer as given; the
	 * answers before it stay, and those after it wait in the outbox.
	 *
	 * @param id The question's id.
	 */
	const goBack = ( id: number ) => {
		const kept = outbox?.answers ?? [];
		const at = kept.findIndex( ( item ) => item.question_id === id );
		const to = questions.findIndex( ( item ) => item.id === id );
		if ( at < 0 || to < 0 || ! outbox ) {
			return;
		}
		focusNext.current = true;
		setAnswers( kept.slice( 0, at ) );
		setDraft( draftOf( kept[ at ] ) );
		setIndex( to );
		setOutbox( { ...outbox, alert: false } );
	};

	const restart = () => {
		focusNext.current = true;
		written.clear();
		setRestored( {} );
		setOutbox( null );
		setAnswers( [] );
		setDraft( EMPTY );
		setFinished( false );
		setIndex( Math.max( nextQuestion( questions, 0, [], fields ), 0 ) );
	};

	const minimize = ( on: boolean ) => {
		focusNext.current = true;
		setMinimized( on );
		onMinimizedChange?.( on );
	};

	const close = ( dismissed = false ) => {
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
		if ( dismissed ) {
			onDismiss?.();
		}
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

	const failure = outbox?.failure;
	// The questions the server named, other than the one on screen, to go back to.
	const faults = questions.filter(
		( item ) => failure?.questions[ item.id ] && item.id !== question.id
	);
	let submitLabel = theming.next_text || strings.next;
	if ( outbox?.sending ) {
		submitLabel = strings.sending;
	} else if ( lastOne ) {
		submitLabel = strings.submit;
	}

	const titleId = `${ uid }-survey`;
	const flow = survey.settings?.flow ?? {};
	let progress = null;
	if ( flow.progress_bar && ! finished ) {
		const { at, total } = progressOf(
			questions,
			index,
			[
				...answers,
				answer( answered ? value : null ),
				...Object.values( restored ),
			],
			answers.length,
			fields
		);
		progress = (
			<Progress
				id={ `${ uid }-progress` }
				at={ at }
				total={ total }
				share={ shareOf( shares, at, total ) }
				template={ strings.progress }
			/>
		);
	}
	return (
		<div
			ref={ root }
			className={ rootClass }
			style={ themeStyle( theming ) }
		>
			{ floating && (
				// A polite live region of its own (not a second role=status beside the
				// thank-you's): there as long as the widget is, minimised or not.
				<div className="uf-sr" aria-live="polite" aria-atomic="true">
					{ announcement }
				</div>
			) }
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
									onClick={ () => close( ! finished ) }
								>
									<Glyph d={ CLOSE } />
								</button>
							</>
						) }
					</div>

					{ progress }

					{ ! finished && failure && outbox?.alert && (
						<SendAlert
							failure={ failure }
							faults={ faults }
							sending={ outbox.sending }
							waiting={ outbox.waiting }
							strings={ strings }
							onBack={ goBack }
							onRetry={ submit }
						/>
					) }

					{ ! finished && (
						<form
							aria-busy={ outbox?.sending || undefined }
							onSubmit={ ( event ) => {
								event.preventDefault();
								submit();
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
								info={ info }
								limits={ limits }
								icons={ survey.icons }
								error={
									outbox?.sending
										? undefined
										: failure?.questions[ question.id ]
								}
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
								{ flow.back_button &&
									answers.length > 0 &&
									! outbox && (
										<button
											type="button"
											className="uf-back"
											onClick={ back }
										>
											{ strings.back || 'Back' }
										</button>
									) }
								{ ! blocks && (
									<button
										type="button"
										className="uf-link"
										aria-disabled={ busy || undefined }
										onClick={ () => commit( null ) }
									>
										{ theming.skip_text || strings.skip }
									</button>
								) }
								{ ! auto && (
									// aria-disabled rather than disabled while busy: the
									// focus stays on the button that was pressed.
									<button
										type="submit"
										className="uf-btn"
										disabled={ blocks && ! answered }
										aria-disabled={ busy || undefined }
									>
										{ submitLabel }
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
								onClick={ () => close() }
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
