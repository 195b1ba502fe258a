/**
 * The public JavaScript API, window.userfeedback(command, ...args) (README, "JavaScript
 * API"). A site may call it before the loader runs: the stub it pastes (and the one the
 * inline config prints)
 *
 *     window.userfeedback = window.userfeedback || function () {
 *         ( window.userfeedback.q = window.userfeedback.q || [] ).push( arguments );
 *     };
 *
 * queues the calls. The loader (boot.ts) puts a function of its own in the stub's place,
 * which queues calls the same way and imports this module (a chunk of its own,
 * build/widget/api.<hash>.js, so pages that never call the API never download it) on the
 * first call or when calls are queued already; install() then runs the queued calls in
 * order and puts the real function in place. Commands:
 *
 * - ('show', id): shows that survey floating now (see boot.ts for what still hides it);
 * - ('hide'): removes the floating survey shown;
 * - ('attributes', { plan: 'pro' }): merged into the visitor's attributes, which hidden
 *   fields of source "attribute" read (values as strings, at most 200 characters, at most
 *   20 names; null or undefined removes one);
 * - ('on', 'submit' | 'complete' | 'dismiss', callback): called with { survey_id,
 *   response_id?, answers? } when the visitor submits the last question, once the server
 *   stored the response, and when the visitor closes a survey with ×.
 *
 * Bad input is ignored with a console warning that names the problem. The UI chunk
 * imports emit() and attributes() from here too: webpack keeps one instance of a module
 * per page, whichever chunk brought it first, so both see the same callbacks and
 * attributes.
 */
import type { Answer } from './types';

export type ApiEvent = 'submit' | 'complete' | 'dismiss';

export interface ApiDetail {
	survey_id: number;
	response_id?: string;
	answers?: Answer[];
}

export type Api = ( ( command: string, ...args: unknown[] ) => void ) & {
	q?: ArrayLike< unknown >[];
};

declare global {
	interface Window {
		/** The public API (api.ts); before the loader ran, the site's queueing stub. */
		userfeedback?: Api;
	}
}

/** Most attribute names kept, and characters of a value. */
export const ATTRIBUTES_MAX = 20;
export const ATTRIBUTE_VALUE_MAX = 200;

const listeners: Record< ApiEvent, Array< ( detail: ApiDetail ) => void > > = {
	submit: [],
	complete: [],
	dismiss: [],
};
let attrs: Record< string, string > = Object.create( null );

const warn = ( problem: string ) =>
	// eslint-disable-next-line no-console -- telling the site's developer
	console.warn( `userfeedback: ${ problem }` );

/**
 * Calls the site's callbacks for an event (the UI chunk does, see ui/session.ts). A
 * callback that throws is reported on the console and stops neither the others nor the
 * survey.
 *
 * @param event  submit, complete or dismiss.
 * @param detail What happened to which survey.
 */
export function emit( event: ApiEvent, detail: ApiDetail ): void {
	for ( const callback of listeners[ event ] ) {
		try {
			callback( detail );
		} catch ( error ) {
			// eslint-disable-next-line no-console -- the site's own error
			console.error( error );
		}
	}
}

/** The visitor's attributes, as the site set them with ('attributes', {...}). */
export const attributes = (): Readonly< Record< string, string > > => attrs;

/**
 * Puts the real API in place of the loader's queueing function and runs the calls
 * queued so far, emptying the queue (a second install() finds none).
 *
 * @param queued The calls (arguments objects) queued, oldest first.
 * @param show   Shows a survey by id (boot.ts).
 * @param hide   Removes the floating survey shown (boot.ts).
 */
export function install(
	queued: ArrayLike< unknown >[],
	show: ( id: number ) => void,
	hide: () => void
): void {
	const api: Api = ( command, ...args ) => {
		const [ arg, callback ] = args as [ unknown, unknown ];
		if ( command === 'show' ) {
			if ( Number.isInteger( +arg! ) && +arg! > 0 ) {
				show( +arg! );
			} else {
				warn( `show needs a survey id, not "${ arg }".` );
			}
		} else if ( command === 'hide' ) {
			hide();
		} else if ( command === 'attributes' ) {
			if ( ! arg || typeof arg !== 'object' ) {
				return warn( 'attributes needs an object.' );
			}
			// No prototype: any name (constructor, __proto__) is a name like the others.
			const next: Record< string, string > = Object.assign(
				Object.create( null ),
				attrs
			);
			for ( const [ name, value ] of Object.entries( arg ) ) {
				if ( ! /^[\w.[\]-]{1,64}$/.test( name ) ) {
					warn( `"${ name }" is not an attribute name.` );
				} else if ( value === null || value === undefined ) {
					delete next[ name ];
				} else if (
					! ( name in next ) &&
					Object.keys( next ).length >= ATTRIBUTES_MAX
				) {
					warn(
						`"${ name }" ignored: at most ${ ATTRIBUTES_MAX } attributes.`
					);
				} else {
					next[ name ] = String( value ).slice(
						0,
						ATTRIBUTE_VALUE_MAX
					);
				}
			}
			attrs = next;
		} else if ( command === 'on' ) {
			if (
				[ 'submit', 'complete', 'dismiss' ].includes( arg as string ) &&
				typeof callback === 'function'
			) {
				listeners[ arg as ApiEvent ].push( callback as () => void );
			} else {
				warn( `on needs submit, complete or dismiss and a function.` );
			}
		} else {
			warn( `unknown command "${ command }".` );
		}
	};
	window.userfeedback = api;
	for ( const args of queued.splice( 0 ) ) {
		api( ...( Array.from( args ) as [ string ] ) );
	}
}
