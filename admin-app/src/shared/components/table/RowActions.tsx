import { Link } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import type { RowAction } from './types';

/**
 * The links under a row's title. CSS keeps them out of sight until the row is
 * hovered or something in it has focus; screen readers and the keyboard always
 * reach them. Each is named with the row, e.g. 'Edit “Site feedback”'.
 */
export function RowActions( {
	actions,
	rowTitle,
}: {
	actions: RowAction[];
	rowTitle: string;
} ) {
	if ( actions.length === 0 ) {
		return null;
	}
	return (
		<div className="row-actions userfeedback-table__row-actions">
			{ actions.map( ( action, index ) => {
				const name = sprintf(
					/* translators: 1: action, e.g. "Edit"; 2: the row's title. */
					__( '%1$s “%2$s”', 'userfeedback' ),
					action.label,
					rowTitle
				);
				const className = action.isDestructive ? 'submitdelete' : '';
				let control;
				if ( action.to !== undefined ) {
					control = (
						<Link
							to={ action.to }
							aria-label={ name }
							className={ className }
						>
							{ action.label }
						</Link>
					);
				} else if ( action.href !== undefined ) {
					control = (
						<a
							href={ action.href }
							aria-label={ name }
							className={ className }
						>
							{ action.label }
						</a>
					);
				} else {
					control = (
						<button
							type="button"
							className={
								action.isDestructive
									? 'button-link button-link-delete'
									: 'button-link'
							}
							aria-label={ name }
							onClick={ action.onClick }
						>
							{ action.label }
						</button>
					);
				}
				return (
					<span key={ action.id } className={ action.id }>
						{ control }
						{ index < actions.length - 1 && (
							<span aria-hidden="true"> | </span>
						) }
					</span>
				);
			} ) }
		</div>
	);
}
