import { act, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Notices } from './components/Notices';
import { DEFAULT_TIMEOUT, FADE_MS, notify, useNotices } from './notices';

const notices = () => useNotices.getState().notices;

describe( 'notices store', () => {
	beforeEach( () => {
		vi.useFakeTimers();
		useNotices.getState().clear();
	} );
	afterEach( () => {
		vi.useRealTimers();
	} );

	it( 'fades a notice out after its timeout, then removes it', () => {
		notify.success( 'Settings saved.' );
		expect( notices() ).toMatchObject( [
			{ status: 'success', content: 'Settings saved.', leaving: false },
		] );

		vi.advanceTimersByTime( DEFAULT_TIMEOUT - 1 );
		expect( notices()[ 0 ].leaving ).toBe( false );

		vi.advanceTimersByTime( 1 );
		expect( notices()[ 0 ].leaving ).toBe( true );

		vi.advanceTimersByTime( FADE_MS - 1 );
		expect( notices() ).toHaveLength( 1 );
		vi.advanceTimersByTime( 1 );
		expect( notices() ).toHaveLength( 0 );
	} );

	it( 'honours a custom timeout in ms', () => {
		notify.info( 'Copied to Clipboard', { timeout: 1000 } );
		vi.advanceTimersByTime( 1000 + FADE_MS );
		expect( notices() ).toHaveLength( 0 );
	} );

	it( 'keeps a notice with timeout -1 until it is dismissed', () => {
		const id = notify.error( 'Persistent', { timeout: -1 } );
		vi.advanceTimersByTime( 60 * 60 * 1000 );
		expect( notices() ).toHaveLength( 1 );

		notify.dismiss( id );
		expect( notices()[ 0 ].leaving ).toBe( true );
		vi.advanceTimersByTime( FADE_MS );
		expect( notices() ).toHaveLength( 0 );
	} );

	it( 'replaces a notice with the same id and restarts its clock', () => {
		notify.info( 'Saving Changes…', { id: 'save', timeout: -1 } );
		vi.advanceTimersByTime( 10_000 );
		notify.success( 'Settings saved.', { id: 'save' } );

		expect( notices() ).toHaveLength( 1 );
		expect( notices()[ 0 ] ).toMatchObject( {
			status: 'success',
			content: 'Settings saved.',
		} );
		vi.advanceTimersByTime( DEFAULT_TIMEOUT - 1 );
		expect( notices() ).toHaveLength( 1 );
		vi.advanceTimersByTime( 1 + FADE_MS );
		expect( notices() ).toHaveLength( 0 );
	} );

	it( 'does not let an old timer remove a replacement', () => {
		notify.info( 'first', { id: 'same', timeout: 1000 } );
		vi.advanceTimersByTime( 900 );
		notify.info( 'second', { id: 'same', timeout: -1 } );
		vi.advanceTimersByTime( 10_000 );
		expect( notices() ).toMatchObject( [ { content: 'second' } ] );
	} );

	it( 'shows notices and fades one out when its close button is used', () => {
		// Scoped to the rendered tree: Notice also speaks its text into a live region.
		const { container } = render( <Notices /> );
		const view = within( container );
		const text = 'Please fix errors on this page.';
		act( () => {
			notify.warning( text, { timeout: -1 } );
		} );
		expect( view.getByText( text ) ).toBeInTheDocument();

		fireEvent.click(
			view.getByRole( 'button', { name: /close|dismiss/i } )
		);
		expect(
			view.getByText( text ).closest( '.userfeedback-notice' )
		).toHaveClass( 'is-leaving' );

		act( () => {
			vi.advanceTimersByTime( FADE_MS );
		} );
		expect( view.queryByText( text ) ).not.toBeInTheDocument();
	} );
} );
