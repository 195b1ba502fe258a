/**
 * The title a survey gets from the template chosen on the Setup step. A template names
 * the survey after itself; Blank keeps the title, except one that only came from the
 * template chosen before (Back to Setup, then Blank): that one goes back to a new
 * survey's title, since the survey no longer is that template.
 */
import type { Survey, SurveyTemplate } from '../../../../shared/types';
import { applyTemplate } from '../../rules';

/**
 * @param draft     The survey before the choice.
 * @param chosen    The template chosen.
 * @param templates Every template (to find the one applied before).
 * @param newTitle  A new survey's title.
 */
export function chooseTemplate(
	draft: Survey,
	chosen: SurveyTemplate,
	templates: SurveyTemplate[],
	newTitle: string
): Survey {
	const next = applyTemplate( draft, chosen );
	if ( chosen.key !== 'blank' ) {
		return next;
	}
	const before = templates.find(
		( template ) => template.key === draft.template
	);
	const fromTemplate =
		!! before && before.key !== 'blank' && draft.title === before.name;
	return fromTemplate ? { ...next, title: newTitle } : next;
}
