/** The JSON body of a WP_Error answered by the REST API. */
export interface WpError {
	code: string;
	message: string;
	data?: {
		status?: number;
		params?: Record< string, string >;
		/**
		 * A refused write (400): dot path of each wrong field (e.g.
		 * 'settings.behavior.timing_delay') => a sentence naming it and its rule.
		 */
		fields?: Record< string, string >;
		[ key: string ]: unknown;
	} | null;
}

export function isWpError( value: unknown ): value is WpError {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof ( value as WpError ).code === 'string' &&
		typeof ( value as WpError ).message === 'string'
	);
}
