/**
 * What the admin's live previews hand the real visitor widget (widget/src/ui): a
 * survey in the widget's shape (widget/src/types.ts) and the widget's features
 * from the admin's entitlements. Used by the builder's preview and the Widget
 * settings preview.
 */
import { withFontUrl } from './fonts';
import { getFeature } from './gating';
import { questionTypes, surveyLimits } from './questionTypes';
import { FEATURE_KEYS } from './types';
import type { ChoiceOption, Entitlements, Survey } from './types';
import type {
	ChoiceOption as WidgetOption,
	Theming,
	VisitorSurvey,
	WidgetProps,
} from '../../../widget/src/types';

/**
 * The widget's features (WidgetConfig.features) from the admin's entitlements: every
 * feature, allowed or not. Which of them the widget reads is the server's
 * feature-policy table (Surveys\FeaturePolicy) and the widget's own code, not a list
 * kept here.
 *
 * @param entitlements The page's entitlements.
 */
export function widgetFeatures(
	entitlements: Entitlements
): WidgetProps[ 'features' ] {
	return Object.fromEntries(
		FEATURE_KEYS.map( ( key ) => [
			key,
			getFeature( entitlements, key ).allowed,
		] )
	);
}

/**
 * The widget's question types (WidgetConfig.question_types) from the admin's registry,
 * so the previews cap answers and move on as visitors' widgets do.
 */
export function widgetQuestionTypes(): NonNullable<
	WidgetProps[ 'questionTypes' ]
> {
	return Object.fromEntries(
		questionTypes().map( ( type ) => [
			type.key,
			{
				max_length: type.max_length,
				auto_advance: type.auto_advance,
				advanced: type.advanced,
				scale: type.scale,
				required: type.required,
			},
		] )
	);
}

/** The widget's limits (WidgetConfig.limits) from the admin's survey limits. */
export function widgetLimits(): NonNullable< WidgetProps[ 'limits' ] > {
	const { comment_max: commentMax, name_max: nameMax } = surveyLimits();
	return { comment_max: commentMax, name_max: nameMax };
}

// Image options are { id, url } in both shapes; an image with no URL yet (chosen
// but not loaded, or removed) draws as text.
function toWidgetOption( option: ChoiceOption ): WidgetOption {
	if ( typeof option === 'string' ) {
		return option;
	}
	if ( 'image' in option ) {
		return {
			label: option.label,
			image: option.image?.url
				? { id: option.image.id, url: option.image.url }
				: null,
		};
	}
	return { label: option.label, icon: option.icon };
}

function questions( survey: Survey ): VisitorSurvey[ 'questions' ] {
	return survey.questions.map( ( question ) => ( {
		...question,
		config: {
			...question.config,
			options: question.config.options?.map( toWidgetOption ),
		},
		logic: {
			...question.logic,
			conditions: question.logic.conditions.map( ( c ) => ( {
				question_id: c.question_id,
				compare: c.compare,
				value: c.value,
			} ) ),
		},
	} ) );
}

/**
 * A survey (or the builder's draft) as the widget shows it.
 *
 * @param survey  The survey.
 * @param theming A look to show it with instead of its own (the Widget settings
 *                preview); the survey's behaviour and targeting are then left out,
 *                so the widget takes start-minimised from this theming.
 */
export function toVisitorSurvey(
	survey: Survey,
	theming?: Theming
): VisitorSurvey {
	const base = {
		id: survey.id,
		title: survey.title,
		type: survey.type,
		cookie_name: survey.cookie_name,
		questions: questions( survey ),
		nonces: { impression: '', submission: '' },
	};
	if ( theming ) {
		return {
			...base,
			settings: {
				thank_you: survey.settings.thank_you,
				enable_tracking: false,
				theming: withFontUrl( theming ),
			},
		};
	}
	const behavior = survey.settings.behavior;
	return {
		...base,
		settings: {
			thank_you: survey.settings.thank_you,
			enable_tracking: false,
			behavior: {
				...behavior,
				expire_at: {
					month: behavior.expire_at.month ?? undefined,
					day: behavior.expire_at.day ?? undefined,
				},
			},
			targeting: survey.settings.targeting,
			flow: survey.settings.flow,
			// The font's stylesheet as the server gives visitors (the widget makes no URL).
			theming: withFontUrl( survey.settings.theming ),
		},
	};
}
