/**
 * Builder test data: surveys and questions in the REST contract's shape, and page
 * configs per licence tier. Only tests import this file.
 */
import { feature, makeConfig } from './fixtures';
import type {
	AddonSlug,
	AppConfig,
	Feature,
	FeatureKey,
	LogicCondition,
	Question,
	QuestionType,
	Survey,
	SurveyTemplate,
} from '../types';
import { hasOptions } from '../questionTypes';
import { newQuestion, newSurvey } from '../surveyDefaults';

export function question(
	id: number,
	type: QuestionType = 'radio-button',
	overrides: Partial< Question > = {}
): Question {
	const base = newQuestion( id, type, `Question ${ id }` );
	// Plain-option types (radio-button, checkbox) start with none: give them two.
	if ( hasOptions( type ) && ! base.config.options?.length ) {
		base.config = { options: [ 'Yes', 'No' ] };
	}
	return { ...base, ...overrides };
}

export function condition(
	questionId: number,
	compare: LogicCondition[ 'compare' ] = 'equals',
	value = 'Yes'
): LogicCondition {
	return { question_id: questionId, compare, value };
}

/** Adds display logic to a question. */
export function withLogic(
	q: Question,
	conditions: LogicCondition[]
): Question {
	return { ...q, logic: { enabled: true, action: 'show', conditions } };
}

export function survey( overrides: Partial< Survey > = {} ): Survey {
	const base = newSurvey( { site: makeConfig().site } );
	return {
		...base,
		id: 5,
		title: 'Customer feedback',
		template: 'blank',
		created_at: '2026-11-01T10:00:00Z',
		updated_at: '2026-11-01T10:00:00Z',
		cookie_name: 'userfeedback-survey-5',
		shortcode: '[userfeedback id="5"]',
		questions: [ question( 1 ) ],
		...overrides,
	};
}

/** A template of GET surveys/templates: a Lite one without questions unless told. */
export function template(
	key: string,
	name: string,
	extra: Partial< SurveyTemplate > = {}
): SurveyTemplate {
	return {
		key,
		name,
		description: `${ name } description`,
		is_available: true,
		required_addons: [],
		tier: 'lite',
		type: 'survey',
		config: { questions: [] },
		...extra,
	};
}

export type Tier = 'lite' | 'pro-unlicensed' | 'pro-no-addons' | 'pro';

const ADDONS: AddonSlug[] = [
	'behavior',
	'branding',
	'targeting',
	'templates',
	'question-types',
];

const RULES: Partial<
	Record< FeatureKey, { label: string; addon: AddonSlug | null } >
> = {
	advanced_question_types: {
		label: 'Advanced Question Types',
		addon: 'question-types',
	},
	question_settings: { label: 'Question Settings', addon: 'question-types' },
	thank_you_message: { label: 'Thank You Message', addon: null },
	thank_you_redirect: { label: 'Thank You Redirect', addon: 'behavior' },
	branding: { label: 'Branding', addon: 'branding' },
	pro_templates: { label: 'Additional Templates', addon: 'templates' },
	scheduling: { label: 'Scheduling', addon: null },
};

/** A surveys page config for a tier, the features worked out as Entitlements.php does. */
export function tierConfig(
	tier: Tier,
	overrides: Partial< AppConfig > = {}
): AppConfig {
	const isPro = tier !== 'lite';
	const licensed = tier === 'pro' || tier === 'pro-no-addons';
	const addons = tier === 'pro' ? ADDONS : [];
	const features: Partial< Record< FeatureKey, Feature > > = {};
	for ( const [ key, rule ] of Object.entries( RULES ) ) {
		let reason: Feature[ 'reason' ] = null;
		if ( ! isPro ) {
			reason = 'upgrade';
		} else if ( ! licensed ) {
			reason = 'license';
		} else if ( rule.addon && ! addons.includes( rule.addon ) ) {
			reason = 'addon';
		}
		features[ key as FeatureKey ] = feature( {
			label: rule.label,
			addon: rule.addon,
			allowed: reason === null,
			reason,
		} );
	}
	return makeConfig( {
		page: 'surveys',
		...overrides,
		entitlements: {
			edition: isPro ? 'pro' : 'lite',
			is_pro: isPro,
			is_licensed: licensed,
			license_type: licensed ? 'pro' : null,
			addons: Object.fromEntries( addons.map( ( a ) => [ a, true ] ) ),
		},
		features,
	} );
}
