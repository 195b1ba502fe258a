import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeConfig, makeSurvey } from './test/fixtures';
import { onTrigger } from './triggers';
import type { Device, VisitorSurvey } from './types';

type Behavior = NonNullable< VisitorSurvey[ 'settings' ][ 'behavior' ] >;

const realScrollY = Object.getOwnPropertyDescriptor( window, 'scrollY' );

/** Arms a trigger and returns the fire spy. */
function arm( behavior: Behavior, device: Device = 'desktop', features = {} ) {
	const fire = vi.fn();
	const survey = makeSurvey( { settings: { behavior } } );
	onTrigger(
		survey,
		makeConfig( {
			surveys: [ survey ],
			features: { behavior: true, ...features },
		} ),
		device,
		fire
	);
	return fire;
}

function setPage( { height, scrolled }: { height: number; scrolled: number } ) {
	Object.defineProperty( document.documentElement, 'scrollHeight', {
		value: height,
		configurable: true,
	} );
	Object.defineProperty( window, 'scrollY', {
		value: scrolled,
		configurable: true,
	} );
}

function scrollTo( y: number ) {
	Object.defineProperty( window, 'scrollY', {
		value: y,
		configurable: true,
	} );
	window.dispatchEvent( new Event( 'scroll' ) );
}

function pointer(
	clientY: number,
	type = 'mousemove',
	relatedTarget: EventTarget | null = null
) {
	document.body.dispatchEvent(
		new MouseEvent( type, { clientY, bubbles: true, relatedTarget } )
	);
}

beforeEach( () => {
	vi.useFakeTimers();
	window.innerHeight = 800;
} );

afterEach( () => {
	vi.useRealTimers();
	delete ( document.documentElement as { scrollHeight?: number } )
		.scrollHeight;
	if ( realScrollY ) {
		Object.defineProperty( window, 'scrollY', realScrollY );
	}
} );

