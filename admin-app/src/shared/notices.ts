/**
 * Toasts and banners shown in the notices area of the app shell. UI state only, so
 * zustand rather than react-query.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';

import { plainText } from './plainText';

export type NoticeStatus = 'info' | 'success' | 'warning' | 'error';

/** How long a notice stays by default, in ms. */
export const DEFAULT_TIMEOUT = 5000;
/** Length of the fade-out before a closed notice leaves the DOM, in ms. */
export const FADE_MS = 500;

export interface NoticeItem {
	id: string;
	status: NoticeStatus;
	content: ReactNode;
	isDismissible: boolean;
	/** ms before it fades out by itself; -1 keeps it until closed. */
	timeout: number;
	/**
	 * A banner of the page (the server's notices), shown at the top of the screen; any other
	 * notice floats in a corner, so that it moves nothing when it comes or goes.
	 */
	banner: boolean;
	/** True while fading out. */
	leaving: boolean;
}

export interface NoticeInput {
	/** Adding a notice with the id of a shown one replaces it (e.g. 'Saving…' by 'Saved.'). */
	id?: string;
	status?: NoticeStatus;
	content: ReactNode;
	isDismissible?: boolean;
	timeout?: number;
	/** See NoticeItem.banner (default false). */
	banner?: boolean;
}

interface NoticesState {
	notices: NoticeItem[];
	add: ( notice: NoticeInput ) => string;
	/** Fades the notice out, then removes it. */
	dismiss: ( id: string ) => void;
	/** Removes at once, without the fade. */
	remove: ( id: string ) => void;
	clear: () => void;
}

// Timers are not state: keeping them out of the store means no re-render per tick.
const timers = new Map< string, ReturnType< typeof setTimeout >[] >();
let sequence = 0;

function clearTimers( id: string ) {
	timers.get( id )?.forEach( clearTimeout );
	timers.delete( id );
}

function addTimer( id: string, callback: () => void, ms: number ) {
	const handle = setTimeout( callback, ms );
	timers.set( id, [ ...( timers.get( id ) ?? [] ), handle ] );
}

export const useNotices = create< NoticesState >()( ( set, get ) => ( {
	notices: [],

	add: ( input ) => {
		// One notice per event: the same words shown again (a second click, a retry)
		// take the place of the notice that says them instead of stacking under it.
		const same =
			input.id === undefined && typeof input.content === 'string'
				? get().notices.find(
						( n ) =>
							! n.leaving &&
							n.status === ( input.status ?? 'info' ) &&
							n.content === plainText( input.content as string )
					)
				: undefined;
		const id = input.id ?? same?.id ?? `notice-${ ++sequence }`;
		const notice: NoticeItem = {
			id,
			status: input.status ?? 'info',
			// One place for every notice: no raw entities (&#8217;) from server texts.
			content:
				typeof input.content === 'string'
					? plainText( input.content )
					: input.content,
			isDismissible: input.isDismissible ?? true,
			timeout: input.timeout ?? DEFAULT_TIMEOUT,
			banner: input.banner ?? false,
			leaving: false,
		};
		clearTimers( id );
		set( ( state ) => {
			const index = state.notices.findIndex( ( n ) => n.id === id );
			if ( index === -1 ) {
				return { notices: [ ...state.notices, notice ] };
			}
			const notices = state.notices.slice();
			notices[ index ] = notice;
			return { notices };
		} );
		if ( notice.timeout >= 0 ) {
			addTimer( id, () => get().dismiss( id ), notice.timeout );
		}
		return id;
	},

	dismiss: ( id ) => {
		const notice = get().notices.find( ( n ) => n.id === id );
		if ( ! notice || notice.leaving ) {
			return;
		}
		clearTimers( id );
		set( ( state ) => ( {
			notices: state.notices.map( ( n ) =>
				n.id === id ? { ...n, leaving: true } : n
			),
		} ) );
		addTimer( id, () => get().remove( id ), FADE_MS );
	},

	remove: ( id ) => {
		clearTimers( id );
		set( ( state ) => ( {
			notices: state.notices.filter( ( n ) => n.id !== id ),
		} ) );
	},

	clear: () => {
		[ ...timers.keys() ].forEach( clearTimers );
		set( { notices: [] } );
	},
} ) );

type Shortcut = (
	content: ReactNode,
	options?: Omit< NoticeInput, 'content' | 'status' >
) => string;

function shortcut( status: NoticeStatus ): Shortcut {
	return ( content, options ) =>
		useNotices.getState().add( { ...options, content, status } );
}

/** `notify.success( __( 'Settings saved.', 'userfeedback' ) )` from anywhere, hooks or not. */
export const notify = {
	info: shortcut( 'info' ),
	success: shortcut( 'success' ),
	warning: shortcut( 'warning' ),
	error: shortcut( 'error' ),
	dismiss: ( id: string ) => useNotices.getState().dismiss( id ),
};
