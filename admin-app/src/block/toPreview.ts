/**
 * A survey from the admin API in the shape the visitor widget renders, looking as
 * visitors will see it on this site (WidgetLoader does the same on the server).
 */
import { withFontUrl } from '../shared/fonts';
import type { Survey, Theming as SurveyTheming } from '../shared/types';
import type { Theming, VisitorSurvey } from '../../../widget/src/types';
import type { BlockConfig } from './config';

/**
 * What the survey set itself: empty values (and an empty font family) leave the
 * site's value in place, as VisitorTheming::chosen() does.
 *
 * @param theming The survey's theming.
 */
function chosen( theming: SurveyTheming ): Theming {
	const own: Theming = {};
	for ( const [ key, value ] of Object.entries( theming ) ) {
		if ( value === null || value === '' || key === 'source' ) {
			continue;
		}
		if ( key === 'font' && ! theming.font?.family ) {
			continue;
		}
		own[ key ] = value;
	}
	return own;
}

export function toPreview(
	survey: Survey,
	config: Pick< BlockConfig, 'features' | 'theming' | 'fonts' >
): VisitorSurvey {
	const { settings } = survey;
	return {
		id: survey.id,
		title: survey.title,
		type: survey.type,
		cookie_name: survey.cookie_name,
		publish_at: survey.publish_at,
		// Archived questions (removed after they had answers) are never shown to visitors.
		questions: survey.questions.filter(
			( question ) => ! question.archived
		),
		settings: {
			thank_you: settings.thank_you,
			enable_tracking: settings.enable_tracking,
			targeting: settings.targeting,
			geo_targeting: settings.geo_targeting,
			behavior: {
				...settings.behavior,
				expire_at: {
					month: settings.behavior.expire_at.month ?? undefined,
					day: settings.behavior.expire_at.day ?? undefined,
				},
			},
			// Without branding, or when the survey follows the site (theming.source
			// 'site'), visitors get the site's look, whatever the survey's values say.
			// A survey's own font gets its stylesheet from the catalogue, as WidgetLoader
			// gives it to visitors (the site's font comes with it in config.theming).
			theming:
				config.features.branding && settings.theming.source === 'custom'
					? withFontUrl(
							{
								...config.theming,
								...chosen( settings.theming ),
							},
							config.fonts
						)
					: config.theming,
		},
		shortcode: true,
		nonces: { impression: '', submission: '' },
	};
}
