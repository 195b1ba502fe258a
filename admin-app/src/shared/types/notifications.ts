/**
 * Shapes of issue 7: the notifications drawer (REST), admin notice banners
 * (admin-ajax), the cross-sale plugin cards of About and Growth Tools (admin-ajax)
 * and the welcome wizard. Mirrors includes/Notifications/*, includes/Admin/*.
 */

/* ---- notifications (REST, X-WP-Nonce; any UserFeedback capability; per user) ---- */

export interface NotificationButton {
	/** 'primary' or 'secondary' look. */
	type: 'primary' | 'secondary';
	text: string;
	/** Absolute URL, or an admin URL; '' for an action button. */
	url: string;
	is_external: boolean;
	/** When set, clicking POSTs notifications/action with { class, action }. */
	action?: { class: string; action: string };
}

export interface Notification {
	/** Plugin notifications: 'uf-<slug>' (e.g. uf-first-response-12); feed ones: 'feed-<id>'. */
	id: string;
	title: string;
	/** 'insight' | 'alert' | 'news' | 'update' … (free text from the feed). */
	category: string;
	/** A dashicon name (e.g. 'megaphone') or an https image URL. */
	icon: string;
	/** Plain text (HTML stripped on the server). */
	content: string;
	/** ISO 8601 UTC; the newest first. */
	active_from: string;
	buttons: NotificationButton[];
}

/**
 * GET userfeedback/v1/notifications → this. view_url is the admin URL that opens the
 * drawer (…&open=userfeedback_notifications); sidebar_url the same for the WP menu.
 */
export interface NotificationsList {
	notifications: Notification[];
	dismissed: Notification[];
	view_url: string;
	sidebar_url: string;
}

/**
 * POST notifications/{id}/dismiss → NotificationsList (after the change);
 * POST notifications/dismiss-all → NotificationsList;
 * POST notifications/action { class, action } → NotificationActionResult.
 */
export interface NotificationActionResult {
	message?: string;
	reload?: boolean;
	redirect_to?: string;
}

/* ---- admin notice banners (admin-ajax, ajax nonce) ---------------------------------- */

/**
 * Notices the server hands the page in the boot config (AppConfig.notices).
 * Closing one calls userfeedback_ajax_vue_remove_notice { notice_id } (global
 * false) or userfeedback_ajax_vue_remove_wp_notice { notice_id } (global true).
 */
export interface ServerNotice {
	id: string;
	icon: string;
	type: 'info' | 'success' | 'warning';
	/** Plain text. */
	content: string;
	isClosable: boolean;
	dismissed: boolean;
	global: boolean;
}

/* ---- cross-sale plugins (About, Growth Tools) ------------------------------------- */

/**
 * userfeedback_get_plugins (already exists) answers every allow-listed plugin of
 * includes/Admin/PluginInstaller.php: { plugins: InstallablePlugin[], can_install,
 * can_activate }. Issue 7 adds the cross-sale plugins (group 'partner') and
 * userfeedback_deactivate_plugin { basename } (install nonce) → { message, plugin }.
 */
export interface InstallablePlugin {
	slug: string;
	name: string;
	basename: string;
	group: string;
	installed: boolean;
	active: boolean;
}
