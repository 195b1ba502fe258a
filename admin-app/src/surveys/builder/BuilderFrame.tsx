/**
 * The builder's shared frame (spec 1, section 2): header with the steps, Save and
 * Close; the responses warning; the current step; Back and Next.
 */
import { useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { LoadingState, QueryError } from '../../shared/components/States';
import { useConfig } from '../../shared/context';
import { draftKey } from './autosave';
import type { BuilderContext } from './context';
import {
	canContinue,
	canGoBack,
	isStepKey,
	isStepLocked,
	nextStep,
	previousStep,
	stepsFor,
	stepTitle,
	type BuilderMode,
	type StepKey,
} from './flow';
import { isScheduling, saveLabel } from './rules';
import { scheduleComplete } from './steps/publish';
import { useSaveSurvey } from './save';
import { useBuilderStore, type BuilderState } from './store';
import { StripDialog } from './StripDialog';
import { UnsavedWork } from './UnsavedWork';
import { useLoadDraft } from './useLoadDraft';

import './builder.scss';

function useCurrentStep( mode: BuilderMode ): StepKey {
	const { pathname } = useLocation();
	const last = pathname.split( '/' ).filter( Boolean ).pop();
	if ( isStepKey( last ) ) {
		return last;
	}
	return mode === 'new' ? 'setup' : 'questions';
}

export function BuilderFrame( { mode }: { mode: BuilderMode } ) {
	const params = useParams();
	const id = mode === 'edit' ? Number( params.id ) : null;
	const step = useCurrentStep( mode );
	const load = useLoadDraft( mode, id );

	if ( load.status === 'error' ) {
		return <QueryError error={ load.error } onRetry={ load.retry } />;
	}
	if ( load.status === 'loading' ) {
		return (
			<LoadingState label={ __( 'Loading survey…', 'userfeedback' ) } />
		);
	}
	return <Frame mode={ mode } step={ step } id={ id } />;
}

function Frame( {
	mode,
	step,
	id,
}: {
	mode: BuilderMode;
	step: StepKey;
	id: number | null;
} ) {
	const navigate = useNavigate();
	const config = useConfig();
	const draft = useBuilderStore( ( state ) => state.draft );
	const { save, isSaving } = useSaveSurvey( step );
	const belongs = useCallback(
		( state: BuilderState ) =>
			mode === 'new' ? state.isNew : state.draft?.id === id,
		[ mode, id ]
	);

	const base = draft?.id ? `/edit/${ draft.id }` : '/new';
	const goTo = useCallback(
		( target: StepKey ) => navigate( `${ base }/${ target }` ),
		[ navigate, base ]
	);
	const context = useMemo< BuilderContext >(
		() => ( { mode, step, save, isSaving, goTo } ),
		[ mode, step, save, isSaving, goTo ]
	);

	if ( ! draft ) {
		return null;
	}

	const continueAllowed = canContinue( step, draft );
	const previous = previousStep( mode, step );
	const next = nextStep( step );
	const saveDisabled =
		step === 'setup' ||
		isSaving ||
		( isScheduling( draft ) && ! scheduleComplete( draft.publish_at ) );

	// With unsaved changes the router's blocker asks first (UnsavedWork), and the
	// draft is dropped only once the user has chosen to discard it.
	const close = () => {
		if ( ! useBuilderStore.getState().dirty ) {
			useBuilderStore.getState().reset();
		}
		navigate( '/' );
	};

	return (
		<div className="userfeedback-builder">
			<div className="userfeedback-builder__header">
				<nav
					className="userfeedback-builder__steps"
					aria-label={ __( 'Survey builder steps', 'userfeedback' ) }
				>
					<ol>
						{ stepsFor( mode ).map( ( key, index ) => (
							<li key={ key }>
								<StepLink
									number={ index + 1 }
									stepKey={ key }
									current={ key === step }
									locked={ isStepLocked(
										step,
										key,
										continueAllowed
									) }
									disabled={ isSaving }
									onOpen={ () =>
										key === 'setup'
											? goTo( key )
											: save( { then: key } )
									}
								/>
							</li>
						) ) }
					</ol>
				</nav>
				<div className="userfeedback-builder__actions">
					<Button
						variant="primary"
						disabled={ saveDisabled }
						isBusy={ isSaving }
						onClick={ () => save( { manual: true } ) }
					>
						{ saveLabel( draft.status, isScheduling( draft ) ) }
					</Button>
					<Button
						variant="tertiary"
						onClick={ close }
						label={ __( 'Close the builder', 'userfeedback' ) }
						showTooltip={ false }
					>
						{ __( 'Close', 'userfeedback' ) }
					</Button>
				</div>
			</div>

			<UnsavedWork
				storageKey={ draftKey( config, mode, id ) }
				base={ mode === 'new' ? '/new' : `/edit/${ id }` }
				belongs={ belongs }
			/>
			<StripDialog />

			{ draft.responses_count > 0 && (
				<Notice status="warning" isDismissible={ false }>
					{ __(
						'This Survey has already collected responses. To make changes, please duplicate this Survey or create a new one',
						'userfeedback'
					) }
				</Notice>
			) }

			<div className="userfeedback-builder__body">
				<Outlet context={ context } />
			</div>

			{ ( previous || next ) && (
				<div className="userfeedback-builder__footer">
					{ previous && canGoBack( mode, step ) ? (
						<Button
							variant="secondary"
							onClick={ () => goTo( previous ) }
						>
							{ __( 'Back', 'userfeedback' ) }
						</Button>
					) : (
						<span />
					) }
					{ next && (
						<Button
							variant="primary"
							disabled={ ! continueAllowed }
							onClick={ () => goTo( next ) }
						>
							{ sprintf(
								/* translators: %s: title of the next step, e.g. "Settings". */
								__( 'Next Step: %s', 'userfeedback' ),
								stepTitle( next )
							) }
						</Button>
					) }
				</div>
			) }
		</div>
	);
}

function StepLink( {
	number,
	stepKey,
	current,
	locked,
	disabled,
	onOpen,
}: {
	number: number;
	stepKey: StepKey;
	current: boolean;
	locked: boolean;
	disabled: boolean;
	onOpen: () => void;
} ) {
	const title = stepTitle( stepKey );
	const className = `userfeedback-builder__step${
		current ? ' is-current' : ''
	}${ locked ? ' is-locked' : '' }`;
	if ( current ) {
		return (
			<span className={ className } aria-current="step">
				<span
					className="userfeedback-builder__step-number"
					aria-hidden="true"
				>
					{ number }
				</span>
				{ title }
			</span>
		);
	}
	return (
		<button
			type="button"
			className={ className }
			disabled={ locked || disabled }
			onClick={ onOpen }
		>
			<span
				className="userfeedback-builder__step-number"
				aria-hidden="true"
			>
				{ number }
			</span>
			{ title }
			{ locked && (
				<span className="screen-reader-text">
					{ __( '(locked)', 'userfeedback' ) }
				</span>
			) }
		</button>
	);
}
