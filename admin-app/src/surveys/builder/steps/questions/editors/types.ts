/**
 * What a question type's builder editor is: the part of the Question tab below the
 * title and type (its options, its own fields) and, when the type has settings of its
 * own, the part of the Settings tab after the common toggles.
 */
import type { ComponentType } from 'react';

import type { Question } from '../../../../../shared/types';

export interface EditorProps {
	question: Question;
	/** Merges into the question's config. */
	setConfig: ( patch: Partial< Question[ 'config' ] > ) => void;
	/** Merges into the question's settings. */
	setSettings: ( patch: Partial< Question[ 'settings' ] > ) => void;
	/** Question settings are not available on this site (shown, disabled). */
	settingsLocked: boolean;
}

export interface QuestionEditor {
	/** Question tab; left out when the type has nothing to set up (a text answer). */
	Config?: ComponentType< EditorProps >;
	/** Settings tab, after Required, Randomize and the comment box. */
	Settings?: ComponentType< EditorProps >;
}
