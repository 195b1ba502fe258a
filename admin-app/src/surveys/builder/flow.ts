/**
 * The builder's steps: order, titles, Back/Next and lock rules (spec 1, section 2).
 */
import { __ } from '@wordpress/i18n';

import type { Survey } from '../../shared/types';
import { canContinueQuestions, canContinueSetup } from './rules';
import { canContinueNotifications, canContinueSettings } from './stepRules';

export type StepKey =
	'setup' | 'questions' | 'settings' | 'notifications' | 'publish';

export type BuilderMode = 'new' | 'edit';

/** Every step, in header order; indexes below are positions in this list. */
export const STEP_KEYS: readonly StepKey[] = [
	'setup',
	'questions',
	'settings',
	'notifications',
	'publish',
];

export function stepTitle( key: StepKey ): string {
	switch ( key ) {
		case 'setup':
			return __( 'Setup', 'userfeedback' );
		case 'questions':
			return __( 'Questions', 'userfeedback' );
		case 'settings':
			return __( 'Settings', 'userfeedback' );
		case 'notifications':
			return __( 'Workflow', 'userfeedback' );
		case 'publish':
			return __( 'Publish', 'userfeedback' );
	}
}

/** The steps of a flow: templates are chosen only when a survey is created. */
export function stepsFor( mode: BuilderMode ): StepKey[] {
	return mode === 'new' ? [ ...STEP_KEYS ] : STEP_KEYS.slice( 1 );
}

export function stepIndex( key: StepKey ): number {
	return STEP_KEYS.indexOf( key );
}

export function isStepKey( value: string | undefined ): value is StepKey {
	return STEP_KEYS.includes( value as StepKey );
}

/**
 * Back is offered on a new survey above index 0, on an existing one above index 1
 * (it has no setup step to go back to).
 *
 * @param mode new or edit.
 * @param key  Current step.
 */
export function canGoBack( mode: BuilderMode, key: StepKey ): boolean {
	return stepIndex( key ) > ( mode === 'new' ? 0 : 1 );
}

export function previousStep(
	mode: BuilderMode,
	key: StepKey
): StepKey | null {
	return canGoBack( mode, key ) ? STEP_KEYS[ stepIndex( key ) - 1 ] : null;
}

/**
 * The step Next leads to; none on setup (choosing a template moves on) or on the last.
 *
 * @param key Current step.
 */
export function nextStep( key: StepKey ): StepKey | null {
	if ( key === 'setup' ) {
		return null;
	}
	return STEP_KEYS[ stepIndex( key ) + 1 ] ?? null;
}

/**
 * Whether the user may leave a step forwards.
 *
 * @param key    Step.
 * @param survey The draft.
 */
export function canContinue( key: StepKey, survey: Survey ): boolean {
	switch ( key ) {
		case 'setup':
			return canContinueSetup( survey );
		case 'questions':
			return canContinueQuestions( survey );
		case 'settings':
			return canContinueSettings( survey );
		case 'notifications':
			return canContinueNotifications( survey );
		case 'publish':
			return true;
	}
}

/**
 * Steps after the current one are locked while the current one cannot continue.
 *
 * @param current         The current step.
 * @param target          A step in the header.
 * @param continueAllowed canContinue( current, draft ).
 */
export function isStepLocked(
	current: StepKey,
	target: StepKey,
	continueAllowed: boolean
): boolean {
	return stepIndex( target ) > stepIndex( current ) && ! continueAllowed;
}
