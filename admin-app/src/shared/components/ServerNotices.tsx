/**
 * The admin notice banners the server hands the page (config.notices). They go into
 * the shell's notices store, so they share its banners and its close fade; closing a
 * closable one dismisses it on the server once the fade is over.
 */
import { useEffect } from 'react';
import { __ } from '@wordpress/i18n';

import { ajax, type AjaxTarget } from '../api';
import { useConfig } from '../context';
import { FADE_MS, notify, useNotices, type NoticeStatus } from '../notices';
import type { ServerNotice } from '../types/notifications';
import { NotificationIcon } from './notifications/NotificationItem';

/** Spec 4/9: the close callback runs this long after the banner was closed. */
export const NOTICE_CLOSE_CALLBACK_MS = FADE_MS;

const KEY_PREFIX = 'server-notice-';
const STATUSES: NoticeStatus[] = [ 'info', 'success', 'warning' ];

function removeNoticeAction( notice: ServerNotice ): string {
	return notice.global
		? 'userfeedback_ajax_vue_remove_wp_notice'
		: 'userfeedback_ajax_vue_remove_notice';
}

function removeRemotely( notice: ServerNotice, target: AjaxTarget ) {
	ajax(
		removeNoticeAction( notice ),
		{ notice_id: notice.id },
		target
	).catch( () =>
		notify.error(
			__( 'The notice could not be dismissed.', 'userfeedback' )
		)
	);
}

function show( notice: ServerNotice ) {
	useNotices.getState().add( {
		id: KEY_PREFIX + notice.id,
		status: STATUSES.includes( notice.type ) ? notice.type : 'info',
		content: (
			<>
				<NotificationIcon icon={ notice.icon } />
				{ notice.content }
			</>
		),
		isDismissible: notice.isClosable,
		timeout: -1,
		banner: true,
	} );
}

/** Renders nothing itself: it feeds the banners to the notices area. */
export function ServerNotices() {
	const { notices, ajax: target } = useConfig();
	useEffect( () => {
		const open = new Map(
			( notices ?? [] )
				.filter( ( notice ) => ! notice.dismissed )
				.map( ( notice ) => [ KEY_PREFIX + notice.id, notice ] )
		);
		open.forEach( show );
		// A banner starts leaving only when the user closes it (they never time out).
		return useNotices.subscribe( ( state, previous ) => {
			for ( const item of state.notices ) {
				const notice = open.get( item.id );
				const before = previous.notices.find(
					( n ) => n.id === item.id
				);
				if ( notice && item.leaving && before && ! before.leaving ) {
					setTimeout(
						() => removeRemotely( notice, target ),
						NOTICE_CLOSE_CALLBACK_MS
					);
				}
			}
		} );
	}, [ notices, target ] );
	return null;
}
