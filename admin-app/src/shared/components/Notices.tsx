import { Notice } from '@wordpress/components';

import { useNotices } from '../notices';

/** The notices area of the shell: toasts added through `notify` or `useNotices`. */
export function Notices() {
	const notices = useNotices( ( state ) => state.notices );
	const dismiss = useNotices( ( state ) => state.dismiss );
	if ( notices.length === 0 ) {
		return null;
	}
	return (
		<div className="userfeedback-notices">
			{ notices.map( ( notice ) => (
				<Notice
					key={ notice.id }
					status={ notice.status }
					isDismissible={ notice.isDismissible }
					onRemove={ () => dismiss( notice.id ) }
					politeness={
						notice.status === 'error' ? 'assertive' : 'polite'
					}
					className={
						notice.leaving
							? 'userfeedback-notice is-leaving'
							: 'userfeedback-notice'
					}
				>
					{ notice.content }
				</Notice>
			) ) }
		</div>
	);
}
