/**
 * A dialog of icons to choose from: a search field that narrows the list and a grid
 * of buttons, the selected one pressed. Choosing an icon reports it and closes.
 */
import { useState, type ReactNode } from 'react';
import { Modal, SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

export function IconSearchDialog< Icon >( {
	title,
	search,
	nameOf,
	renderIcon,
	labelOf,
	selected,
	onSelect,
	onClose,
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
} ) {
	const [ text, setText ] = useState( '' );
	const icons = search( text );
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
			{ icons.length === 0 ? (
				<p>{ __( 'No icons found.', 'userfeedback' ) }</p>
			) : (
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
