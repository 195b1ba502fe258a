/**
 * When a floating survey starts (behavior.timing, spec 3 section 4): immediate,
 * delay, before_abandon (exit intent), half_page (scroll), event (a custom DOM event
 * the site dispatches) or click (on an element matching a CSS selector). A chunk of
 * its own (build/widget/triggers.<hash>.js): boot.ts imports it only for a survey that
 * does not start at once.
 */
import type { Device, SurveyTarget, WidgetConfig } from './types';

/**
 * Calls `fire` once, when the survey's timing says so, then removes its listeners
 * and timer. Without the behavior addon every survey starts at once; so does a
 * before_abandon survey on a tablet or a phone, which has no pointer to leave with.
 * An event survey listens on window and document (an event dispatched on either, or
 * bubbling up to them); a click survey on clicks anywhere in the document whose target
 * is inside an element matching the selector (delegated, in the capture phase, so a
 * page that stops the click's propagation still starts it). An empty event name, and an
 * empty or invalid selector, never start the survey (and never throw).
 *
 * @param survey The survey.
 * @param config Widget config (features).
 * @param device The visitor's device tier.
 * @param fire   Starts the survey.
 */
export function onTrigger(
	survey: SurveyTarget,
	config: WidgetConfig,
	device: Device,
	fire: () => void
): void {
	const {
		timing,
		timing_delay: delay = 20,
		event_name: event,
		click_selector: selector,
	} = ( config.features?.behavior && survey.settings.behavior ) || {};
	let below = false;
	let timer: ReturnType< typeof setTimeout > | undefined;

	const go = () => {
		clearTimeout( timer );
		removeEventListener( 'scroll', scrolled );
		removeEventListener( 'mousemove', moved );
		removeEventListener( 'mouseout', moved );
		if ( event ) {
			removeEventListener( event, go );
			document.removeEventListener( event, go );
		}
		document.removeEventListener( 'click', clicked, true );
		fire();
	};
	// A click inside an element the selector matches (the selector was checked).
	function clicked( { target }: MouseEvent ) {
		if ( ( target as Element ).closest?.( selector! ) ) {
			go();
		}
	}
	// Half of what can be scrolled; a page too short to scroll is all seen.
	function scrolled() {
		if (
			scrollY >=
			( document.documentElement.scrollHeight - innerHeight ) / 2
		) {
			go();
		}
	}
	// Exit intent: into the top 150 px after having been below them, or out of the
	// window from there. Mouse events bubble up to the window.
	function moved( { clientY, type, relatedTarget }: MouseEvent ) {
		if ( clientY >= 150 ) {
			below = true;
		} else if ( below || ( type === 'mouseout' && ! relatedTarget ) ) {
			go();
		}
	}

	if ( timing === 'delay' ) {
		// At most 60 s; a negative or unreadable delay is none (setTimeout takes it as 0).
		timer = setTimeout( go, Math.min( 60, delay ) * 1000 );
	} else if ( timing === 'half_page' ) {
		addEventListener( 'scroll', scrolled, { passive: true } );
		scrolled();
	} else if ( timing === 'before_abandon' && device === 'desktop' ) {
		addEventListener( 'mousemove', moved );
		addEventListener( 'mouseout', moved );
	} else if ( timing === 'event' ) {
		if ( event ) {
			addEventListener( event, go );
			document.addEventListener( event, go );
		}
	} else if ( timing === 'click' ) {
		try {
			// Throws on an invalid selector: that survey never starts.
			document.querySelector( selector! );
			if ( selector ) {
				document.addEventListener( 'click', clicked, true );
			}
		} catch {}
	} else {
		// immediate, unknown timings, and before_abandon without a mouse.
		go();
	}
}
