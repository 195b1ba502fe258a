import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { EmptyState } from './States';

/** A screen inside the shell: its heading, optional actions beside it, its content. */
export function Page( {
	title,
	actions,
	children,
}: {
	title: string;
	actions?: ReactNode;
	children?: ReactNode;
} ) {
	return (
		<section className="userfeedback-page">
			<div className="userfeedback-page__header">
				<h2 className="userfeedback-page__title">{ title }</h2>
				{ actions && (
					<div className="userfeedback-page__actions">
						{ actions }
					</div>
				) }
			</div>
			{ children }
		</section>
	);
}

/** Any path a page does not know: say so and offer the way back. */
export function NotFound() {
	return (
		<Page title={ __( 'Page not found', 'userfeedback' ) }>
			<EmptyState
				title={ __(
					'There is nothing at this address.',
					'userfeedback'
				) }
				action={
					<Link to="/">{ __( 'Go back', 'userfeedback' ) }</Link>
				}
			/>
		</Page>
	);
}
