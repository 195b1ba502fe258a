import { Button, MenuGroup } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useExportUrl } from '../../shared/exports';
import { ExportDropdown, ExportGate } from '../../shared/components/ExportMenu';
import type { DateRange } from '../../shared/components/DateRangePicker';

/** The results screens' export gate. */
const GATE = {
	medium: 'results-export',
	className: 'userfeedback-results__locked',
} as const;

/**
 * Export Results: a menu of the general report as CSV or XLSX. Each entry is a link to
 * the export page, which answers with the file.
 *
 * @param props          The control's props.
 * @param props.surveyId The survey.
 * @param props.range    The range shown.
 */
export function ExportControl( {
	surveyId,
	range,
}: {
	surveyId: number;
	range: DateRange;
} ) {
	const urlFor = useExportUrl();
	const label = __( 'Export Results', 'userfeedback' );
	const general = ( format: 'csv' | 'xlsx' ) =>
		urlFor( {
			surveyId,
			report: 'general',
			format,
			from: range.from,
			to: range.to,
		} );
	return (
		<ExportGate label={ label } { ...GATE }>
			<ExportDropdown
				label={ label }
				className="userfeedback-results__export"
			>
				{ ( close ) => (
					<MenuGroup label={ __( 'General report', 'userfeedback' ) }>
						<Button
							className="components-menu-item__button"
							href={ general( 'csv' ) }
							onClick={ close }
						>
							{ __( 'General report (CSV)', 'userfeedback' ) }
						</Button>
						<Button
							className="components-menu-item__button"
							href={ general( 'xlsx' ) }
							onClick={ close }
						>
							{ __( 'General report (XLSX)', 'userfeedback' ) }
						</Button>
					</MenuGroup>
				) }
			</ExportDropdown>
		</ExportGate>
	);
}

/**
 * The NPS layout's Excel export: the question report of the NPS question as XLSX.
 *
 * @param props            The button's props.
 * @param props.surveyId   The survey.
 * @param props.questionId The NPS question.
 * @param props.range      The range shown.
 */
export function NpsExportButton( {
	surveyId,
	questionId,
	range,
}: {
	surveyId: number;
	questionId: number;
	range: DateRange;
} ) {
	const urlFor = useExportUrl();
	const label = __( 'Export to Excel', 'userfeedback' );
	return (
		<ExportGate label={ label } { ...GATE }>
			<Button
				variant="secondary"
				href={ urlFor( {
					surveyId,
					report: 'question',
					questionId,
					format: 'xlsx',
					from: range.from,
					to: range.to,
				} ) }
			>
				{ label }
			</Button>
		</ExportGate>
	);
}
