/**
 * The loader's chunk for what only some surveys need (build/widget/narrow.<hash>.js):
 * page rules (targeting.ts) and country rules. select.ts imports it only for a
 * candidate survey that has either, so a page whose surveys have neither never
 * downloads it.
 */
import type { Asked } from './select';
import { matchRules } from './targeting';
import type { HiddenReason, SurveyTarget, WidgetConfig } from './types';

/**
 * 'pages' when the survey's page rules do not hold on this page (with the page
 * targeting addon; without it, or with pages: all, every page), 'geo' when its country
 * rules leave this visitor out (with the geo addon). The country is asked of the server
 * (GET geo) once per pick, only here; an unanswered or failed request hides the survey.
 *
 * @param survey The survey.
 * @param config Widget config.
 * @param asked  Shared by the surveys of one pick.
 */
export async function narrow(
	survey: SurveyTarget,
	config: WidgetConfig,
	asked: Asked
): Promise< HiddenReason | undefined > {
	const features = config.features ?? {};
	const { targeting = {}, geo_targeting: geo = {} } = survey.settings;
	if (
		targeting.pages === 'select' &&
		features.page_targeting &&
		! matchRules( targeting.page_rules ?? [], config.context ?? {} )
	) {
		return 'pages';
	}
	if (
		features.geo_targeting &&
		geo.target === 'select' &&
		geo.countries?.length
	) {
		asked.geo ??= fetch( `${ config.rest_url }geo` )
			.then( ( response ) => response.json() )
			.catch( () => null );
		if ( ! geo.countries.includes( ( await asked.geo )?.country! ) ) {
			return 'geo';
		}
	}
}
