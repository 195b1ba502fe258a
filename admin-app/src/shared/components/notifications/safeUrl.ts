/**
 * A server-given link target, resolved against the admin URL; anything but http(s)
 * (javascript:, data:) gives null, so it is never put in an href or navigated to.
 *
 * @param url  Absolute URL or admin path ("admin.php?page=...").
 * @param base The admin URL.
 */
export function safeUrl( url: string, base: string ): string | null {
	if ( ! url ) {
		return null;
	}
	try {
		const resolved = new URL( url, base );
		return resolved.protocol === 'https:' || resolved.protocol === 'http:'
			? resolved.toString()
			: null;
	} catch {
		return null;
	}
}
