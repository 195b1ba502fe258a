/// <reference path="../../../../../widget/src/assets.d.ts" />
/**
 * The live preview: the real visitor widget (Preact, widget/src/ui) rendered with
 * the draft. Preview mode: nothing is submitted (no onFinish), and closing it offers
 * a restart instead of hiding it for good.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { Survey } from '../../../shared/types';
import { mount } from '../../../../../widget/src/ui/index';
import type { WidgetStrings } from '../../../../../widget/src/types';
import { toVisitorSurvey } from './toVisitorSurvey';

function widgetStrings(): WidgetStrings {
	return {
		skip: __( 'Skip', 'userfeedback' ),
		next: __( 'Next', 'userfeedback' ),
		close: __( 'Close', 'userfeedback' ),
		minimize: __( 'Minimize', 'userfeedback' ),
		submit: __( 'Submit', 'userfeedback' ),
		not_likely: __( 'Not Likely', 'userfeedback' ),
		extremely_likely: __( 'Extremely Likely', 'userfeedback' ),
		thank_you: __( 'Thanks for your feedback!', 'userfeedback' ),
		comments: __( 'Comments', 'userfeedback' ),
		first_name: __( 'First name', 'userfeedback' ),
		email: __( 'Email', 'userfeedback' ),
		/* translators: %d: number of characters left. */
		characters_left: __( '%d characters left', 'userfeedback' ),
	};
}

export function LivePreview( { survey }: { survey: Survey } ) {
	const host = useRef< HTMLDivElement >( null );
	const [ run, setRun ] = useState( 0 );
	const [ closed, setClosed ] = useState( false );
	const visitorSurvey = useMemo(
		() => toVisitorSurvey( survey ),
		[ survey ]
	);
	const strings = useMemo( widgetStrings, [] );
	// The widget keeps its place (question index) in its own state: a new set of
	// questions starts it again from the first one.
	const shape = survey.questions.map( ( q ) => q.id ).join( ',' );

	// Mounted once per run; unmounted (Preact render( null )) on cleanup.
	const unmount = useRef< ( () => void ) | null >( null );
	useEffect( () => {
		const element = host.current;
		if ( ! element ) {
			return;
		}
		return () => {
			unmount.current?.();
			unmount.current = null;
		};
	}, [ run, shape ] );

	// Every change of the draft re-renders the same widget (Preact diffs in place).
	useEffect( () => {
		const element = host.current;
		if ( ! element || closed ) {
			return;
		}
		unmount.current = mount(
			{
				survey: visitorSurvey,
				strings,
				onClose: () => setClosed( true ),
			},
			element
		);
	}, [ visitorSurvey, strings, closed, run, shape ] );

	return (
		<div className="userfeedback-builder-preview">
			<div
				className="userfeedback-builder-preview__stage"
				ref={ host }
				aria-label={ __( 'Survey preview', 'userfeedback' ) }
				role="region"
			/>
			{ closed && (
				<Button
					variant="secondary"
					onClick={ () => {
						setClosed( false );
						setRun( ( n ) => n + 1 );
					} }
				>
					{ __( 'Restart preview', 'userfeedback' ) }
				</Button>
			) }
		</div>
	);
}
