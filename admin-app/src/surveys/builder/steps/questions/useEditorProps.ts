/**
 * What a type's editor (editors/) gets: the question and setters that merge into its
 * config and settings in the builder's draft.
 */
import { useFeature } from '../../../../shared/gating';
import type { Question } from '../../../../shared/types';
import { useBuilderStore } from '../../store';
import type { EditorProps } from './editors';

export function useEditorProps( question: Question ): EditorProps {
	const gate = useFeature( 'question_settings' );
	const { updateQuestion } = useBuilderStore.getState();
	return {
		question,
		setConfig: ( patch ) =>
			updateQuestion( question.id, ( q ) => ( {
				...q,
				config: { ...q.config, ...patch },
			} ) ),
		setSettings: ( patch ) =>
			updateQuestion( question.id, ( q ) => ( {
				...q,
				settings: { ...q.settings, ...patch },
			} ) ),
		settingsLocked: ! gate.allowed,
	};
}
