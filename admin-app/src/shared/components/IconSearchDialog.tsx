/**
 * A dialog of icons to choose from: a search field that narrows the list and a grid
 * of buttons, the selected one pressed. Choosing an icon reports it and closes. A long
 * list shows its first `limit` matches and says how to find the others.
 */
import { useState, type ReactNode } from 'react';
import { Modal, SearchControl, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

export function IconSearchDialog< Icon >( {
	title,
	search,
	nameOf,
	renderIcon,
	labelOf,
	selected,
	onSelect,
	onClose,
	status,
	limit = Infinity,
}: {
	title: string;
	/** The icons matching what the user typed (all when empty). */
	search: ( text: string ) => Icon[];
	/** The icon's unique name, compared with `selected`. */
	nameOf: ( icon: Icon ) => string;
	/** The button's content. */
	renderIcon: ( icon: Icon ) => ReactNode;
	/** The button's accessible name, when its content has no text. */
	labelOf?: ( icon: Icon ) => string;
	selected: string | null;
	onSelect: ( icon: Icon ) => void;
	onClose: () => void;
	/** Shown instead of the list while the icons load (or when they could not). */
	status?: 'loading' | string;
	/** Most icons shown at once. */
	limit?: number;
} ) {
	const [ text, setText ] = useState( '' );
	const found = status ? [] : search( text );
	const icons = found.slice( 0, limit );
	let body: ReactNode = null;
	if ( status === 'loading' ) {
		body = (
			<p>
				<Spinner /> { __( 'Loading icons…', 'userfeedback' ) }
			</p>
		);
	} else if ( status ) {
		body = <p role="alert">{ status }</p>;
	} else if ( icons.length === 0 ) {
		body = <p>{ __( 'No icons found.', 'userfeedback' ) }</p>;
	}
	return (
		<Modal
			title={ title }
			onRequestClose={ onClose }
			className="userfeedback-icon-picker"
		>
			<SearchControl
				__nextHasNoMarginBottom
				label={ __( 'Search icons', 'userfeedback' ) }
				value={ text }
				onChange={ setText }
			/>
			{ found.length > icons.length && (
				<p className="userfeedback-icon-picker__more">
					{ sprintf(
						/* translators: 1: icons shown, 2: icons that match. */
						_n(
							'Showing %1$d of %2$d icon. Type to narrow the list.',
							'Showing %1$d of %2$d icons. Type to narrow the list.',
							found.length,
							'userfeedback'
						),
						icons.length,
						found.length
					) }
				</p>
			) }
			{ body ?? (
				<ul className="userfeedback-icon-picker__grid">
					{ icons.map( ( icon ) => (
						<li key={ nameOf( icon ) }>
							<button
								type="button"
								className="userfeedback-icon-picker__icon"
								aria-label={ labelOf?.( icon ) }
								aria-pressed={ nameOf( icon ) === selected }
								onClick={ () => {
									onSelect( icon );
									onClose();
								} }
							>
								{ renderIcon( icon ) }
							</button>
						</li>
					) ) }
				</ul>
			) }
		</Modal>
	);
}
