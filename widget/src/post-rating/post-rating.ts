/**
 * The post-rating widget (build/widget/post-rating.js, deferred): hydrates every
 * .userfeedback-post-rating that PHP printed (PostRatings\Frontend\RatingMarkup).
 * Framework-free and apart from the survey loader, so that a rated post without a
 * survey downloads only this. Its strings come translated in the markup.
 *
 * The HTML is the same for every visitor (full-page caches): whether this visitor
 * voted lives in their browser only, and the vote route takes no cookie or nonce.
 */

const ROOT = 'userfeedback-post-rating';

/** localStorage key prefix; the value is the visitor's rating of that post. */
export const STORAGE_PREFIX = 'userfeedback_post_rating_';

interface VoteAnswer {
	count?: number;
	average?: number;
	message?: string;
}

/**
 * An average as the widget shows it: at most one decimal, no trailing .0 (5 -> "5",
 * 4.25 -> "4.3"), as RatingMarkup::format_average() prints it.
 */
export function formatAverage( average: number ): string {
	return String( Math.round( average * 10 ) / 10 );
}

function remembered( key: string ): number {
	try {
		const rating = Number( window.localStorage.getItem( key ) );
		return rating >= 1 && rating <= 5 ? rating : 0;
	} catch {
		// Storage switched off (privacy modes): nothing is remembered.
		return 0;
	}
}

function remember( key: string, rating: number ) {
	try {
		window.localStorage.setItem( key, String( rating ) );
	} catch {
		// As above: the vote counts, the browser just will not remember it.
	}
}

export function hydrate( root: HTMLElement ): void {
	if ( root.dataset.hydrated ) {
		return;
	}
	root.dataset.hydrated = '1';
	const key = STORAGE_PREFIX + root.dataset.postId;
	const part = ( name: string ) =>
		root.querySelector< HTMLElement >( `.${ ROOT }__${ name }` );
	const all = ( selector: string ) =>
		root.querySelectorAll< HTMLElement >( selector );
	const group = part( 'icons' );
	const buttons = Array.from(
		all( `.${ ROOT }__icon` )
	) as HTMLButtonElement[];
	let shown = buttons.filter( ( button ) =>
		button.classList.contains( 'is-filled' )
	).length;

	const paint = ( count: number ) =>
		buttons.forEach( ( button, index ) =>
			button.classList.toggle( 'is-filled', index < count )
		);
	const lock = ( locked: boolean ) =>
		buttons.forEach( ( button ) => {
			button.disabled = locked;
			button.setAttribute( 'aria-disabled', String( locked ) );
		} );
	const show = ( name: string, visible: boolean ) => {
		const element = part( name );
		if ( element ) {
			element.hidden = ! visible;
		}
	};
	const error = ( message: string ) => {
		let element = part( 'error' );
		if ( ! element && message ) {
			element = document.createElement( 'p' );
			element.className = `${ ROOT }__error`;
			element.setAttribute( 'role', 'alert' );
			group?.after( element );
		}
		if ( element ) {
			element.textContent = message;
			element.hidden = ! message;
		}
	};
	const voted = ( rating: number ) => {
		shown = rating;
		paint( rating );
		lock( true );
		show( 'instruction', false );
		show( 'thanks', true );
	};

	const vote = async ( rating: number, button: HTMLButtonElement ) => {
		lock( true );
		error( '' );
		let message = root.dataset.error || '';
		try {
			const response = await fetch(
				`${ root.dataset.rest }post-ratings/${ root.dataset.postId }/votes`,
				{
					method: 'POST',
					// Cache-safe: no cookies, so no nonce either (DESIGN.md 2).
					credentials: 'omit',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify( {
						rating,
						token: root.dataset.token,
					} ),
				}
			);
			const answer: VoteAnswer = await response
				.json()
				.catch( () => ( {} ) );
			if ( response.status === 201 ) {
				remember( key, rating );
				if (
					typeof answer.count === 'number' &&
					typeof answer.average === 'number'
				) {
					all( '[data-average]' ).forEach(
						( element ) =>
							( element.textContent = formatAverage(
								answer.average as number
							) )
					);
					all( '[data-count]' ).forEach(
						( element ) =>
							( element.textContent = String( answer.count ) )
					);
					show( 'average', true );
					show( 'count', true );
					show( 'none', false );
				}
				voted( rating );
				return;
			}
			if ( response.status < 500 && answer.message ) {
				message = answer.message;
			}
		} catch {
			// Offline or blocked: the fallback message.
		}
		error( message );
		lock( false );
		paint( shown );
		// Disabling the focused button dropped the keyboard user's focus: give it back.
		if ( ! root.contains( root.ownerDocument.activeElement ) ) {
			button.focus();
		}
	};

	buttons.forEach( ( button ) => {
		const rating = Number( button.dataset.rating );
		const preview = () => button.disabled || paint( rating );
		button.addEventListener( 'mouseenter', preview );
		button.addEventListener( 'focus', preview );
		// Buttons: Enter and Space click them.
		button.addEventListener( 'click', () => vote( rating, button ) );
	} );
	const restore = () => buttons[ 0 ]?.disabled || paint( shown );
	group?.addEventListener( 'mouseleave', restore );
	group?.addEventListener( 'focusout', restore );

	const rating = remembered( key );
	if ( rating ) {
		voted( rating );
	}
}

document.querySelectorAll< HTMLElement >( `.${ ROOT }` ).forEach( hydrate );
