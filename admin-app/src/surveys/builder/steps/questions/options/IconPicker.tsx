/**
 * A dialog listing the built-in icons, filtered by a substring of their names.
 */
import { __ } from '@wordpress/i18n';

import { IconSearchDialog } from '../../../../../shared/components/IconSearchDialog';
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
	return (
		<IconSearchDialog
			title={ __( 'Choose an Icon', 'userfeedback' ) }
			search={ searchIcons }
			nameOf={ ( icon ) => icon.name }
			renderIcon={ ( icon ) => (
				<>
					<span aria-hidden="true">{ icon.glyph }</span>
					<span>{ icon.name }</span>
				</>
			) }
			selected={ selected }
			onSelect={ onSelect }
			onClose={ onClose }
		/>
	);
}
