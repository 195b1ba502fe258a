import type { RefObject } from 'react';

import type { SaveResult, SurveyTemplate } from '../shared/types';

/** What the wizard has collected so far; nothing of it is saved until a step says so. */
export interface WizardData {
	template: SurveyTemplate | null;
	title: string;
	/** The admin typed a title: choosing another template no longer replaces it. */
	titleEdited: boolean;
	/** Email a notification for each response. */
	notify: boolean;
	/** Comma-separated addresses for the notifications. */
	addresses: string;
}

export interface WizardStepProps {
	data: WizardData;
	update: ( changes: Partial< WizardData > ) => void;
	/** Undefined on the first step. */
	onBack?: () => void;
	onNext: () => void;
	/** The survey was created (the last step). */
	onPublished: ( result: SaveResult ) => void;
	/** The step's heading, focused when the step opens. */
	headingRef: RefObject< HTMLHeadingElement >;
}
