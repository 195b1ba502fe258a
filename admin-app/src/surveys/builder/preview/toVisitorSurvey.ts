/**
 * The draft in the shape the visitor widget renders (widget/src/types.ts).
 */
import type { Survey } from '../../../shared/types';
import type {
	ChoiceOption as WidgetOption,
	VisitorSurvey,
} from '../../../../../widget/src/types';

export function toVisitorSurvey( survey: Survey ): VisitorSurvey {
	return {
		id: survey.id,
		title: survey.title,
		type: survey.type,
		cookie_name: survey.cookie_name,
		questions: survey.questions.map( ( question ) => ( {
			...question,
			config: {
				...question.config,
				options: question.config.options?.map(
					( option ): WidgetOption => {
						if ( typeof option === 'string' ) {
							return option;
						}
						// Image options are { id, url } in both shapes; an image with no
						// URL yet (chosen but not loaded, or removed) draws as text.
						if ( 'image' in option ) {
							return {
								label: option.label,
								image: option.image?.url
									? {
											id: option.image.id,
											url: option.image.url,
										}
									: null,
							};
						}
						return { label: option.label, icon: option.icon };
					}
				),
			},
			logic: {
				...question.logic,
				conditions: question.logic.conditions.map( ( c ) => ( {
					question_id: c.question_id,
					compare: c.compare,
					value: c.value,
				} ) ),
			},
		} ) ),
		settings: {
			thank_you: survey.settings.thank_you,
			enable_tracking: false,
			behavior: {
				...survey.settings.behavior,
				expire_at: {
					month:
						survey.settings.behavior.expire_at.month ?? undefined,
					day: survey.settings.behavior.expire_at.day ?? undefined,
				},
			},
			targeting: survey.settings.targeting,
			theming: survey.settings.theming,
		},
		nonces: { impression: '', submission: '' },
	};
}
