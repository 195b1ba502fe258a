import { useNavigate } from 'react-router-dom';
import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useSurveyOptions } from '../../shared/surveys';
import { surveyTitle } from './format';

/**
 * Every survey, to go to another survey's responses. The current survey is always an
 * option, even before the list has loaded.
 *
 * @param props         Component props.
 * @param props.current The survey shown.
 */
export function SurveySwitcher( {
	current,
}: {
	current: { id: number; title: string } | undefined;
} ) {
	const navigate = useNavigate();
	const surveys = useSurveyOptions();

	const options: Array< { id: number; title: string } > = [
		...( surveys.data ?? [] ),
	];
	if ( current && ! options.some( ( survey ) => survey.id === current.id ) ) {
		options.unshift( current );
	}
	if ( options.length === 0 ) {
		return null;
	}

	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			className="userfeedback-responses__switcher"
			label={ __( 'Survey', 'userfeedback' ) }
			value={ current ? String( current.id ) : '' }
			onChange={ ( value: string ) => {
				if ( value && Number( value ) !== current?.id ) {
					navigate( `/survey/${ value }/responses` );
				}
			} }
			options={ options.map( ( survey ) => ( {
				value: String( survey.id ),
				label: sprintf(
					/* translators: 1: survey title, 2: survey id. */
					__( '%1$s (#%2$s)', 'userfeedback' ),
					surveyTitle( survey.title ),
					String( survey.id )
				),
			} ) ) }
		/>
	);
}
