/**
 * Test data: a complete page config as PHP sends it, with overrides.
 */
import type { AppConfig, Feature, FeatureKey } from '../types';
import { recordedRegistry } from './questionTypes';

export function feature( overrides: Partial< Feature > = {} ): Feature {
	return {
		allowed: false,
		label: 'Scheduling',
		plan: 'pro',
		addon: null,
		reason: 'upgrade',
		...overrides,
	};
}

export type ConfigOverrides = Partial< Omit< AppConfig, 'entitlements' > > & {
	entitlements?: Partial< AppConfig[ 'entitlements' ] >;
	features?: Partial< Record< FeatureKey, Feature > >;
};

export function makeConfig( overrides: ConfigOverrides = {} ): AppConfig {
	const { entitlements, features, ...rest } = overrides;
	return {
		page: 'settings',
		version: '0.1.0',
		rest: {
			root: 'http://site.test/wp-json/',
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
		ajax: {
			url: 'http://site.test/wp-admin/admin-ajax.php',
			nonce: 'ajax-nonce',
			install_nonce: 'install-nonce',
		},
		urls: {
			admin: 'http://site.test/wp-admin/',
			plugin: 'http://site.test/wp-content/plugins/userfeedback/',
			upgrade: 'https://userfeedback.com/lite/',
			settings: 'admin.php?page=userfeedback_settings',
			pages: {
				surveys: 'admin.php?page=userfeedback_surveys',
				settings: 'admin.php?page=userfeedback_settings',
				addons: 'admin.php?page=userfeedback_addons',
			},
		},
		exports_url:
			'http://site.test/wp-admin/admin.php?page=userfeedback_exports',
		exports_nonce: 'export-nonce',
		...recordedRegistry(),
		site: {
			timezone: 'America/New_York',
			gmt_offset: -5,
			date_format: 'F j, Y',
			time_format: 'g:i a',
			locale: 'en_US',
			admin_email: 'admin@site.test',
		},
		user: {
			id: 1,
			display_name: 'admin',
			capabilities: {
				create_edit_surveys: true,
				view_results: true,
				delete_surveys: true,
				manage_settings: true,
			},
		},
		...rest,
		entitlements: {
			edition: 'lite',
			is_pro: false,
			is_licensed: false,
			license_type: null,
			addons: {},
			features: { scheduling: feature(), ...features },
			...entitlements,
		},
	};
}

/**
 * A config's REST settings pointed at a test server.
 *
 * @param server     The server.
 * @param server.url Its base URL.
 */
export function restOn( server: { url: string } ): AppConfig[ 'rest' ] {
	return {
		root: `${ server.url }/wp-json/`,
		namespace: 'userfeedback/v1',
		nonce: 'rest-nonce',
	};
}
