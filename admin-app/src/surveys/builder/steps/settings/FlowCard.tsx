/**
 * Survey flow: settings.flow, a progress bar and a Back button in the visitor's widget.
 * Free on every tier, both off by default; the live preview shows them as they are set.
 */
import {
	Card,
	CardBody,
	CardHeader,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { SurveyFlow } from '../../../../shared/types';

/**
 * @param props          Component props.
 * @param props.flow     The survey's settings.flow.
 * @param props.onChange Called with the whole new flow.
 */
export function FlowCard( {
	flow,
	onChange,
}: {
	flow: SurveyFlow;
	onChange: ( flow: SurveyFlow ) => void;
} ) {
	return (
		<Card className="userfeedback-builder-card">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Survey flow', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Progress bar', 'userfeedback' ) }
					help={ __(
						'Show “Question 2 of 5” and a bar above the questions. With display logic, it counts the questions the visitor will be shown.',
						'userfeedback'
					) }
					checked={ flow.progress_bar }
					onChange={ ( on ) =>
						onChange( { ...flow, progress_bar: on } )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Back button', 'userfeedback' ) }
					help={ __(
						'Let visitors go back to the previous question to change their answer. Their other answers are kept, and the changed answer replaces the first one.',
						'userfeedback'
					) }
					checked={ flow.back_button }
					onChange={ ( on ) =>
						onChange( { ...flow, back_button: on } )
					}
				/>
			</CardBody>
		</Card>
	);
}
