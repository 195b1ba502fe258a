import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
	excerptAround,
	Highlighted,
	highlightParts,
	highlightWords,
	matchRanges,
} from './highlight';
import { DEFAULT_RESPONSES_VIEW } from './view';
import searchWords from '../../../../tests/fixtures/contract/search-words.json';

const marked = ( text: string, words: string[] ) =>
	highlightParts( text, words )
		.map( ( part ) => ( part.match ? `[${ part.text }]` : part.text ) )
		.join( '' );

describe( 'highlighting', () => {
	it( 'marks the start of every word a plain word begins, whatever the case', () => {
		expect(
			marked( 'Slow checkout. SLOW pages, slowly.', [ 'slow' ] )
		).toBe( '[Slow] checkout. [SLOW] pages, [slow]ly.' );
		expect( marked( 'Unchecked checkout', [ 'check' ] ) ).toBe(
			'Unchecked [check]out'
		);
	} );

	it( 'takes regular expression characters as text', () => {
		expect(
			marked( 'Costs $5 (or 5.00?) a+b', [ '$5', '(or', '5.00?', 'a+b' ] )
		).toBe( 'Costs [$5] [(or] [5.00?]) [a+b]' );
		expect( marked( 'a.c abc', [ 'a.c' ] ) ).toBe( '[a.c] abc' );
		expect( marked( 'x\\y', [ '\\' ] ) ).toBe( 'x[\\]y' );
	} );

	it( 'merges overlapping and touching marks into one', () => {
		expect( marked( 'abcd', [ 'ab', 'abc' ] ) ).toBe( '[abc]d' );
		expect( marked( 'aaa', [ 'aa' ] ) ).toBe( '[aa]a' );
		expect( marked( 'check-out', [ 'check', '-out' ] ) ).toBe(
			'[check-out]'
		);
		expect( matchRanges( 'abcd xbc', [ 'ab', 'xb', 'd' ] ) ).toEqual( [
			[ 0, 2 ],
			[ 5, 7 ],
		] );
	} );

	it( 'sets accents aside, as the search does, and never cuts a letter from its accent', () => {
		expect( marked( 'Café, cafe', [ 'cafe' ] ) ).toBe( '[Café], [cafe]' );
		expect( marked( 'CAFÉ café', [ 'café' ] ) ).toBe( '[CAFÉ] [café]' );
		// "é" written as "e" and a combining acute accent.
		expect( marked( 'Cafe\u0301 au lait', [ 'cafe' ] ) ).toBe(
			'[Cafe\u0301] au lait'
		);
		expect( marked( 'Crème brûlée', [ 'BRÛL' ] ) ).toBe( 'Crème [brûl]ée' );
	} );

	it( 'marks what the server found, case by case (search-words.json)', () => {
		for ( const c of searchWords.cases ) {
			expect(
				marked( c.text, c.search.split( /\s+/u ).filter( Boolean ) ),
				c.name
			).toBe( c.marked );
		}
	} );

	it( 'gives the text back whole without words or matches', () => {
		expect( highlightParts( 'Plain', [] ) ).toEqual( [
			{ text: 'Plain', match: false },
		] );
		expect( highlightParts( '', [ 'x' ] ) ).toEqual( [
			{ text: '', match: false },
		] );
		expect( marked( 'Plain', [ '', 'zzz' ] ) ).toBe( 'Plain' );
	} );

	it( 'takes the words of the search and of the text conditions only', () => {
		expect(
			highlightWords( {
				...DEFAULT_RESPONSES_VIEW,
				search: 'slow  checkout',
				conditions: [
					{ field: 'text:4', operator: 'contains', value: 'price' },
					{
						field: 'page_url',
						operator: 'contains',
						value: 'pricing',
					},
					{ field: 'field:plan', operator: 'is', value: 'gold' },
					{ field: 'text:3', operator: 'contains', value: 'slow' },
				],
			} )
		).toEqual( [ 'price', 'slow', 'checkout' ] );
	} );

	it( 'keeps a late match in sight', () => {
		const text = `${ 'word '.repeat( 20 ) }the checkout was slow`;
		const excerpt = excerptAround( text, [ 'checkout' ] );
		expect( excerpt.startsWith( '…' ) ).toBe( true );
		expect( excerpt ).toContain( 'checkout was slow' );
		expect( excerptAround( 'checkout first', [ 'checkout' ] ) ).toBe(
			'checkout first'
		);
	} );

	it( 'renders marks as elements, never as HTML from the text', () => {
		const { container } = render(
			<p>
				<Highlighted text="<b>Slow</b> & slow" words={ [ 'slow' ] } />
			</p>
		);
		expect(
			Array.from( container.querySelectorAll( 'mark' ) ).map(
				( mark ) => mark.textContent
			)
		).toEqual( [ 'Slow', 'slow' ] );
		expect( container.querySelector( 'b' ) ).toBeNull();
		expect( container.textContent ).toBe( '<b>Slow</b> & slow' );
	} );
} );
