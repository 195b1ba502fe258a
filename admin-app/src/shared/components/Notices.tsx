import { Notice } from '@wordpress/components';

import { useNotices, type NoticeItem } from '../notices';

/**
 * The notices area of the shell: notices added through `notify` or `useNotices`. The
 * server's banners sit at the top of the screen, in the page; every other notice (toasts:
 * saved, saving, errors) floats in a corner, so that neither its coming nor its going moves
 * the page under the pointer (a click on a button that jumps away as a toast leaves is lost).
 */
export function Notices() {
	const notices = useNotices( ( state ) => state.notices );
	const dismiss = useNotices( ( state ) => state.dismiss );
	if ( notices.length === 0 ) {
		return null;
	}
	const banners = notices.filter( ( notice ) => notice.banner );
	const toasts = notices.filter( ( notice ) => ! notice.banner );
	const show = ( notice: NoticeItem ) => (
		<Notice
			key={ notice.id }
			status={ notice.status }
			isDismissible={ notice.isDismissible }
			onRemove={ () => dismiss( notice.id ) }
			politeness={ notice.status === 'error' ? 'assertive' : 'polite' }
			className={
				notice.leaving
					? 'userfeedback-notice is-leaving'
					: 'userfeedback-notice'
			}
		>
			{ notice.content }
		</Notice>
	);
	return (
		<div className="userfeedback-notices">
			{ banners.length > 0 && (
				<div className="userfeedback-notices__banners">
					{ banners.map( show ) }
				</div>
			) }
			{ toasts.length > 0 && (
				<div className="userfeedback-notices__toasts">
					{ toasts.map( show ) }
				</div>
			) }
		</div>
	);
}
