/**
 * What the builder frame hands its step routes (react-router outlet context).
 */
import { useOutletContext } from 'react-router-dom';

import type { SaveResult } from '../../shared/types';
import type { BuilderMode, StepKey } from './flow';
import type { SaveOptions } from './save';

export interface BuilderContext {
	mode: BuilderMode;
	step: StepKey;
	/** Saves the draft (see save.tsx); resolves with null when the save failed. */
	save: ( options?: SaveOptions ) => Promise< SaveResult | null >;
	isSaving: boolean;
	/** Goes to another step of the same flow without saving. */
	goTo: ( step: StepKey ) => void;
}

export function useBuilder(): BuilderContext {
	return useOutletContext< BuilderContext >();
}
