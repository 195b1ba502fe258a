/**
 * What Growth Tools offers: the featured item per edition and licence, and the
 * sections' plugins (slugs of the plugin installer's allow-list) and guides.
 */
import { __ } from '@wordpress/i18n';

import type { PromotedPlugin } from '../shared/components/PluginCard';
import type { Entitlements } from '../shared/types';

export type SectionKey =
	'featured' | 'traffic' | 'engagement' | 'revenue' | 'guides';

export const SECTION_KEYS: SectionKey[] = [
	'featured',
	'traffic',
	'engagement',
	'revenue',
	'guides',
];

export function sectionTitle( key: SectionKey ): string {
	switch ( key ) {
		case 'featured':
			return __( 'Featured', 'userfeedback' );
		case 'traffic':
			return __( 'Traffic', 'userfeedback' );
		case 'engagement':
			return __( 'Engagement', 'userfeedback' );
		case 'revenue':
			return __( 'Revenue', 'userfeedback' );
		case 'guides':
			return __( 'Guides & Resources', 'userfeedback' );
	}
}

/** Which featured item a site gets (spec 3, "Growth Tools"). */
export type FeaturedKind = 'userfeedback-pro' | 'elite' | 'monsterinsights-pro';

/**
 * Lite: the UserFeedback Pro upgrade; a plus or pro licence: the Elite upgrade; any
 * other Pro site (elite, or no licence yet): another product.
 *
 * @param entitlements The site's edition and licence.
 */
export function featuredFor(
	entitlements: Pick< Entitlements, 'is_pro' | 'license_type' >
): FeaturedKind {
	if ( ! entitlements.is_pro ) {
		return 'userfeedback-pro';
	}
	if (
		entitlements.license_type === 'plus' ||
		entitlements.license_type === 'pro'
	) {
		return 'elite';
	}
	return 'monsterinsights-pro';
}

export const MONSTERINSIGHTS_PRO_URL =
	'https://www.monsterinsights.com/pricing/?utm_source=userfeedback&utm_medium=growth-tools&utm_campaign=featured';

export function sectionPlugins(): Record<
	'traffic' | 'engagement' | 'revenue',
	PromotedPlugin[]
> {
	return {
		traffic: [
			{
				slug: 'all-in-one-seo-pack',
				description: __(
					'Rank higher in search results with sitemaps, schema and on-page SEO checks.',
					'userfeedback'
				),
			},
			{
				slug: 'google-analytics-for-wordpress',
				description: __(
					'Learn where your visitors come from and which pages keep them.',
					'userfeedback'
				),
			},
			{
				slug: 'pushengage',
				description: __(
					'Bring visitors back to new content with browser push notifications.',
					'userfeedback'
				),
			},
			{
				slug: 'coming-soon',
				description: __(
					'Launch landing pages that convert, without code.',
					'userfeedback'
				),
			},
		],
		engagement: [
			{
				slug: 'wpforms-lite',
				description: __(
					'Contact, quote and registration forms your visitors actually finish.',
					'userfeedback'
				),
			},
			{
				slug: 'optinmonster',
				description: __(
					'Grow your email list with popups and floating bars shown at the right moment.',
					'userfeedback'
				),
			},
			{
				slug: 'instagram-feed',
				description: __(
					'Keep your site fresh with your latest Instagram posts.',
					'userfeedback'
				),
			},
			{
				slug: 'wp-mail-smtp',
				description: __(
					'Make sure your site’s emails are delivered and not lost in spam.',
					'userfeedback'
				),
			},
		],
		revenue: [
			{
				slug: 'stripe',
				description: __(
					'Take payments and donations with Stripe, no shopping cart needed.',
					'userfeedback'
				),
			},
			{
				slug: 'easy-digital-downloads',
				description: __(
					'Sell e-books, software and other digital products.',
					'userfeedback'
				),
			},
			{
				slug: 'trustpulse-api',
				description: __(
					'Social proof notifications that turn browsers into buyers.',
					'userfeedback'
				),
			},
		],
	};
}

export interface Guide {
	title: string;
	description: string;
	url: string;
}

export function guides(): Guide[] {
	return [
		{
			title: __( 'UserFeedback documentation', 'userfeedback' ),
			description: __(
				'Step by step guides to every feature of UserFeedback.',
				'userfeedback'
			),
			url: 'https://www.userfeedback.com/docs/',
		},
		{
			title: __( 'The UserFeedback blog', 'userfeedback' ),
			description: __(
				'Ideas for surveys and how to act on what visitors tell you.',
				'userfeedback'
			),
			url: 'https://www.userfeedback.com/blog/',
		},
		{
			title: __( 'WPBeginner', 'userfeedback' ),
			description: __(
				'Free WordPress tutorials for growing your site.',
				'userfeedback'
			),
			url: 'https://www.wpbeginner.com/',
		},
	];
}
