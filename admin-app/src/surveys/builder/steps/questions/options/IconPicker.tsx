/**
 * A dialog listing the built-in icons, filtered by a substring of their names.
 */
import { useState } from 'react';
import { Modal, SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { searchIcons, type IconDefinition } from './icons';

export function IconPicker( {
	selected,
	onSelect,
	onClose,
}: {
	selected: string | null;
	onSelect: ( icon: IconDefinition ) => void;
	onClose: () => void;
} ) {
	const [ search, setSearch ] = useState( '' );
	const icons = searchIcons( search );
	return (
		<Modal
			title={ __( 'Choose an Icon', 'userfeedback' ) }
			onRequestClose={ onClose }
			className="userfeedback-icon-picker"
		>
			<SearchControl
				__nextHasNoMarginBottom
				label={ __( 'Search icons', 'userfeedback' ) }
				value={ search }
				onChange={ setSearch }
			/>
			{ icons.length === 0 ? (
				<p>{ __( 'No icons found.', 'userfeedback' ) }</p>
			) : (
				<ul className="userfeedback-icon-picker__grid">
					{ icons.map( ( icon ) => (
						<li key={ icon.name }>
							<button
								type="button"
								className="userfeedback-icon-picker__icon"
								aria-pressed={ icon.name === selected }
								onClick={ () => {
									onSelect( icon );
									onClose();
								} }
							>
								<span aria-hidden="true">{ icon.glyph }</span>
								<span>{ icon.name }</span>
							</button>
						</li>
					) ) }
				</ul>
			) }
		</Modal>
	);
}
