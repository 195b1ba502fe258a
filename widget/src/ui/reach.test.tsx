/** @jsxImportSource preact */
/* eslint-disable @wordpress/no-global-active-element -- where the page's focus is, is what these tests check. */
/**
 * A floating survey a keyboard or screen-reader user can find (issue 17 item 11): it
 * is announced once in a polite live region, a skip link first in the page's tab order
 * leads into it, focus moves in only on the visitor's own action (the toggle), and a
 * visitor's × keeps it away for the browser session unless the survey says otherwise.
 */
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeBody, makeConfig, makeSurvey, strings } from '../test/fixtures';
import { hiddenReason } from '../select';
import type { SurveyBody, VisitorSurvey, WidgetConfig } from '../types';
import { mount } from './index';
import { startSession } from './session';
import { Widget } from './Widget';

/**
 * The session once start() has the survey's body (start() fetches it: start.test.tsx).
 *
 * @param config The widget config.
 * @param s      The survey.
 * @param host   The inline placeholder.
 * @param more   Body keys to change (strings).
 */
const start = (
	config: WidgetConfig,
	s: VisitorSurvey,
	host?: HTMLElement,
	more: Partial< SurveyBody > = {}
) => startSession( config, makeBody( s, more ), mount, host );

const REST = 'http://site.test/wp-json/userfeedback/v1/';
const ANNOUNCEMENT =
	'A survey is open: Visitor survey. Use the “Skip to survey” link at the start of the page to go to it.';

beforeEach( () => {
	vi.useFakeTimers();
	vi.stubGlobal(
		'fetch',
		vi.fn( async () => new Response( '{}', { status: 201 } ) )
	);
} );

afterEach( () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	document.body.innerHTML = '';
	document.cookie = 'userfeedback-survey-7=; max-age=0; path=/';
	document.cookie = 'userfeedback-survey-7-minimized=; max-age=0; path=/';
	sessionStorage.clear();
} );

const survey = ( more: Partial< VisitorSurvey > = {} ) =>
	makeSurvey( { title: 'Visitor survey', ...more } );

const region = () =>
	document.querySelector( '.userfeedback-widget .uf-sr[aria-live]' );

/** The announcement waits a moment, so that the region is on the page first. */
const settle = () =>
	act( () => {
		vi.advanceTimersByTime( 500 );
	} );