describe( 'immediate', () => {
	it( 'fires at once', () => {
		expect( arm( { timing: 'immediate' } ) ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is what an unknown or missing timing does', () => {
		expect( arm( { timing: 'whenever' } ) ).toHaveBeenCalledTimes( 1 );
		expect( arm( {} ) ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is what every timing does without the behavior addon', () => {
		for ( const timing of [ 'delay', 'half_page', 'before_abandon' ] ) {
			setPage( { height: 5000, scrolled: 0 } );
			expect(
				arm( { timing, timing_delay: 30 }, 'desktop', {
					behavior: false,
				} )
			).toHaveBeenCalledTimes( 1 );
		}
	} );
} );

describe( 'delay', () => {
	it( 'fires after timing_delay seconds, not before', () => {
		const fire = arm( { timing: 'delay', timing_delay: 5 } );
		vi.advanceTimersByTime( 4999 );
		expect( fire ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 1 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
		vi.advanceTimersByTime( 60_000 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'waits 20 s by default', () => {
		const fire = arm( { timing: 'delay' } );
		vi.advanceTimersByTime( 19_999 );
		expect( fire ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 1 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'waits at most 60 s', () => {
		const fire = arm( { timing: 'delay', timing_delay: 600 } );
		vi.advanceTimersByTime( 59_999 );
		expect( fire ).not.toHaveBeenCalled();
		vi.advanceTimersByTime( 1 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'takes 0 and negative delays as none', () => {
		for ( const delay of [ 0, -5 ] ) {
			const fire = arm( { timing: 'delay', timing_delay: delay } );
			expect( fire ).not.toHaveBeenCalled();
			vi.advanceTimersByTime( 0 );
			expect( fire ).toHaveBeenCalledTimes( 1 );
		}
	} );
} );

describe( 'half_page', () => {
	it( 'fires once half of the scrollable height is scrolled', () => {
		// 3000 px of page in an 800 px window: 2200 px to scroll, half is 1100.
		setPage( { height: 3000, scrolled: 0 } );
		const fire = arm( { timing: 'half_page' } );
		expect( fire ).not.toHaveBeenCalled();
		scrollTo( 600 );
		scrollTo( 1099 );
		expect( fire ).not.toHaveBeenCalled();
		scrollTo( 1100 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
		scrollTo( 2000 );
		scrollTo( 1200 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'fires at once on a page already scrolled that far', () => {
		setPage( { height: 3000, scrolled: 1500 } );
		expect( arm( { timing: 'half_page' } ) ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'fires at once on a page too short to scroll', () => {
		setPage( { height: 600, scrolled: 0 } );
		expect( arm( { timing: 'half_page' } ) ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'listens passively and stops listening after firing', () => {
		const add = vi.spyOn( window, 'addEventListener' );
		const remove = vi.spyOn( window, 'removeEventListener' );
		setPage( { height: 3000, scrolled: 0 } );
		arm( { timing: 'half_page' } );
		expect( add ).toHaveBeenCalledWith( 'scroll', expect.any( Function ), {
			passive: true,
		} );
		scrollTo( 1500 );
		const listener = add.mock.calls[ 0 ][ 1 ];
		expect( remove ).toHaveBeenCalledWith( 'scroll', listener );
	} );

	it( 'ignores the pointer', () => {
		setPage( { height: 3000, scrolled: 0 } );
		const fire = arm( { timing: 'half_page' } );
		pointer( 500 );
		pointer( 20 );
		expect( fire ).not.toHaveBeenCalled();
	} );
} );

describe( 'before_abandon', () => {
	it( 'fires when the pointer moves up into the top 150 px', () => {
		const fire = arm( { timing: 'before_abandon' } );
		pointer( 400 );
		pointer( 200 );
		pointer( 150 );
		expect( fire ).not.toHaveBeenCalled();
		pointer( 149 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
		pointer( 400 );
		pointer( 10 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'does not fire at load with the pointer already near the top, nor moving down from there', () => {
		const fire = arm( { timing: 'before_abandon' } );
		pointer( 10 );
		pointer( 60 );
		pointer( 140 );
		pointer( 100 );
		expect( fire ).not.toHaveBeenCalled();
		pointer( 300 );
		pointer( 500 );
		expect( fire ).not.toHaveBeenCalled();
		pointer( 120 );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'fires when the pointer leaves the window through the top', () => {
		const fire = arm( { timing: 'before_abandon' } );
		pointer( 30 );
		// Leaving for another element of the page is not leaving.
		pointer( 20, 'mouseout', document.body );
		expect( fire ).not.toHaveBeenCalled();
		pointer( -1, 'mouseout' );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'does not fire when the pointer leaves through the bottom', () => {
		const fire = arm( { timing: 'before_abandon' } );
		pointer( 700 );
		pointer( 801, 'mouseout' );
		expect( fire ).not.toHaveBeenCalled();
	} );

	it( 'does not fire by itself', () => {
		const fire = arm( { timing: 'before_abandon' } );
		vi.advanceTimersByTime( 600_000 );
		expect( fire ).not.toHaveBeenCalled();
	} );

	it( 'stops listening after firing', () => {
		const remove = vi.spyOn( window, 'removeEventListener' );
		arm( { timing: 'before_abandon' } );
		pointer( 300 );
		pointer( 100 );
		expect( remove.mock.calls.map( ( [ type ] ) => type ) ).toEqual(
			expect.arrayContaining( [ 'mousemove', 'mouseout' ] )
		);
	} );

	it.each( [ 'tablet', 'mobile' ] as Device[] )(
		'starts at once on a %s (no pointer to leave with)',
		( device ) => {
			expect(
				arm( { timing: 'before_abandon' }, device )
			).toHaveBeenCalledTimes( 1 );
		}
	);
} );

describe( 'event (behavior.event_name)', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'fires once on the custom event, dispatched on window or document', () => {
		const onWindow = arm( { timing: 'event', event_name: 'cart:added' } );
		expect( onWindow ).not.toHaveBeenCalled();
		window.dispatchEvent( new CustomEvent( 'cart:added' ) );
		window.dispatchEvent( new CustomEvent( 'cart:added' ) );
		expect( onWindow ).toHaveBeenCalledTimes( 1 );

		const onDocument = arm( {
			timing: 'event',
			event_name: 'plan.chosen',
		} );
		document.dispatchEvent(
			new CustomEvent( 'plan.chosen', { bubbles: true } )
		);
		document.dispatchEvent( new CustomEvent( 'plan.chosen' ) );
		expect( onDocument ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'hears an event that bubbles up from an element', () => {
		const fire = arm( { timing: 'event', event_name: 'signup-done' } );
		const form = document.body.appendChild(
			document.createElement( 'form' )
		);
		form.dispatchEvent( new Event( 'signup-done' ) );
		expect( fire ).not.toHaveBeenCalled();
		form.dispatchEvent( new Event( 'signup-done', { bubbles: true } ) );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'ignores other events, and never fires without a name', () => {
		const fire = arm( { timing: 'event', event_name: 'cart:added' } );
		window.dispatchEvent( new CustomEvent( 'cart:removed' ) );
		expect( fire ).not.toHaveBeenCalled();
		const unnamed = arm( { timing: 'event', event_name: '' } );
		const missing = arm( { timing: 'event' } );
		window.dispatchEvent( new Event( '' ) );
		window.dispatchEvent( new Event( 'undefined' ) );
		vi.advanceTimersByTime( 600_000 );
		expect( unnamed ).not.toHaveBeenCalled();
		expect( missing ).not.toHaveBeenCalled();
	} );

	it( 'starts at once without the behavior addon', () => {
		expect(
			arm( { timing: 'event', event_name: 'x' }, 'desktop', {
				behavior: false,
			} )
		).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'click (behavior.click_selector)', () => {
	beforeEach( () => {
		document.body.innerHTML =
			'<main><a class="pricing" href="#p"><span id="inner">Plans</span></a><button id="other">Other</button></main>';
	} );

	afterEach( () => {
		document.body.innerHTML = '';
	} );

	const click = ( id: string ) =>
		document
			.getElementById( id )!
			.dispatchEvent( new MouseEvent( 'click', { bubbles: true } ) );

	it( 'fires once on a click inside a matching element (delegated)', () => {
		const fire = arm( { timing: 'click', click_selector: 'a.pricing' } );
		click( 'other' );
		expect( fire ).not.toHaveBeenCalled();
		click( 'inner' );
		click( 'inner' );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'fires for elements added after it was armed', () => {
		const fire = arm( { timing: 'click', click_selector: '[data-ask]' } );
		const late = document.body.appendChild(
			document.createElement( 'button' )
		);
		late.id = 'late';
		late.dataset.ask = '1';
		click( 'late' );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'fires even when the page stops the click from bubbling', () => {
		document
			.getElementById( 'inner' )!
			.addEventListener( 'click', ( event ) => event.stopPropagation() );
		const fire = arm( { timing: 'click', click_selector: '.pricing' } );
		click( 'inner' );
		expect( fire ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'an invalid or empty selector never fires and never throws', () => {
		const errors: unknown[] = [];
		const onError = ( event: ErrorEvent ) => errors.push( event.error );
		window.addEventListener( 'error', onError );
		for ( const selector of [ 'a[', '>>', '', undefined ] ) {
			let fire: ReturnType< typeof vi.fn > | undefined;
			expect( () => {
				fire = arm( { timing: 'click', click_selector: selector } );
			} ).not.toThrow();
			click( 'inner' );
			click( 'other' );
			expect( fire ).not.toHaveBeenCalled();
		}
		window.removeEventListener( 'error', onError );
		expect( errors ).toEqual( [] );
	} );

	it( 'stops listening after firing', () => {
		const remove = vi.spyOn( document, 'removeEventListener' );
		arm( { timing: 'click', click_selector: '.pricing' } );
		click( 'inner' );
		expect( remove ).toHaveBeenCalledWith(
			'click',
			expect.any( Function ),
			true
		);
	} );
} );
