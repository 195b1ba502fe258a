/**
 * A dialog listing the icon catalogue (Font Awesome Free's solid icons, loaded when the
 * dialog first opens), filtered by a substring of their names, labels or search terms.
 */
import { __ } from '@wordpress/i18n';

import { IconSearchDialog } from '../../../../../shared/components/IconSearchDialog';
import {
	findIcon,
	searchIcons,
	SurveyIcon,
	useIconCatalogue,
	type CatalogueIcon,
} from './icons';

/** Enough to browse; typing narrows the 1,400 icons down. */
const SHOWN = 120;

export function IconPicker( {
	selected,
	color,
	onSelect,
	onClose,
}: {
	selected: string | null;
	/** The question's icon colour. */
	color?: string;
	onSelect: ( icon: CatalogueIcon ) => void;
	onClose: () => void;
} ) {
	const catalogue = useIconCatalogue();
	let status: string | undefined;
	if ( ! catalogue ) {
		status = 'loading';
	} else if ( catalogue instanceof Error ) {
		status = __(
			'The icons could not be loaded. Close this dialog and try again.',
			'userfeedback'
		);
	}
	const ready = catalogue && ! ( catalogue instanceof Error );
	return (
		<IconSearchDialog
			title={ __( 'Choose an Icon', 'userfeedback' ) }
			search={ ( text ) =>
				ready ? searchIcons( catalogue, text ) : []
			}
			nameOf={ ( icon ) => icon.name }
			labelOf={ ( icon ) => icon.label }
			renderIcon={ ( icon ) => (
				<>
					<SurveyIcon
						name={ icon.name }
						color={ color }
						size={ 24 }
					/>
					<span aria-hidden="true">{ icon.name }</span>
				</>
			) }
			selected={
				( ready && findIcon( catalogue, selected )?.name ) || selected
			}
			onSelect={ onSelect }
			onClose={ onClose }
			status={ status }
			limit={ SHOWN }
		/>
	);
}
