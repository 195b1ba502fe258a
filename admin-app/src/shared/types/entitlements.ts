export type Edition = 'lite' | 'pro';
export type LicenseType = 'plus' | 'pro' | 'elite';
export type Plan = 'pro' | 'elite';

export type AddonSlug =
	| 'behavior'
	| 'branding'
	| 'targeting'
	| 'templates'
	| 'question-types'
	| 'heatmaps'
	| 'geo-restrictions'
	| 'post-ratings';

export const FEATURE_KEYS = [
	'advanced_question_types',
	'question_settings',
	'thank_you_message',
	'thank_you_redirect',
	'behavior',
	'branding',
	'widget_positions_middle',
	'device_targeting',
	'page_targeting',
	'geo_targeting',
	'scheduling',
	'email_logic',
	'pro_templates',
	'export',
	'results_30_days',
	'response_management',
	'ai_summary',
	'access_control',
	'post_ratings',
	'heatmaps',
	'hidden_fields',
	'webhooks',
] as const;

export type FeatureKey = ( typeof FEATURE_KEYS )[ number ];

/**
 * Why a feature is locked: the edition lacks it (upgrade), the Pro build has no
 * valid licence of the right type (license), or the unlocking addon is not active (addon).
 */
export type LockReason = 'upgrade' | 'license' | 'addon';

export interface Feature {
	allowed: boolean;
	label: string;
	plan: Plan;
	addon: AddonSlug | null;
	reason: LockReason | null;
}

export interface Entitlements {
	edition: Edition;
	is_pro: boolean;
	is_licensed: boolean;
	license_type: LicenseType | null;
	addons: Partial< Record< AddonSlug, boolean > >;
	features: Partial< Record< FeatureKey, Feature > >;
}
