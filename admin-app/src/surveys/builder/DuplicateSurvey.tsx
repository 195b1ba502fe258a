/**
 * /duplicate/{id}: copies the survey on the server, then opens the copy's editor
 * with a full page load (spec 1, section 2).
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { LoadingState, QueryError } from '../../shared/components/States';
import { duplicateSurvey } from './api';
import { browser } from './browser';
import { useBuilderStore } from './store';

export function DuplicateSurvey() {
	const { id } = useParams();
	const [ error, setError ] = useState< unknown >( null );
	const [ attempt, setAttempt ] = useState( 0 );
	// One copy per visit, even when effects run twice (StrictMode).
	const started = useRef< string | null >( null );

	useEffect( () => {
		const key = `${ id }:${ attempt }`;
		if ( started.current === key ) {
			return;
		}
		started.current = key;
		duplicateSurvey( Number( id ) ).then(
			( copy ) => {
				useBuilderStore.getState().reset();
				browser.setHash( `#/edit/${ copy.id }` );
				browser.reload();
			},
			( failure ) => setError( failure )
		);
	}, [ id, attempt ] );

	if ( error ) {
		return (
			<QueryError
				error={ error }
				onRetry={ () => {
					setError( null );
					setAttempt( ( n ) => n + 1 );
				} }
			/>
		);
	}
	return (
		<LoadingState label={ __( 'Duplicating survey…', 'userfeedback' ) } />
	);
}
