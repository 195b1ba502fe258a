/**
 * "Export Excel": a menu of the post-ratings report as Excel (.xlsx) or CSV. Without the
 * export feature the button is disabled, with the reason as its tooltip and description.
 */
import { __ } from '@wordpress/i18n';

import { ExportGate, ExportMenu } from '../../shared/components/ExportMenu';
import {
	usePostRatingsExportUrl,
	type ExportFormat,
	type PostRatingsExportOptions,
} from '../../shared/exports';

function formats(): { format: ExportFormat; label: string }[] {
	return [
		{ format: 'xlsx', label: __( 'Excel (.xlsx)', 'userfeedback' ) },
		{ format: 'csv', label: __( 'CSV', 'userfeedback' ) },
	];
}

/**
 * @param props           The menu's props.
 * @param props.options   What to export (the post, range and sort shown), without the format.
 * @param props.menuLabel The menu's accessible name, e.g. 'Export all rated posts'.
 */
export function RatingsExport( {
	options,
	menuLabel,
}: {
	options: Omit< PostRatingsExportOptions, 'format' >;
	menuLabel: string;
} ) {
	const urlFor = usePostRatingsExportUrl();
	const label = __( 'Export Excel', 'userfeedback' );
	return (
		<ExportGate
			label={ label }
			medium="post-ratings-export"
			className="userfeedback-pr-export is-locked"
		>
			<ExportMenu
				label={ label }
				menuLabel={ menuLabel }
				entries={ formats().map( ( { format, label: text } ) => ( {
					label: text,
					href: urlFor( { ...options, format } ),
				} ) ) }
				className="userfeedback-pr-export"
				menuClassName="userfeedback-pr-export__menu"
			/>
		</ExportGate>
	);
}
