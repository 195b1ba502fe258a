/**
 * Shapes of the site-administration calls (issue 6): the licence, addons and
 * integrations admin-ajax actions. Mirrors includes/Licensing/LicenseAjax.php,
 * includes/Addons/AddonsAjax.php and includes/Admin/PluginInstaller.php.
 *
 * Every action is a POST to admin-ajax.php through shared/api.ts ajax(); it
 * answers wp_send_json_success( data ) or wp_send_json_error( data, status ), and
 * an error's data always has `message` (and for the licence actions `error`, the
 * same text, as the spec's catalogue reads it).
 */
import type { AddonSlug, LicenseType } from './entitlements';

/* ---- licence ----------------------------------------------------------------- */

/**
 * One stored licence (the site's or the network's). `key` is masked (stars and its last
 * four characters): keys never leave the server; sent back as it is, it means the stored key.
 */
export interface LicenseState {
	key: string;
	type: LicenseType | null;
	is_expired: boolean;
	is_disabled: boolean;
	is_invalid: boolean;
	/** ISO 8601 expiry from the store, 'lifetime', or '' when unknown. */
	expires: string;
}

/**
 * userfeedback_vue_get_license (ajax nonce) → success data.
 * `network` is null on a single site; on multisite it is the network licence,
 * which a site without a key of its own uses.
 */
export interface LicenseInfo {
	site: LicenseState;
	network: LicenseState | null;
	/** The current user may change the network licence (manage_network_options). */
	can_manage_network: boolean;
	/** The store URL is set (constant USERFEEDBACK_STORE_URL or filter userfeedback_store_url). */
	store_configured: boolean;
	/** Where an expired key is renewed (the expired notice links here). */
	renew_url: string;
}

/**
 * userfeedback_verify_license { license, network?: '1' } → success data;
 * userfeedback_validate_license { network?: '1' } (refresh the stored key) → same;
 * userfeedback_deactivate_license { license, network?: '1' } → same with an empty key.
 * Errors: { message, error } with status 400 (store verdict), 403 (nonce or
 * capability) or 502 (store unreachable or not configured).
 */
export interface LicenseActionResult {
	message: string;
	license: LicenseState;
}

/**
 * userfeedback_connect_url { key } (Lite only): activates the key with the store and
 * installs the Pro build over the Lite one. Success: { url, reload?, message? }:
 * the client navigates to url. Error data: { message, reload? }; the client shows
 * 'There was an error unlocking UserFeedback PRO please try again or install manually.'
 * in an alert and reloads when reload is true.
 */
export interface ConnectResult {
	url: string;
	reload?: boolean;
	message?: string;
}

/* ---- settings blurb ---------------------------------------------------------- */

/**
 * userfeedback_validate_settings_blurb → { show: boolean } (Lite and not dismissed);
 * userfeedback_dismiss_settings_blurb → { show: false }.
 */
export interface SettingsBlurbState {
	show: boolean;
}

/* ---- addons ------------------------------------------------------------------ */

/**
 * 'licensed': the licence may download the addon (Pro or Elite licence); any other
 * value: it may not (Lite, no valid licence, or a Plus licence).
 */
export type AddonType = 'licensed' | 'unlicensed';

export interface Addon {
	slug: AddonSlug;
	title: string;
	excerpt: string;
	/** URL of the addon's icon (an SVG in the plugin's assets). */
	icon: string;
	installed: boolean;
	active: boolean;
	type: AddonType;
	/** An outside page to send the admin to instead of installing (optional). */
	redirect: string;
	/** Plugin basename, e.g. userfeedback-behavior/userfeedback-behavior.php. */
	basename: string;
	/**
	 * What userfeedback_install_addon takes to install it ('addon:{slug}', standing for the
	 * store's package URL, which carries the licence key and stays on the server); '' when
	 * the store has no package for this licence.
	 */
	url: string;
	setup_complete: boolean;
}

/**
 * userfeedback_get_addons (ajax nonce) → success data. `store_error` is set when
 * the store could not be asked for package URLs (the grid still shows).
 */
export interface AddonsList {
	addons: Addon[];
	can_install: boolean;
	can_activate: boolean;
	store_error: string;
}

/**
 * userfeedback_install_addon { plugin: url } (install nonce) → { message, addon };
 * userfeedback_activate_addon { plugin: basename } (install nonce) → { message, addon };
 * userfeedback_deactivate_addon { plugin: basename } (install nonce) → { message, addon }.
 * Errors: { message, detail? } ('There was an error installing the addon' and the like).
 */
export interface AddonActionResult {
	message: string;
	addon: Addon;
}

/* ---- integrations (automation plugin) ------------------------------------------ */

/**
 * userfeedback_get_integration (ajax nonce) → success data: the automation plugin's
 * state for the three-step Integrations page.
 * active_step: 1 when not installed and active; 2 when active but setup is not
 * complete; 3 when setup is complete.
 */
export interface AutomationIntegration {
	slug: string;
	name: string;
	basename: string;
	installed: boolean;
	active: boolean;
	setup_complete: boolean;
	active_step: 1 | 2 | 3;
	/** The automation plugin's own setup wizard (step 2). */
	setup_url: string;
	/** New recipe screen (step 3). */
	create_recipe_url: string;
	can_install: boolean;
	can_activate: boolean;
}
