import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useSurveyOptions } from '../../shared/surveys';
import type { OverviewSurvey } from '../../shared/types';

const ALL = 'all';

export function surveyTitle( survey: { title: string; id: number } ): string {
	return (
		survey.title ||
		sprintf(
			/* translators: %d: survey id. */
			__( 'Survey #%d', 'userfeedback' ),
			survey.id
		)
	);
}

/**
 * The survey dropdown of the results screens: every survey by title, with "All
 * Surveys" first on the overview.
 *
 * @param props          The dropdown's props.
 * @param props.value    The chosen survey id, or null for All Surveys.
 * @param props.onSelect Called with the chosen survey, or null for All Surveys.
 * @param props.withAll  Offer All Surveys.
 */
export function SurveySwitcher( {
	value,
	onSelect,
	withAll = false,
}: {
	value: number | null;
	onSelect: ( survey: OverviewSurvey | null ) => void;
	withAll?: boolean;
} ) {
	const surveys = useSurveyOptions();
	const items = surveys.data ?? [];
	const options = items.map( ( survey ) => ( {
		value: String( survey.id ),
		label: surveyTitle( survey ),
	} ) );
	if ( withAll ) {
		options.unshift( {
			value: ALL,
			label: __( 'All Surveys', 'userfeedback' ),
		} );
	}
	const selected = value === null ? ALL : String( value );
	if ( value !== null && ! items.some( ( survey ) => survey.id === value ) ) {
		// Until the list arrives (or for a survey it does not hold) keep the choice visible.
		options.push( {
			value: selected,
			label: sprintf(
				/* translators: %d: survey id. */
				__( 'Survey #%d', 'userfeedback' ),
				value
			),
		} );
	}
	return (
		<div className="userfeedback-results__switcher">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Survey', 'userfeedback' ) }
				value={ selected }
				options={ options }
				disabled={ surveys.isPending && ! withAll }
				onChange={ ( next ) => {
					if ( next === ALL ) {
						onSelect( null );
						return;
					}
					const survey = items.find(
						( item ) => String( item.id ) === next
					);
					if ( survey ) {
						onSelect( survey );
					}
				} }
			/>
		</div>
	);
}