describe( 'the open survey is announced once', () => {
	it( 'puts its title and the way to it in a polite live region, once', () => {
		const button = document.body.appendChild(
			document.createElement( 'button' )
		);
		button.focus();
		start( makeConfig( { rest_url: REST } ), survey() );
		// The region is there, empty, before the announcement goes in.
		expect( region() ).toHaveTextContent( /^$/ );
		expect( region() ).toHaveAttribute( 'aria-live', 'polite' );
		settle();
		expect( region() ).toHaveTextContent( ANNOUNCEMENT );

		// Minimised and opened again: the same text, not a second announcement.
		const live = region()!;
		const changes: MutationRecord[] = [];
		const observer = new MutationObserver( ( records ) =>
			changes.push( ...records )
		);
		observer.observe( live, {
			childList: true,
			characterData: true,
			subtree: true,
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Minimize' } ) );
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Visitor survey' } )
		);
		settle();
		observer.disconnect();
		expect( region() ).toBe( live );
		expect( changes ).toEqual( [] );
	} );

	it( 'uses the translated string', () => {
		start( makeConfig( { rest_url: REST } ), survey(), undefined, {
			strings: {
				...strings,
				survey_opened: 'Une enquête est ouverte : %s.',
			},
		} );
		settle();
		expect( region() ).toHaveTextContent(
			'Une enquête est ouverte : Visitor survey.'
		);
	} );

	it( 'is not announced, and adds no skip link, inline or in the builder’s preview', () => {
		const host = document.body.appendChild(
			document.createElement( 'div' )
		);
		start( makeConfig( { rest_url: REST } ), survey(), host );
		render(
			<Widget
				survey={ survey( { id: 8 } ) }
				strings={ strings }
				preview
			/>
		);
		settle();
		expect( region() ).toBeNull();
		expect( document.querySelector( '.uf-skip-link' ) ).toBeNull();
	} );
} );

describe( 'the skip link', () => {
	it( 'is first in the tab order while the survey is open and takes the keyboard to the question', () => {
		document.body.innerHTML =
			'<a href="#main">Skip to content</a><main id="main"><a href="/a">A link</a></main>';
		start( makeConfig( { rest_url: REST } ), survey() );
		// Put there after the widget's first paint, not in the render's task.
		expect( document.querySelector( '.uf-skip-link' ) ).toBeNull();
		settle();
		const link = document.body.firstElementChild as HTMLAnchorElement;
		expect( link ).toHaveClass( 'uf-skip-link' );
		expect( link ).toHaveAccessibleName( 'Skip to survey: Visitor survey' );
		// Nothing was focused when the survey opened by itself.
		expect( document.activeElement ).toBe( document.body );

		fireEvent.click( link );
		expect( document.activeElement ).toBe(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		);
	} );

	it( 'leads to the toggle of a minimised survey, and goes when the survey is closed', () => {
		document.cookie = 'userfeedback-survey-7-minimized=1; path=/';
		start( makeConfig( { rest_url: REST } ), survey() );
		settle();
		const link =
			document.querySelector< HTMLAnchorElement >( '.uf-skip-link' )!;
		fireEvent.click( link );
		expect( document.activeElement ).toBe(
			screen.getByRole( 'button', { name: 'Visitor survey' } )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Visitor survey' } )
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( document.querySelector( '.uf-skip-link' ) ).toBeNull();
	} );
} );

describe( 'focus', () => {
	it( 'stays where it was when the survey opens by itself, and moves in when the visitor opens it with the toggle', () => {
		document.cookie = 'userfeedback-survey-7-minimized=1; path=/';
		const field = document.body.appendChild(
			document.createElement( 'input' )
		);
		field.focus();
		start( makeConfig( { rest_url: REST } ), survey() );
		settle();
		expect( document.activeElement ).toBe( field );

		fireEvent.click(
			screen.getByRole( 'button', { name: 'Visitor survey' } )
		);
		expect( document.activeElement ).toBe(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		);
	} );

	it( 'is not taken by a survey that opens already expanded', () => {
		const field = document.body.appendChild(
			document.createElement( 'input' )
		);
		field.focus();
		start( makeConfig( { rest_url: REST } ), survey() );
		settle();
		expect(
			screen.getByRole( 'dialog', { name: 'Visitor survey' } )
		).toBeVisible();
		expect( document.activeElement ).toBe( field );
	} );
} );

describe( 'a visitor’s × is remembered for the session', () => {
	const floating = ( s: ReturnType< typeof makeSurvey > ) =>
		hiddenReason( s, makeConfig( { surveys: [ s ] } ), 'desktop' );

	it( 'hides the survey on the next page of the session after ×', () => {
		const s = survey();
		start( makeConfig( { rest_url: REST } ), s );
		expect( floating( s ) ).toBeUndefined();
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( sessionStorage.getItem( 'uf_dismissed_7' ) ).toBe( '1' );
		expect( floating( s ) ).toBe( 'dismissed' );
		// Inline placements are the page's content: they stay.
		expect(
			hiddenReason( s, makeConfig( { surveys: [ s ] } ) )
		).toBeUndefined();
	} );

	it( 'is not remembered when the survey turns it off', () => {
		const s = survey();
		s.settings = {
			...s.settings,
			behavior: { ...s.settings.behavior, remember_dismissal: false },
		};
		start( makeConfig( { rest_url: REST } ), s );
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( sessionStorage.getItem( 'uf_dismissed_7' ) ).toBeNull();
		// Even a key left by an earlier setting does not hide it then.
		sessionStorage.setItem( 'uf_dismissed_7', '1' );
		expect( floating( s ) ).toBeUndefined();
	} );

	it( 'is not a dismissal to close the thank-you, or to minimise', () => {
		const s = survey( {
			questions: [ makeSurvey().questions[ 0 ] ],
		} );
		start( makeConfig( { rest_url: REST } ), s );
		fireEvent.click( screen.getByRole( 'button', { name: 'Minimize' } ) );
		expect( sessionStorage.getItem( 'uf_dismissed_7' ) ).toBeNull();
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Visitor survey' } )
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
		return act( async () => {
			await vi.runAllTimersAsync();
		} ).then( () => {
			fireEvent.click(
				screen
					.getAllByRole( 'button', { name: 'Close' } )
					.slice( -1 )[ 0 ]
			);
			expect( sessionStorage.getItem( 'uf_dismissed_7' ) ).toBeNull();
		} );
	} );
} );
