import { useId } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { ExportMenu } from '../../shared/components/ExportMenu';
import { useGateMessage } from '../../shared/components/GateMessage';
import { useExportUrl, type ExportFormat } from '../../shared/exports';
import { useFeature } from '../../shared/gating';

function formats(): { format: ExportFormat; label: string }[] {
	return [
		{ format: 'csv', label: __( 'CSV', 'userfeedback' ) },
		{ format: 'xlsx', label: __( 'Excel (XLSX)', 'userfeedback' ) },
	];
}

/**
 * Export Results: the general report (one row per response) as CSV or Excel. Without the
 * export feature the button is disabled and says why, with the way to unlock it.
 *
 * @param props          Component props.
 * @param props.surveyId The survey to export.
 */
export function ExportButton( { surveyId }: { surveyId: number } ) {
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
			menuLabel={ __( 'Export all responses', 'userfeedback' ) }
			entries={ formats().map( ( { format, label } ) => ( {
				label,
				href: urlFor( { surveyId, report: 'general', format } ),
			} ) ) }
			className="userfeedback-responses__export"
			menuClassName="userfeedback-responses__export-menu"
		/>
	);
}
