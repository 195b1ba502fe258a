import { useId } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ExportMenu } from '../../shared/components/ExportMenu';
import { useGateMessage } from '../../shared/components/GateMessage';
import { useExportUrl, type ExportFormat } from '../../shared/exports';
import { useFeature } from '../../shared/gating';
import { exportFilterQuery, isFiltered, type ResponsesView } from './view';

function formats(): { format: ExportFormat; label: string }[] {
	return [
		{ format: 'csv', label: __( 'CSV', 'userfeedback' ) },
		{ format: 'xlsx', label: __( 'Excel (XLSX)', 'userfeedback' ) },
	];
}

/**
 * An export URL that also carries the list's filter[status] and filter[conditions] (the
 * same JSON text the list route gets), so the file holds the rows the list shows.
 *
 * @param href The export's URL.
 * @param view The list's view.
 */
export function withFilters( href: string, view: ResponsesView ): string {
	const url = new URL( href, window.location.href );
	for ( const [ name, value ] of Object.entries(
		exportFilterQuery( view )
	) ) {
		url.searchParams.set( name, value );
	}
	return url.toString();
}

/**
 * Export Results: the general report (one row per response) as CSV or Excel, of the
 * responses the list's status and filters select. Without the export feature the button
 * is disabled and says why, with the way to unlock it.
 *
 * @param props          Component props.
 * @param props.surveyId The survey to export.
 * @param props.view     The list's view: its status, conditions and search.
 */
export function ExportButton( {
	surveyId,
	view,
}: {
	surveyId: number;
	view: ResponsesView;
} ) {
	const gate = useFeature( 'export' );
	const message = useGateMessage( gate, 'responses-export' );
	const urlFor = useExportUrl();
	const messageId = useId();

	if ( message ) {
		return (
			<div className="userfeedback-responses__export is-locked">
				<Button
					variant="secondary"
					disabled
					accessibleWhenDisabled
					aria-describedby={ messageId }
				>
					{ __( 'Export', 'userfeedback' ) }
				</Button>
				<p className="userfeedback-gate">
					<span id={ messageId } className="userfeedback-gate__text">
						{ message.text }
					</span>{ ' ' }
					{ message.action }
				</p>
			</div>
		);
	}

	return (
		<ExportMenu
			label={ __( 'Export', 'userfeedback' ) }
			menuLabel={
				isFiltered( view )
					? __( 'Export the responses shown', 'userfeedback' )
					: __( 'Export all responses', 'userfeedback' )
			}
			entries={ formats().map( ( { format, label } ) => ( {
				label,
				href: withFilters(
					urlFor( { surveyId, report: 'general', format } ),
					view
				),
			} ) ) }
			className="userfeedback-responses__export"
			menuClassName="userfeedback-responses__export-menu"
		/>
	);
}
