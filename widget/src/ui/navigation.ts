/**
 * Where the widget sends the visitor when a survey ends on a redirect (thank_you_redirect): the one
 * place that leaves the page, so that the unit tests can watch it (a browser's, and jsdom's,
 * window.location cannot be replaced).
 */
export const navigation = {
	assign( url: string ): void {
		window.location.assign( url );
	},
};
