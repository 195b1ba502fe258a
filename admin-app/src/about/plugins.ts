/**
 * The plugins About Us promotes, in the order shown. Slugs are those of the plugin
 * installer's allow-list (includes/Admin/PluginInstaller.php).
 */
import { __ } from '@wordpress/i18n';

import type { PromotedPlugin } from '../shared/components/PluginCard';

export function aboutPlugins(): PromotedPlugin[] {
	return [
		{
			slug: 'google-analytics-for-wordpress',
			description: __(
				'See how visitors find and use your site, right in your dashboard, and tie survey answers to real traffic.',
				'userfeedback'
			),
		},
		{
			slug: 'wpforms-lite',
			description: __(
				'A drag and drop form builder for contact forms, payment forms, registrations and more.',
				'userfeedback'
			),
		},
		{
			slug: 'optinmonster',
			description: __(
				'Popups, floating bars and slide-ins that turn visitors into subscribers and customers.',
				'userfeedback'
			),
		},
		{
			slug: 'all-in-one-seo-pack',
			description: __(
				'Search engine optimisation made simple: sitemaps, rich snippets and on-page analysis.',
				'userfeedback'
			),
		},
		{
			slug: 'coming-soon',
			description: __(
				'Build landing pages, coming soon and maintenance pages with a visual builder.',
				'userfeedback'
			),
		},
		{
			slug: 'wp-mail-smtp',
			description: __(
				'Make sure the emails your site sends, survey notifications included, reach the inbox.',
				'userfeedback'
			),
		},
		{
			slug: 'instagram-feed',
			description: __(
				'Show your Instagram posts on your site in feeds that match your theme.',
				'userfeedback'
			),
		},
		{
			slug: 'pushengage',
			description: __(
				'Bring visitors back with browser push notifications.',
				'userfeedback'
			),
		},
		{
			slug: 'trustpulse-api',
			description: __(
				'Show live notifications of recent sales and sign-ups to build trust.',
				'userfeedback'
			),
		},
		{
			slug: 'duplicator',
			description: __(
				'Back up, move and clone your WordPress site.',
				'userfeedback'
			),
		},
	];
}
