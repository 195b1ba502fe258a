/**
 * "Export Excel": a menu of the post-ratings report as Excel (.xlsx) or CSV, each entry
 * a link to the export page, which answers with the file. Without the export feature
 * the button is disabled, with the reason as its tooltip and description.
 */
import { useId } from 'react';
import {
	Button,
	Dropdown,
	NavigableMenu,
	Tooltip,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useGateMessage } from '../../shared/components/GateMessage';
import {
	usePostRatingsExportUrl,
	type ExportFormat,
	type PostRatingsExportOptions,
} from '../../shared/exports';
import { useFeature } from '../../shared/gating';

function formats(): { format: ExportFormat; label: string }[] {
	return [
		{ format: 'xlsx', label: __( 'Excel (.xlsx)', 'userfeedback' ) },
		{ format: 'csv', label: __( 'CSV', 'userfeedback' ) },
	];
}

function LockedExport( { label, why }: { label: string; why: string } ) {
	const id = useId();
	return (
		<span className="userfeedback-pr-export is-locked">
			<Tooltip text={ why }>
				{ /* A disabled button gets no pointer or focus events: the wrapper takes them for the tooltip. */ }
				<span tabIndex={ 0 } aria-describedby={ id }>
					<Button variant="secondary" disabled>
						{ label }
					</Button>
				</span>
			</Tooltip>
			<span id={ id } className="screen-reader-text">
				{ why }
			</span>
		</span>
	);
}

/**
 * @param props           The menu's props.
 * @param props.options   What to export (the post, range and sort shown), without the format.
 * @param props.menuLabel The menu's accessible name, e.g. 'Export all rated posts'.
 */
export function ExportMenu( {
	options,
	menuLabel,
}: {
	options: Omit< PostRatingsExportOptions, 'format' >;
	menuLabel: string;
} ) {
	const gate = useFeature( 'export' );
	const message = useGateMessage( gate, 'post-ratings-export' );
	const urlFor = usePostRatingsExportUrl();
	const label = __( 'Export Excel', 'userfeedback' );

	if ( message ) {
		return <LockedExport label={ label } why={ message.text } />;
	}
	return (
		<Dropdown
			className="userfeedback-pr-export"
			popoverProps={ { placement: 'bottom-end' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					onClick={ onToggle }
					aria-expanded={ isOpen }
					aria-haspopup="true"
				>
					{ label }
				</Button>
			) }
			renderContent={ ( { onClose } ) => (
				<NavigableMenu
					role="menu"
					aria-label={ menuLabel }
					className="userfeedback-pr-export__menu"
				>
					{ formats().map( ( { format, label: text } ) => (
						<Button
							key={ format }
							role="menuitem"
							className="components-menu-item__button"
							href={ urlFor( { ...options, format } ) }
							onClick={ onClose }
						>
							{ text }
						</Button>
					) ) }
				</NavigableMenu>
			) }
		/>
	);
}
