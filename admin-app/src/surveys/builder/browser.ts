/**
 * The few browser calls the builder makes, in one object so tests can replace them
 * (jsdom implements neither a reload nor scrolling).
 */
export const browser = {
	reload(): void {
		window.location.reload();
	},
	scrollToTop(): void {
		window.scrollTo( { top: 0, behavior: 'smooth' } );
	},
	setHash( hash: string ): void {
		window.location.hash = hash;
	},
};
