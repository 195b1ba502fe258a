/**
 * The words of the list's search box and of its "text contains" conditions, marked in the
 * text a cell shows, as the server matched them (tests/fixtures/contract/search-words.json,
 * TermSearch): a plain word (letters, digits and combining marks) marks the start of each
 * word of the text it begins, in any case and accents aside ("creme" marks "Crème", "check"
 * marks "check" of "checkout" and nothing of "unchecked"); a word with other characters
 * ("50%", "back\s") marks where it occurs as typed, in any case. The marks are React
 * elements, never HTML built from text.
 */
import { Fragment } from 'react';

import { allConditions, type ResponsesView } from './view';

export interface TextPart {
	text: string;
	match: boolean;
}

function escapeRegExp( text: string ): string {
	return text.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' );
}

/** A word as the server's search table holds it: lower-cased, accents removed. */
function fold( text: string ): string {
	return text.normalize( 'NFD' ).replace( /\p{M}/gu, '' ).toLowerCase();
}

/** Whether a search word is plain: letters, digits and combining marks only. */
function isPlain( word: string ): boolean {
	return /^[\p{L}\p{N}\p{M}]+$/u.test( word );
}

/**
 * The words to mark for a view: the search box's and those of every `text:…` contains
 * condition, split at white space, without repeats.
 *
 * @param view The list's view.
 */
export function highlightWords( view: ResponsesView ): string[] {
	const words = allConditions( view )
		.filter(
			( condition ) =>
				condition.field.startsWith( 'text:' ) &&
				condition.operator === 'contains' &&
				typeof condition.value === 'string'
		)
		.flatMap( ( condition ) =>
			( condition.value as string ).split( /\s+/u )
		)
		.filter( Boolean );
	return Array.from( new Set( words ) );
}

/**
 * How much of a word of the text a folded start covers (in UTF-16 units of the word, a
 * letter never cut from its accents); 0 when the word does not begin with it.
 *
 * @param textWord A word of the text, as written.
 * @param start    A search word, folded.
 */
function startEnd( textWord: string, start: string ): number {
	if ( ! fold( textWord ).startsWith( start ) ) {
		return 0;
	}
	let end = 0;
	while (
		end < textWord.length &&
		fold( textWord.slice( 0, end ) ).length < start.length
	) {
		end += textWord.codePointAt( end )! > 0xffff ? 2 : 1;
	}
	while ( end < textWord.length && /\p{M}/u.test( textWord[ end ] ) ) {
		end++;
	}
	return end;
}

/**
 * Where the words occur in a text: [start, end) ranges in UTF-16 units, sorted, with
 * overlapping and touching ranges merged (so "ab" and "bc" mark all of "abc").
 *
 * @param text  The text.
 * @param words The words.
 */
export function matchRanges(
	text: string,
	words: readonly string[]
): [ number, number ][] {
	const ranges: [ number, number ][] = [];
	for ( const word of words ) {
		if ( ! word ) {
			continue;
		}
		if ( isPlain( word ) ) {
			const start = fold( word );
			const textWords = /[\p{L}\p{N}\p{M}]+/gu;
			let found: RegExpExecArray | null;
			while ( ( found = textWords.exec( text ) ) !== null ) {
				const end = startEnd( found[ 0 ], start );
				if ( end > 0 ) {
					ranges.push( [ found.index, found.index + end ] );
				}
			}
			continue;
		}
		// Read the text itself (not a lowercased copy, whose length may differ).
		const pattern = new RegExp( escapeRegExp( word ), 'giu' );
		let found: RegExpExecArray | null;
		while ( ( found = pattern.exec( text ) ) !== null ) {
			ranges.push( [ found.index, found.index + found[ 0 ].length ] );
			// One step on, so that "aa" is found twice in "aaa".
			pattern.lastIndex = found.index + 1;
		}
	}
	ranges.sort( ( a, b ) => a[ 0 ] - b[ 0 ] || a[ 1 ] - b[ 1 ] );
	const merged: [ number, number ][] = [];
	for ( const range of ranges ) {
		const last = merged[ merged.length - 1 ];
		if ( last && range[ 0 ] <= last[ 1 ] ) {
			last[ 1 ] = Math.max( last[ 1 ], range[ 1 ] );
		} else {
			merged.push( [ range[ 0 ], range[ 1 ] ] );
		}
	}
	return merged;
}

/**
 * A text cut into the parts to mark and the parts between them.
 *
 * @param text  The text.
 * @param words The words.
 */
export function highlightParts(
	text: string,
	words: readonly string[]
): TextPart[] {
	const parts: TextPart[] = [];
	let at = 0;
	for ( const [ start, end ] of matchRanges( text, words ) ) {
		if ( start > at ) {
			parts.push( { text: text.slice( at, start ), match: false } );
		}
		parts.push( { text: text.slice( start, end ), match: true } );
		at = end;
	}
	if ( at < text.length || parts.length === 0 ) {
		parts.push( { text: text.slice( at ), match: false } );
	}
	return parts;
}

/**
 * A short excerpt of a text that keeps its first match in sight: the text from a little
 * before the match, with an ellipsis where it was cut. Texts without a match, or whose
 * match is near the start, come back as they are.
 *
 * @param text   The text (white space already collapsed).
 * @param words  The words.
 * @param lead   Characters kept before the match.
 * @param within How far into the text a match may start and still show uncut.
 */
export function excerptAround(
	text: string,
	words: readonly string[],
	lead = 20,
	within = 50
): string {
	const first = matchRanges( text, words )[ 0 ];
	if ( ! first || first[ 0 ] <= within ) {
		return text;
	}
	let start = first[ 0 ] - lead;
	const space = text.lastIndexOf( ' ', first[ 0 ] - 1 );
	if ( space > start && space < first[ 0 ] ) {
		start = space + 1;
	}
	return `…${ text.slice( start ) }`;
}

/**
 * The text with the words marked.
 *
 * @param props       Component props.
 * @param props.text  The text.
 * @param props.words The words to mark.
 */
export function Highlighted( {
	text,
	words,
}: {
	text: string;
	words: readonly string[];
} ) {
	if ( ! words.length ) {
		return <>{ text }</>;
	}
	return (
		<>
			{ highlightParts( text, words ).map( ( part, index ) =>
				part.match ? (
					<mark key={ index } className="userfeedback-highlight">
						{ part.text }
					</mark>
				) : (
					<Fragment key={ index }>{ part.text }</Fragment>
				)
			) }
		</>
	);
}
