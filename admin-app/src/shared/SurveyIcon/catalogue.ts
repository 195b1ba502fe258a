/**
 * The icon-choice icons in the admin: the catalogue that scripts/icons.mjs extracts
 * from Font Awesome Free (build/icons/icons.json), fetched once, when a screen first
 * draws or picks an icon, from the plugin's own folder. The server draws visitors'
 * icons from the same build (includes/Frontend/Icons.php); names stored before the
 * catalogue (smile, times, home...) are Font Awesome's older names: its aliases.
 */
import { useEffect, useState } from 'react';

import { getConfig } from '../config';
import type { SurveyIconData } from '../../../../widget/src/types';

export interface CatalogueIcon {
	name: string;
	label: string;
	/** Font Awesome's search terms. */
	terms: string[];
	viewBox: string;
	path: string;
}

export interface IconCatalogue {
	/** The Font Awesome release. */
	version: string;
	icons: CatalogueIcon[];
	/** Older name => name. */
	aliases: Record< string, string >;
}

/** Drawn for a name the catalogue does not know (Icons::FALLBACK in PHP). */
export const FALLBACK_ICON = 'circle-question';

let installed: IconCatalogue | null = null;
let byName: Map< string, CatalogueIcon > | null = null;
let pending: Promise< IconCatalogue > | null = null;

/**
 * Makes this the catalogue (tests; a page that loaded it some other way).
 *
 * @param catalogue The catalogue, or null to forget it.
 */
export function installIconCatalogue( catalogue: IconCatalogue | null ): void {
	installed = catalogue;
	byName = catalogue
		? new Map( catalogue.icons.map( ( icon ) => [ icon.name, icon ] ) )
		: null;
	pending = null;
}

/** The catalogue if it has been loaded, else null. */
export function loadedIconCatalogue(): IconCatalogue | null {
	return installed;
}

/** Where the build put the catalogue, versioned like the admin's scripts. */
export function iconCatalogueUrl(): string {
	const config = getConfig();
	return `${ config.urls.plugin }build/icons/icons.json?ver=${ encodeURIComponent(
		config.version
	) }`;
}

/**
 * The catalogue, fetched once per page (a failed fetch is tried again next time).
 */
export function loadIconCatalogue(): Promise< IconCatalogue > {
	if ( installed ) {
		return Promise.resolve( installed );
	}
	// A page without the boot config (getConfig() throws) rejects like a failed fetch.
	pending ??= Promise.resolve()
		.then( () =>
			fetch( iconCatalogueUrl(), { credentials: 'same-origin' } )
		)
		.then( ( response ) => {
			if ( ! response.ok ) {
				throw new Error(
					`The icon list could not be loaded (HTTP ${ response.status }).`
				);
			}
			return response.json() as Promise< IconCatalogue >;
		} )
		.then( ( catalogue ) => {
			installIconCatalogue( catalogue );
			return catalogue;
		} )
		.catch( ( error ) => {
			pending = null;
			throw error;
		} );
	return pending;
}

/**
 * The catalogue's icon of a stored name (or one of its older names), if any.
 *
 * @param catalogue The catalogue.
 * @param name      A stored icon name.
 */
export function findIcon(
	catalogue: IconCatalogue,
	name: string | null | undefined
): CatalogueIcon | undefined {
	if ( ! name ) {
		return undefined;
	}
	const map =
		catalogue === installed && byName
			? byName
			: new Map( catalogue.icons.map( ( icon ) => [ icon.name, icon ] ) );
	return map.get( catalogue.aliases[ name ] ?? name ) ?? map.get( name );
}

/**
 * Icons whose name, label or a search term contains the text (case-insensitive);
 * all when it is empty. Names first, then labels, then terms.
 *
 * @param catalogue The catalogue.
 * @param text      What the user typed.
 */
export function searchIcons(
	catalogue: IconCatalogue,
	text: string
): CatalogueIcon[] {
	const needle = text.trim().toLowerCase();
	if ( ! needle ) {
		return catalogue.icons;
	}
	const rank = ( icon: CatalogueIcon ): number => {
		if ( icon.name.includes( needle ) ) {
			return 0;
		}
		if ( icon.label.toLowerCase().includes( needle ) ) {
			return 1;
		}
		return icon.terms.some( ( term ) =>
			term.toLowerCase().includes( needle )
		)
			? 2
			: 3;
	};
	return catalogue.icons
		.map( ( icon ) => [ rank( icon ), icon ] as const )
		.filter( ( [ at ] ) => at < 3 )
		.sort( ( a, b ) => a[ 0 ] - b[ 0 ] )
		.map( ( [ , icon ] ) => icon );
}

/**
 * The drawing of a stored name: its icon, or the fallback marked unknown.
 *
 * @param catalogue The catalogue.
 * @param name      A stored icon name.
 */
export function iconData(
	catalogue: IconCatalogue,
	name: string
): SurveyIconData | undefined {
	const icon = findIcon( catalogue, name );
	if ( icon ) {
		return { viewBox: icon.viewBox, path: icon.path };
	}
	const fallback = findIcon( catalogue, FALLBACK_ICON );
	return fallback
		? { viewBox: fallback.viewBox, path: fallback.path, unknown: true }
		: undefined;
}

/**
 * What the server puts in a survey's widget config (VisitorSurvey.icons): the drawing
 * of each icon its icon-choice options use, for the admin's live previews.
 *
 * @param catalogue The catalogue.
 * @param questions The survey's questions.
 */
export function surveyIcons(
	catalogue: IconCatalogue,
	questions: Array< {
		type: string;
		config: { options?: unknown[] };
	} >
): Record< string, SurveyIconData > {
	const icons: Record< string, SurveyIconData > = {};
	for ( const question of questions ) {
		if ( question.type !== 'icon-choice' ) {
			continue;
		}
		for ( const option of question.config.options ?? [] ) {
			const name = ( option as { icon?: { name?: string } | null } )?.icon
				?.name;
			const data = name && ! icons[ name ] && iconData( catalogue, name );
			if ( name && data ) {
				icons[ name ] = data;
			}
		}
	}
	return icons;
}

/**
 * The catalogue, loading it when a component first needs it: null until it is there;
 * an Error when it could not be loaded.
 *
 * @param needed Load it now (false: a screen with no icon to draw yet).
 */
export function useIconCatalogue(
	needed = true
): IconCatalogue | Error | null {
	const [ state, setState ] = useState< IconCatalogue | Error | null >(
		installed
	);
	useEffect( () => {
		if ( ! needed ) {
			return;
		}
		if ( installed ) {
			setState( installed );
			return;
		}
		let live = true;
		loadIconCatalogue().then(
			( catalogue ) => live && setState( catalogue ),
			( error: Error ) => live && setState( error )
		);
		return () => {
			live = false;
		};
	}, [ needed ] );
	return state;
}
