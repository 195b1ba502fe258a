import { useId, type ReactNode } from 'react';
import { Button, Dropdown, MenuGroup, Tooltip } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../shared/gating';
import { useExportUrl } from '../../shared/exports';
import { useGateMessage } from '../../shared/components/GateMessage';
import type { DateRange } from '../../shared/components/DateRangePicker';

/**
 * A control the export feature locks: disabled, with the reason as its tooltip and
 * description (spec 2, section 6).
 *
 * @param props          The control's props.
 * @param props.label    Button text.
 * @param props.children The unlocked control.
 */
export function ExportGate( {
	label,
	children,
}: {
	label: string;
	children: ReactNode;
} ) {
	const gate = useFeature( 'export' );
	const message = useGateMessage( gate, 'results-export' );
	const id = useId();
	if ( ! message ) {
		return <>{ children }</>;
	}
	return (
		<span className="userfeedback-results__locked">
			<Tooltip text={ message.text }>
				{ /* A disabled button gets no pointer or focus events: the wrapper takes them for the tooltip. */ }
				{  }
				<span tabIndex={ 0 } aria-describedby={ `${ id }-why` }>
					<Button variant="secondary" disabled>
						{ label }
					</Button>
				</span>
			</Tooltip>
			<span id={ `${ id }-why` } className="screen-reader-text">
				{ message.text }
			</span>
		</span>
	);
}

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
		<ExportGate label={ label }>
			<Dropdown
				className="userfeedback-results__export"
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
					<MenuGroup label={ __( 'General report', 'userfeedback' ) }>
						<Button
							className="components-menu-item__button"
							href={ general( 'csv' ) }
							onClick={ onClose }
						>
							{ __( 'General report (CSV)', 'userfeedback' ) }
						</Button>
						<Button
							className="components-menu-item__button"
							href={ general( 'xlsx' ) }
							onClick={ onClose }
						>
							{ __( 'General report (XLSX)', 'userfeedback' ) }
						</Button>
					</MenuGroup>
				) }
			/>
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
		<ExportGate label={ label }>
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
